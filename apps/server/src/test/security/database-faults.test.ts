/**
 * Faults of the database the server survives (issue 25), against the REAL server process
 * (apps/server/dist/main.js) on a PostgreSQL run by the test (test/external-pg.ts: Debian's server, which
 * the test can SIGKILL and give a small disk):
 * - PostgreSQL crashes (postmaster and children SIGKILLed) in a burst of writes and is started again:
 *   the server process lives on, answers 503 with Retry-After meanwhile (never a 500), loses nothing it
 *   acknowledged, and serves again without a restart of its own.
 * - A device's events acknowledged just before the crash are there after crash recovery (their commit
 *   waited for the WAL flush: only check-ins may skip it, agent/checkin/service.ts).
 * - A slow database (a held lock): requests end with 503 and Retry-After within the statement timeout,
 *   the pool's waiting ones within the checkout timeout, and the pool serves again once the lock goes.
 * - The disk under the database fills up: writes answer 503 with a message saying so, reads go on, and
 *   writes succeed again once space is freed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { AGENT_BASE, MSG } from '@wayguard/contracts';
import { startExternalPg, type ExternalPg } from '../external-pg.js';
import {
  api,
  buildServer,
  killStartedServers,
  login,
  ROOT,
  startServer,
  type Answer,
  type Server,
} from '../server-process.js';
import { DEMO_USERS } from '../demo.js';

/** The full-disk test's tmpfs: room for the demo database and a little more. */
const DISK_MB = 48;

let ext: ExternalPg;
/** A database of the tests' own: a copy of the demo database, migrated and seeded once in beforeAll. */
const demoCopy = (name: string, tablespace?: string) => ext.createDatabase(name, { template: 'demo', tablespace });

beforeAll(async () => {
  [ext] = await Promise.all([startExternalPg(), buildServer()]);
  const seeding = await startServer({ DATABASE_URL: await ext.createDatabase('demo') });
  seeding.proc.kill('SIGTERM');
  await seeding.exited;
}, 180_000);
afterAll(async () => {
  killStartedServers();
  await ext?.remove();
});

const newUser = (tag: string) => ({
  username: `${tag}`,
  email_address: `${tag}@example.com`,
  first_name: 'Fault',
  last_name: 'User',
  time_zone: 'Europe/London',
  options: { type_id: 0 },
});

