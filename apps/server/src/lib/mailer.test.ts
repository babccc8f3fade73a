/**
 * Mail through an SMTP outage (issue 25): a real SMTP receiver on a port, refusing (down) and then up;
 * two senders on one database, as two server processes are. Every mail arrives exactly once, its body
 * does not stay in the database once sent, and a mail SMTP never took is marked failed and reported,
 * never dropped silently.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MailSender, SENT_BODY, backoffMs, enqueueMail, type MailPolicy } from './mailer.js';
import { createTestDb, type TestDb } from '../test/db.js';
import { smtpReceiver, type SmtpReceiver } from '../test/smtp-receiver.js';
import { freePort } from '../test/server-process.js';
import { createTestApp } from '../test/harness.js';

const POLICY: MailPolicy = { baseMs: 40, maxMs: 200, leaseMs: 60_000, giveUpMs: 3_600_000 };

let t: TestDb;
let smtp: SmtpReceiver;
beforeAll(async () => {
  t = await createTestDb();
  smtp = smtpReceiver(await freePort());
});
afterEach(async () => {
  await smtp.down();
  smtp.received.length = 0;
  await t.db.execute(sql`DELETE FROM outbox`);
});
afterAll(async () => t?.pool.end());

type Logged = { level: 'warn' | 'error'; o: object; m: string };
function sender(logged: Logged[] = [], policy = POLICY) {
  return new MailSender(
    t.db,
    smtp.url,
    'Wayguard <no-reply@wayguard.test>',
    {
      warn: (o, m) => logged.push({ level: 'warn', o, m }),
      error: (o, m) => logged.push({ level: 'error', o, m }),
    },
    policy,
  );
}

async function queue(n: number, tag: string) {
  for (let i = 0; i < n; i++)
    await enqueueMail(t.db, {
      to: `user${i}@example.com`,
      subject: `${tag} ${i}`,
      text: `Activate: https://console.example/activation?token=${tag}-secret-${i}`,
      html: `<a href="https://console.example/activation?token=${tag}-secret-${i}">Activate</a>`,
    });
}

const rows = async () =>
  (
    await t.db.execute<{
      subject: string;
      text: string;
      html: string | null;
      attempts: number;
      sent: boolean;
      failed: boolean;
      later: boolean;
      last_error: string | null;
    }>(sql`SELECT subject, text, html, attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed,
      next_attempt_at > now() AS later, last_error FROM outbox ORDER BY id`)
  ).rows;

const subjects = () => smtp.received.map((r) => /^Subject: (.*)$/m.exec(r.data)?.[1] ?? '?').sort();

/** Both senders flush side by side until `done` or 15 s. */
async function flushUntil(senders: MailSender[], done: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('mail not delivered in time');
    await Promise.all(senders.map((s) => s.flush()));
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('mail while SMTP is down, then back', () => {
  it('is kept with a growing back-off while refused, then delivered exactly once by two senders', async () => {
    await queue(12, 'outage');
    const logged: Logged[] = [];
    const [a, b] = [sender(logged), sender(logged)];

    // Down: SMTP refuses. Nothing is lost, nothing is sent; tried mails wait for their back-off.
    for (let i = 0; i < 8; i++) {
      await Promise.all([a.flush(), b.flush()]);
      await new Promise((r) => setTimeout(r, 30));
    }
    const waiting = await rows();
    expect(waiting.filter((r) => r.sent || r.failed)).toEqual([]);
    expect(waiting.filter((r) => r.attempts > 0).length).toBeGreaterThan(0);
    expect(waiting.filter((r) => r.attempts > 0).every((r) => /ECONNREFUSED/.test(r.last_error ?? ''))).toBe(true);
    expect(a.health).toEqual({ status: 'failing', failed: 0 });
    expect(logged.some((l) => l.level === 'warn' && l.m === 'mail send failed')).toBe(true);

    // Up: every mail arrives once, though two senders send side by side.
    await smtp.up();
    await flushUntil([a, b], async () => (await rows()).every((r) => r.sent));
    await Promise.all([a.flush(), b.flush()]);
    expect(subjects()).toEqual(Array.from({ length: 12 }, (_, i) => `outage ${i}`).sort());
    expect(a.health?.status === 'ok' || b.health?.status === 'ok').toBe(true);

    // Sent mail keeps no body: no activation link stays readable in the database.
    const sent = await rows();
    expect(sent.map((r) => [r.text, r.html])).toEqual(sent.map(() => [SENT_BODY, null]));
    expect(smtp.received.every((r) => /secret-\d+/.test(r.data))).toBe(true);
  });

  it('sends each of many mails once with two senders racing from the start', async () => {
    await smtp.up();
    await queue(40, 'race');
    const [a, b] = [sender(), sender()];
    await flushUntil([a, b], async () => (await rows()).every((r) => r.sent));
    expect(subjects()).toEqual(Array.from({ length: 40 }, (_, i) => `race ${i}`).sort());
    expect((await rows()).every((r) => r.attempts === 1)).toBe(true);
  });

  it('marks a mail failed after the give-up time, logs an error and reports it in health: never dropped silently', async () => {
    await queue(1, 'late');
    await t.db.execute(sql`UPDATE outbox SET created_at = now() - interval '2 hours'`);
    const logged: Logged[] = [];
    const a = sender(logged);
    await a.flush();
    const [row] = await rows();
    expect(row).toMatchObject({ sent: false, failed: true });
    expect(row!.text).toMatch(/late-secret-0/);
    expect(logged.filter((l) => l.level === 'error').map((l) => l.m)).toEqual([
      'mail given up: SMTP failed for too long',
    ]);
    expect(a.health).toEqual({ status: 'failing', failed: 1 });
    // A failed mail is not taken again.
    await smtp.up();
    await a.flush();
    expect(smtp.received).toEqual([]);
  });

  it('leaves the outbox as it is without SMTP (the demo outbox stays readable)', async () => {
    await queue(1, 'demo');
    const demo = new MailSender(t.db, undefined, 'x', { warn: () => undefined, error: () => undefined }, POLICY);
    await demo.flush();
    expect(demo.health).toBeNull();
    expect((await rows())[0]).toMatchObject({ sent: false, attempts: 0, text: expect.stringMatching(/demo-secret-0/) });
  });
});

describe('GET /api/health', () => {
  it('says mail is failing while SMTP refuses, ok once it takes mail again, and nothing without SMTP', async () => {
    const withSmtp = await createTestApp({ SMTP_URL: smtp.url });
    const plain = await createTestApp();
    try {
      const health = async () => (await withSmtp.app.inject({ method: 'GET', url: '/api/health' })).json();
      await withSmtp.app.mailer.flush(); // the demo data's mails: SMTP is down
      expect(await health()).toMatchObject({ status: 'ok', mail: { status: 'failing', failed: 0 } });
      await smtp.up();
      await withSmtp.app.mailer.flush();
      expect(await health()).toMatchObject({ status: 'ok', mail: { status: 'ok', failed: 0 } });
      expect(smtp.received.length).toBeGreaterThan(0);
      const res = await plain.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).not.toHaveProperty('mail');
    } finally {
      await withSmtp.close();
      await plain.close();
    }
  });
});

describe('the back-off', () => {
  it('doubles from the base up to the cap, with a little jitter', () => {
    const p = { ...POLICY, baseMs: 1000, maxMs: 60_000 };
    const around = (attempts: number) => backoffMs(p, attempts);
    expect(around(1)).toBeGreaterThanOrEqual(900);
    expect(around(1)).toBeLessThanOrEqual(1100);
    expect(around(4)).toBeGreaterThanOrEqual(7200);
    expect(around(4)).toBeLessThanOrEqual(8800);
    expect(around(30)).toBeLessThanOrEqual(66_000);
    expect(around(30)).toBeGreaterThanOrEqual(54_000);
  });
});
