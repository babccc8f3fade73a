/**
 * "This session re-entered its password a moment ago". POST /verify_password records it on success, and
 * so does signing in with the password. It is read and spent by:
 * - a change of one's own e-mail (000 §4.4; domain/users/own-email-check.ts);
 * - POST /change_password and turning two-factor sign-in off (issue 25: a stolen session alone cannot
 *   lock the owner out), through requirePasswordVerified / spendPasswordVerification.
 * Kept in rate_counters so that every API process sees it.
 */
import { sql } from 'drizzle-orm';
import { MSG, PASSWORD_VERIFICATION_MINUTES, PASSWORD_VERIFICATION_REQUIRED } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/http-errors.js';
import { clear, peek } from '../../lib/rate-limit.js';

export const PASSWORD_VERIFICATION_SECONDS = PASSWORD_VERIFICATION_MINUTES * 60;

const key = (sessionIdHash: string) => `verified_password:${sessionIdHash}`;

/** Call after a successful POST /verify_password. A newer verification restarts the 5 minutes. */
export async function recordPasswordVerified(db: DbOrTx, sessionIdHash: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO rate_counters (key, window_start, count) VALUES (${key(sessionIdHash)}, ${Date.now()}, 1)
    ON CONFLICT (key) DO UPDATE SET window_start = EXCLUDED.window_start, count = 1`);
}

export async function passwordRecentlyVerified(db: DbOrTx, sessionIdHash: string): Promise<boolean> {
  return (await peek(db, key(sessionIdHash), PASSWORD_VERIFICATION_SECONDS)) > 0;
}

/** One verification allows one e-mail change. */
export async function consumePasswordVerification(db: DbOrTx, sessionIdHash: string): Promise<void> {
  await clear(db, key(sessionIdHash));
}

/** The 400 that asks the client to verify the password, then send the same call again. */
export const passwordVerificationRequired = () =>
  badRequest(MSG.passwordVerificationRequired, { error_code: PASSWORD_VERIFICATION_REQUIRED });

/** Throws passwordVerificationRequired() unless the session proved its password within the window. */
export async function requirePasswordVerified(db: DbOrTx, sessionIdHash: string): Promise<void> {
  if (!(await passwordRecentlyVerified(db, sessionIdHash))) throw passwordVerificationRequired();
}

/**
 * Spends the session's live verification, in the transaction of the change it allows: a conditional
 * delete, so of two changes sent at once on one verification exactly one goes through; the other
 * (and a change without a live verification) throws passwordVerificationRequired() and rolls back.
 */
export async function spendPasswordVerification(tx: DbOrTx, sessionIdHash: string): Promise<void> {
  const openSince = Date.now() - PASSWORD_VERIFICATION_SECONDS * 1000;
  const spent = await tx.execute(
    sql`DELETE FROM rate_counters WHERE key = ${key(sessionIdHash)} AND window_start > ${openSince} RETURNING key`,
  );
  if (spent.rows.length === 0) throw passwordVerificationRequired();
}
