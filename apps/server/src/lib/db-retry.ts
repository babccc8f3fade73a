/**
 * A transaction run again when PostgreSQL ends it with a serialization failure (40001) or picks it as a
 * deadlock's victim (40P01): such a transaction was rolled back whole, so running it again is safe when
 * its callback does nothing outside the database (no mail sent directly, no in-memory state kept from a
 * failed try). The device API's writes are such transactions (each call is idempotent by design). After
 * the last try the error goes on, and plugins/errors.ts answers it 503 with Retry-After.
 * Inside an outer transaction nothing is retried: the outer one is aborted and must fail as a whole.
 */
import { isPooled, type DbOrTx, type Tx } from '../db/client.js';
import { sqlState } from './database-faults.js';

const RETRIED = new Set(['40001', '40P01']);

/** Whether `error` is a conflict a transaction run again may get past. */
export function isConflict(error: unknown): boolean {
  return RETRIED.has(sqlState(error) ?? '');
}

export async function retriedTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>, tries = 3): Promise<T> {
  if (!isPooled(db)) return db.transaction(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (e) {
      if (attempt >= tries || !isConflict(e)) throw e;
      // A short, random pause: the two sides of a deadlock do not meet again in step.
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
