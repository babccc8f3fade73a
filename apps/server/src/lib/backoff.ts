/**
 * A growing wait after repeated failures of one key (issue 25: a review team member's sign-in, keyed by
 * username and address, so that failures from one address never hold the member back at another).
 * Kept in rate_counters, shared by every API process: `window_start` is the time of the key's last failure
 * (milliseconds) and `count` the failures since the key was last quiet for `forgetAfterSeconds`. The first
 * `free` failures cost nothing; each further one doubles the wait (1 s, 2 s, 4 s, …) up to `maxSeconds`.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

export type Backoff = { free: number; maxSeconds: number; forgetAfterSeconds: number };

/** The wait after the `failures`-th failure in a row. */
export const backoffSeconds = (failures: number, b: Backoff): number =>
  failures < b.free ? 0 : Math.min(b.maxSeconds, 2 ** (failures - b.free));

/** Whole seconds until `key` may try again; 0 when it may now. */
export async function backoffWait(db: DbOrTx, key: string, b: Backoff, now = Date.now()): Promise<number> {
  const r = await db.execute<{ count: number; window_start: string }>(sql`SELECT count, window_start
    FROM rate_counters WHERE key = ${key} AND window_start > ${now - b.forgetAfterSeconds * 1000}`);
  const row = r.rows[0];
  if (!row) return 0;
  const until = Number(row.window_start) + backoffSeconds(Number(row.count), b) * 1000;
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Records a failure of `key` now; answers the failures in a row (this one included). */
export async function backoffFailure(db: DbOrTx, key: string, b: Backoff, now = Date.now()): Promise<number> {
  const r = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_counters (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_counters.window_start > ${now - b.forgetAfterSeconds * 1000}
        THEN rate_counters.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start
    RETURNING count`);
  return Number(r.rows[0]?.count ?? 1);
}
