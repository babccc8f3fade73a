/**
 * Mail goes through the outbox table: a message is stored in the same transaction as the change that
 * caused it, then sent by nodemailer to SMTP_URL. Without SMTP_URL it stays in the outbox (readable in
 * demo mode at /api/dev/outbox).
 *
 * Sending (issue 25, docs/decisions/server.md "Mail delivery through SMTP outages (issue 25)"):
 * - A sender claims one due mail at a time with `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)
 *   RETURNING`, which also moves its next_attempt_at a lease ahead: two processes (or two rounds of one)
 *   never send the same mail at once. A process that dies mid-send leaves the lease to run out, and the
 *   mail is sent again then (at least once, never silently lost).
 * - Sent: sent_at is set and the body replaced by SENT_BODY, so activation links and one-time passwords
 *   do not stay readable in the database.
 * - Failed: last_error, and next_attempt_at moves by an exponential back-off (MAIL_RETRY_BASE_MS,
 *   doubling up to MAIL_RETRY_MAX_MS). The round stops at the first failure (SMTP is down: the others
 *   wait for the next round). A mail still unsent MAIL_GIVE_UP_HOURS after it was queued is marked
 *   failed_at, logged as an error, and counted in /api/health's `mail` (never dropped silently).
 */
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

export type Mail = { to: string; subject: string; text: string; html?: string; accountId?: number | null };

/** What a sent mail's text becomes (migration 0020 uses the same text for mail sent before it). */
export const SENT_BODY = '[sent: body removed]';

export async function enqueueMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db.insert(outbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    accountId: mail.accountId ?? null,
  });
}

/** A whole number from the environment, else the default. */
function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

export type MailPolicy = {
  /** The first retry's delay; each next one doubles, up to maxMs. */
  baseMs: number;
  maxMs: number;
  /** How long a claimed mail is kept from other senders while one sends it. */
  leaseMs: number;
  /** How long after it was queued a mail that could not be sent is marked failed. */
  giveUpMs: number;
};

export function mailPolicyFromEnv(): MailPolicy {
  return {
    baseMs: numberFromEnv('MAIL_RETRY_BASE_MS', 5_000),
    maxMs: numberFromEnv('MAIL_RETRY_MAX_MS', 10 * 60_000),
    leaseMs: numberFromEnv('MAIL_LEASE_MS', 2 * 60_000),
    giveUpMs: numberFromEnv('MAIL_GIVE_UP_HOURS', 72) * 3_600_000,
  };
}

/** The delay before the next try of a mail tried `attempts` times (1, 2, …): doubling, capped, ±10 %. */
export function backoffMs(policy: MailPolicy, attempts: number): number {
  const exact = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.round(exact * (0.9 + Math.random() * 0.2));
}

type Claimed = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  late: boolean;
};

type Log = { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };

export class MailSender {
  private transporter: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** For /api/health: whether the last try failed, and how many mails this process gave up on. */
  private state = { failing: false, failed: 0 };

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: Log,
    private readonly policy: MailPolicy = mailPolicyFromEnv(),
  ) {
    // Short socket timeouts: a hanging SMTP server must not outlast the claim's lease.
    this.transporter = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  get enabled(): boolean {
    return this.transporter !== null;
  }

  /** For /api/health (null without SMTP): 'failing' while SMTP refuses, with the mails given up on. */
  get health(): { status: 'ok' | 'failing'; failed: number } | null {
    if (!this.transporter) return null;
    return { status: this.state.failing || this.state.failed > 0 ? 'failing' : 'ok', failed: this.state.failed };
  }

  start(intervalMs = 5_000): void {
    if (!this.transporter) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Claims the next due mail (oldest first), moving it a lease ahead; null when none is due. */
  private async claim(): Promise<Claimed | null> {
    const rows = await this.db.execute<Claimed>(sql`
      UPDATE ${outbox} SET next_attempt_at = now() + make_interval(secs => ${this.policy.leaseMs / 1000}),
        attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM ${outbox}
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, attempts,
        created_at < now() - make_interval(secs => ${this.policy.giveUpMs / 1000}) AS late`);
    return rows.rows[0] ?? null;
  }

  /** Sends what is due, one claimed mail at a time, until none is due or one fails. */
  async flush(): Promise<void> {
    if (!this.transporter) return;
    // One round at a time in this process; a caller during a round waits for it.
    if (this.running) return this.running;
    this.running = this.round().finally(() => (this.running = null));
    return this.running;
  }

  private async round(): Promise<void> {
    const transporter = this.transporter!;
    for (;;) {
      const m = await this.claim();
      if (!m) return;
      try {
        await transporter.sendMail({
          from: this.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? undefined,
        });
      } catch (e) {
        await this.failed(m, (e as Error).message);
        return;
      }
      this.state.failing = false;
      // The body goes: an activation link or a one-time password must not stay readable once sent.
      await this.db.execute(
        sql`UPDATE ${outbox} SET sent_at = now(), text = ${SENT_BODY}, html = NULL, last_error = NULL WHERE id = ${m.id}`,
      );
    }
  }

  private async failed(m: Claimed, message: string): Promise<void> {
    this.state.failing = true;
    if (m.late) {
      this.state.failed++;
      this.log.error({ outboxId: m.id, attempts: m.attempts, err: message }, 'mail given up: SMTP failed for too long');
      await this.db.execute(sql`UPDATE ${outbox} SET failed_at = now(), last_error = ${message} WHERE id = ${m.id}`);
      return;
    }
    const delay = backoffMs(this.policy, m.attempts);
    this.log.warn({ outboxId: m.id, attempts: m.attempts, retryInMs: delay, err: message }, 'mail send failed');
    await this.db.execute(
      sql`UPDATE ${outbox} SET next_attempt_at = now() + make_interval(secs => ${delay / 1000}), last_error = ${message}
        WHERE id = ${m.id}`,
    );
  }
}