/** Waits for `ready`; fails at once when the server process has died, or after `ms`. */
async function until(s: Server, ready: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (s.proc.exitCode !== null || s.proc.signalCode !== null)
      throw new Error(`the server process died:\n${s.output.join('')}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting:\n${s.output.join('')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A 503 as the server answers a database fault: Retry-After, a message, no internals. */
function expect503(a: Answer, message?: string) {
  expect([a.status, a.headers.get('retry-after') !== null]).toEqual([503, true]);
  const body = JSON.parse(a.body) as { success: boolean; error: string };
  expect(body.success).toBe(false);
  if (message) expect(body.error).toBe(message);
}

describe('PostgreSQL killed with SIGKILL during writes, then started again', () => {
  it('keeps the server up, answers 503 meanwhile, loses no acknowledged write, recovers by itself', async () => {
    const url = await demoCopy('crash');
    const s = await startServer({ DATABASE_URL: url });
    const admin = await login(s, 'admin', DEMO_USERS.admin.password);
    const acked: { name: string; id: number }[] = [];
    const refused: Answer[] = [];
    let phase: 'before' | 'down' | 'back' = 'before';
    let afterBack = 0;
    let n = 0;
    const worker = async () => {
      while (afterBack < 20 && n < 2000) {
        const name = `crash.user${n++}`;
        const res = await api(s, 'POST', '/users/create', { session: admin, body: newUser(name) });
        if (res.status === 200) {
          acked.push({ name, id: (JSON.parse(res.body) as { id: number }).id });
          if (phase === 'back') afterBack++;
        } else refused.push(res);
        if (phase === 'down') await new Promise((r) => setTimeout(r, 50));
      }
    };
    let failed: unknown = null;
    const workers = Promise.all(Array.from({ length: 8 }, worker)).catch((e: unknown) => {
      failed = e;
      afterBack = Infinity;
    });
    await until(s, () => acked.length >= 40);
    await ext.crash();
    phase = 'down';
    const downAt = refused.length;
    await until(s, () => refused.length >= downAt + 16);
    await ext.start();
    phase = 'back';
    await workers;
    expect(failed, s.output.join('')).toBeNull();

    // The server process never died, and every refusal was a 503 with Retry-After, in bounded time.
    expect(s.proc.exitCode, s.output.join('')).toBeNull();
    expect(s.output.join('')).not.toMatch(/Unhandled 'error' event|uncaught/i);
    expect(refused.length).toBeGreaterThanOrEqual(16);
    for (const r of refused) expect503(r);
    expect(Math.max(...refused.map((r) => r.ms))).toBeLessThan(5_000);
    // Same process, same session, after recovery.
    expect(afterBack).toBeGreaterThanOrEqual(20);
    expect((await api(s, 'GET', '/registration_info', { session: admin })).status).toBe(200);

    // Every acknowledged creation survived the crash, under the id the answer gave.
    const rows = await ext.query<{ id: number; username: string }>(
      `SELECT id, username FROM users WHERE username LIKE 'crash.user%'`,
      'crash',
    );
    const byName = new Map(rows.map((r) => [r.username, r.id]));
    expect(acked.filter((a) => byName.get(a.name) !== a.id)).toEqual([]);
    s.proc.kill('SIGTERM');
    expect((await s.exited).code).toBe(0);
  }, 120_000);

  it("keeps a device's events acknowledged right before the crash (their commit waited for the WAL flush)", async () => {
    const url = await demoCopy('events');
    const s = await startServer({ DATABASE_URL: url });
    const admin = await login(s, 'admin', DEMO_USERS.admin.password);
    const token = await api(s, 'POST', '/enrolment_tokens', {
      session: admin,
      body: { label: 'Crash', max_uses: 5, valid_days: 1 },
    });
    const secret = (JSON.parse(token.body) as { secret: string }).secret;
    const acked: string[] = [];
    for (let round = 0; round < 3; round++) {
      // One device a round: 10 batches are half of a device's event-batch quota a minute (lib/device-rate-limits.ts).
      const enrolled = await api(s, 'POST', `${AGENT_BASE}/enroll`, {
        body: {
          token: secret,
          instance_id: `crash-${round}-${randomBytes(4).toString('hex')}`,
          kind: 'machine',
          serial: `CRASH-${round}`,
          name: `Crash PC ${round}`,
        },
      });
      expect(enrolled.status, enrolled.body).toBe(200);
      const auth = {
        authorization: `Bearer ${(JSON.parse(enrolled.body) as { device_secret: string }).device_secret}`,
      };
      // A burst of batches from a device; the database dies the moment the last one is acknowledged.
      const batches = Array.from({ length: 10 }, (_, b) =>
        Array.from({ length: 5 }, (_, k) => ({
          event_id: `crash-${round}-${b}-${k}`,
          type: 'alert_raised',
          occurred: Math.floor(Date.now() / 1000),
          code: 400 + k,
          group_id: 'service_alert',
          title: `Crash alert ${k}`,
        })),
      );
      const answers = await Promise.all(
        batches.map((events) => api(s, 'POST', `${AGENT_BASE}/events`, { body: { events }, headers: auth })),
      );
      await ext.crash();
      answers.forEach((a, b) => {
        expect(a.status, a.body).toBe(200);
        acked.push(...batches[b]!.map((e) => e.event_id));
      });
      await ext.start();
    }
    const stored = new Set(
      (
        await ext.query<{ event_id: string }>(
          `SELECT event_id FROM device_events WHERE event_id LIKE 'crash-%'`,
          'events',
        )
      ).map((r) => r.event_id),
    );
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    expect(s.proc.exitCode).toBeNull();
  }, 120_000);
});

describe('commits that wait for the WAL flush', () => {
  it("are every commit but the check-in's: only agent/checkin/service.ts turns synchronous_commit off", async () => {
    // A check-in (last seen, versions, users) is sent again by the device minutes later; an event, an
    // ask, a command's result, a console change are not: their commits must survive a crash once answered.
    const src = path.join(ROOT, 'apps/server/src');
    const files = (await readdir(src, { recursive: true })).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'),
    );
    const turningOff: string[] = [];
    for (const f of files)
      if (/synchronous_commit/i.test(await readFile(path.join(src, f), 'utf8'))) turningOff.push(f);
    expect(turningOff).toEqual(['agent/checkin/service.ts']);
    const drizzle = path.join(ROOT, 'apps/server/drizzle');
    for (const f of (await readdir(drizzle)).filter((x) => x.endsWith('.sql')))
      expect([f, /synchronous_commit/i.test(await readFile(path.join(drizzle, f), 'utf8'))]).toEqual([f, false]);
  });
});

describe('a slow database', () => {
  it('ends requests with 503 and Retry-After in bounded time while a lock is held, and serves again after', async () => {
    const url = await demoCopy('slow');
    const s = await startServer({
      DATABASE_URL: url,
      DB_STATEMENT_TIMEOUT_MS: '1000',
      DB_CONNECT_TIMEOUT_MS: '1000',
    });
    const admin = await login(s, 'admin', DEMO_USERS.admin.password);
    expect((await api(s, 'GET', '/users', { session: admin })).status).toBe(200);

    // Another client holds a lock every request needs (the users table, which signing in reads).
    const holder = new pg.Client({ connectionString: url });
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    try {
      // Three times the pool's connections at once: those on a connection hit the statement timeout,
      // those waiting for one the checkout timeout.
      const answers = await Promise.all(Array.from({ length: 30 }, () => api(s, 'GET', '/users', { session: admin })));
      for (const a of answers) expect503(a);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(6_000);
      expect(answers.some((a) => JSON.parse(a.body).error === MSG.databaseBusy)).toBe(true);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    // The pool gave every connection back: as many requests at once all succeed.
    const after = await Promise.all(Array.from({ length: 30 }, () => api(s, 'GET', '/users', { session: admin })));
    expect(after.map((a) => a.status)).toEqual(after.map(() => 200));
    const left = await ext.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = 'slow' AND state LIKE 'idle in transaction%'`,
    );
    expect(left[0]!.n).toBe('0');
    expect(s.proc.exitCode).toBeNull();
  }, 90_000);
});

