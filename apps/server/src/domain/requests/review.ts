/**
 * Request review (001 §4 'Request review', §8 AC014; docs/decisions/requests.md "Request review: one
 * rule (issue 26)"): a denied thread of the website and media requests or of the app requests goes to the provider's
 * review team once. The same conditional UPDATE for both thread tables.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Sends a denied thread to the provider's team, once: false when it was sent or moved meanwhile. */
export async function markReviewRequested(
  tx: DbOrTx,
  table: 'access_requests' | 'app_requests',
  accountId: number,
  id: number,
  o: { notes: string; by: string; at: string },
): Promise<boolean> {
  const r = await tx.execute(sql`UPDATE ${sql.raw(table)} SET state = 'pending', status = 'tech',
      review_requested = true, review_notes = ${o.notes}, review_requested_at = ${o.at}, review_requested_by = ${o.by}
    WHERE account_id = ${accountId} AND id = ${id} AND state = 'denied' AND NOT review_requested AND NOT reviewed
    RETURNING id`);
  return r.rows.length > 0;
}
