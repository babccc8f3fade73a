/**
 * The lock order of app threads (issue 12): the account's app counts (kept by the triggers of migration
 * 0016) first, in one order, then the threads. The console's app actions (modules/apps) and the
 * provider's team's decisions (provider/) both take it, so two of them never wait on each other in
 * opposite orders.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Locks the account's app counts in one order. Run inside a transaction. */
export async function lockAppCounts(tx: DbOrTx, accountId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM app_request_counts WHERE account_id = ${accountId}
    ORDER BY state, status FOR UPDATE`);
}
