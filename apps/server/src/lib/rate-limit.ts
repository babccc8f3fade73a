/**
 * Fixed-length windows in PostgreSQL, so that every API process shares them. A window opens at a
 * key's first hit (window_start, in milliseconds) and lasts `windowSeconds`: "at most N in any window
 * that starts with a hit" holds exactly, and a key's count cannot restart at a clock boundary (which
 * would let a captcha solution be redeemed twice, or double a burst).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

export type Window = { count: number; retryAfterSeconds: number };

/** Adds one hit to `key` and returns the count in its current window. */
export async function hit(db: DbOrTx, key: string, windowSeconds: number): Promise<Window> {
  const now = Date.now();
  const openSince = now - windowSeconds * 1000;
  const rows = await db.execute<{ count: number; window_start: string }>(sql`
    INSERT INTO rate_counters (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_counters.window_start > ${openSince} THEN rate_counters.count + 1 ELSE 1 END,
      window_start = CASE WHEN rate_counters.window_start > ${openSince} THEN rate_counters.window_start ELSE EXCLUDED.window_start END
    RETURNING count, window_start`);
  const row = rows.rows[0];
  const count = Number(row?.count ?? 1);
  const start = Number(row?.window_start ?? now);
  return { count, retryAfterSeconds: Math.max(1, Math.ceil((start + windowSeconds * 1000 - now) / 1000)) };
}

/** Reads the count of `key` in its current window without adding to it. */
export async function peek(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const openSince = Date.now() - windowSeconds * 1000;
  const rows = await db.execute<{ count: number }>(
    sql`SELECT count FROM rate_counters WHERE key = ${key} AND window_start > ${openSince}`,
  );
  return Number(rows.rows[0]?.count ?? 0);
}

export async function clear(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_counters WHERE key = ${key}`);
}

/** Deletes counters whose window closed more than `olderThanSeconds` ago (for a periodic job). */
export async function purgeStaleCounters(db: DbOrTx, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`DELETE FROM rate_counters WHERE window_start < ${Date.now() - olderThanSeconds * 1000}`);
}
