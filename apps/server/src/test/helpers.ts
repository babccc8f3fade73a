/**
 * Helpers shared by the route tests: solving the ALTCHA captcha, reading mail from the outbox, audit
 * rows and demo users that no other test in the same file touches.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, outbox, users } from '../db/schema/index.js';
import { createCaptchaChallenge } from '../lib/captcha.js';
import { fillerUsers } from '../seed/demo-users.js';
import { FILLER_PASSWORD } from './demo.js';

/** Solves a challenge as the browser widget does; returns the `recaptcha_response` payload. */
export async function solveCaptcha(token: string): Promise<string> {
  const challenge = JSON.parse(token) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A solved challenge signed with the server's key but cheap to solve (for tests about something else). */
export async function easyCaptcha(secretKey: string): Promise<string> {
  return solveCaptcha(await createCaptchaChallenge(secretKey, { min: 1, max: 20 }));
}

export type OutboxMail = { id: number; to: string; subject: string; text: string };

/** Mail to `to`, oldest first. */
export async function mailsTo(db: Db, to: string): Promise<OutboxMail[]> {
  return db
    .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(asc(outbox.id));
}

export function activationTokenIn(text: string): string {
  const m = /\/activate\?token=([A-Za-z0-9]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no activation link in: ${text}`);
  return m[1];
}

export function resetCredentialIn(text: string): string {
  const m = /\n\n([A-Za-z0-9]{16})\n\n/.exec(text);
  if (!m?.[1]) throw new Error(`no one-time password in: ${text}`);
  return m[1];
}

export type AuditRow = typeof auditEvents.$inferSelect;

export async function auditRows(db: Db, action: string, actorUserId?: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(
      actorUserId === undefined
        ? eq(auditEvents.action, action)
        : and(eq(auditEvents.action, action), eq(auditEvents.actorUserId, actorUserId)),
    )
    .orderBy(desc(auditEvents.id));
}

export async function userByName(db: Db, username: string): Promise<typeof users.$inferSelect> {
  const [u] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  if (!u) throw new Error(`no user ${username}`);
  return u;
}

const activatedFillers = fillerUsers().filter((u) => u.status === 'activated');
let fillerIndex = 0;
/** An activated Northfield staff user (password FILLER_PASSWORD, demo.ts) not yet handed out in this test file. */
export function freshUser(): { username: string; email: string; password: string } {
  const u = activatedFillers[fillerIndex++];
  if (!u) throw new Error('out of demo users');
  return { username: u.username, email: u.email, password: FILLER_PASSWORD };
}
