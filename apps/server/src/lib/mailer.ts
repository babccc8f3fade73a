/**
 * Mail goes through the outbox table: a message is stored in the same transaction as the change that
 * caused it, then sent by nodemailer to SMTP_URL. Without SMTP_URL it stays in the outbox (readable in
 * demo mode at /api/dev/outbox).
 */
import { and, asc, isNull, lt, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

export type Mail = { to: string; subject: string; text: string; html?: string; accountId?: number | null };

export async function enqueueMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db.insert(outbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    accountId: mail.accountId ?? null,
  });
}

export class MailSender {
  private transporter: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: { warn: (o: object, m: string) => void },
  ) {
    this.transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get enabled(): boolean {
    return this.transporter !== null;
  }

  start(intervalMs = 5_000): void {
    if (!this.transporter) return;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Sends what is waiting; a failure is recorded and retried later (up to 10 attempts). */
  async flush(): Promise<void> {
    if (!this.transporter || this.running) return;
    this.running = true;
    try {
      const pending = await this.db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lt(outbox.attempts, 10)))
        .orderBy(asc(outbox.id))
        .limit(50);
      for (const m of pending) {
        try {
          await this.transporter.sendMail({
            from: this.from,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html ?? undefined,
          });
          await this.db
            .update(outbox)
            .set({ sentAt: new Date(), attempts: m.attempts + 1 })
            .where(eq(outbox.id, m.id));
        } catch (e) {
          this.log.warn({ outboxId: m.id, err: (e as Error).message }, 'mail send failed');
          await this.db
            .update(outbox)
            .set({ attempts: m.attempts + 1, lastError: (e as Error).message })
            .where(eq(outbox.id, m.id));
        }
      }
    } finally {
      this.running = false;
    }
  }
}
