/** Fixed-window counters in PostgreSQL, so that every API process shares them. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

export type Window = { count: number; retryAfterSeconds: number };

/** Adds one hit to `key` in a window of `windowSeconds` and returns the count so far. */
export async function hit(db: DbOrTx, key: string, windowSeconds: number): Promise<Window> {
  const now = Date.now();
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  const rows = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_counters (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_counters.window_start = EXCLUDED.window_start THEN rate_counters.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start
    RETURNING count`);
  const count = Number(rows.rows[0]?.count ?? 1);
  return { count, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - Math.floor(now / 1000)) };
}

/** Reads the current count of `key` without adding to it. */
export async function peek(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const windowStart = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
  const rows = await db.execute<{ count: number }>(
    sql`SELECT count FROM rate_counters WHERE key = ${key} AND window_start = ${windowStart}`,
  );
  return Number(rows.rows[0]?.count ?? 0);
}

export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_counters WHERE key = ${key}`);
}