describe('the disk under the database full', () => {
  it('answers writes 503 saying so, goes on answering reads, and takes writes again once space is freed', async () => {
    await ext.smallDisk('small', DISK_MB);
    const url = await demoCopy('full', 'small');
    const s = await startServer({ DATABASE_URL: url });
    const admin = await login(s, 'admin', DEMO_USERS.admin.password);
    // Fill what is left with a table of incompressible rows until PostgreSQL cannot extend it.
    await ext.query('CREATE TABLE filler (a bigint, b bigint, c bigint, d bigint)', 'full');
    let full = false;
    for (let i = 0; i < 400 && !full; i++) {
      try {
        await ext.query('INSERT INTO filler SELECT g, g * 7, g * 13, g * 31 FROM generate_series(1, 20000) g', 'full');
      } catch (e) {
        expect((e as { code?: string }).code).toBe('53100');
        full = true;
      }
    }
    expect(full).toBe(true);

    // Writes: each answers 200 (it found room in a page it had) or 503 with the disk-full message;
    // creating users one after another soon needs a new page.
    const writes: Answer[] = [];
    for (let n = 0; n < 100; n++) {
      const res = await api(s, 'POST', '/users/create', { session: admin, body: newUser(`full.user${n}`) });
      writes.push(res);
      if (res.status !== 200) break;
    }
    const refusal = writes.at(-1)!;
    expect503(refusal, MSG.databaseFull);
    expect(refusal.headers.get('retry-after')).toBe('60');
    // Reads go on.
    for (const route of ['/users', '/registration_info', '/devices']) {
      const res = await api(s, 'GET', route, { session: admin });
      expect([route, res.status]).toEqual([route, 200]);
    }
    // Space freed: writes succeed again, without a restart.
    await ext.query('DROP TABLE filler', 'full');
    await ext.query('CHECKPOINT', 'full');
    const again = await api(s, 'POST', '/users/create', { session: admin, body: newUser('full.again') });
    expect(again.status, again.body).toBe(200);
    expect(s.proc.exitCode).toBeNull();
  }, 120_000);
});
