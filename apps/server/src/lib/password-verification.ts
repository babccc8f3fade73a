/**
 * "This session re-entered its password a moment ago" (000 §4.4: editing one's own e-mail needs a
 * password verification first). POST /verify_password records it on success; POST /users/details
 * reads and consumes it. Kept in rate_counters so that every API process sees it.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { clear, peek } from './rate-limit.js';

export const PASSWORD_VERIFICATION_SECONDS = 5 * 60;

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
