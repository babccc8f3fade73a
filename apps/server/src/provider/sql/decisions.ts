/**
 * The review team's decisions' writes: each a conditional UPDATE of a thread still pending with the team
 * (... AND state = 'pending' AND status = 'tech'), so that of two decisions at once exactly one changes it.
 */
import { sql } from 'drizzle-orm';
import { PROVIDER_TEAM } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';

type Pending = { account_id: number; id: number };

/** Denies a website or media thread with the notes as its reason; false when it left the queue meanwhile. */
export async function denyThread(tx: DbOrTx, t: Pending, notes: string, now: Date): Promise<boolean> {
  const r = await tx.execute(sql`UPDATE access_requests SET state = 'denied', reviewed = true,
    reason = ${notes}, processor_id = NULL, processor_name = ${PROVIDER_TEAM},
    processed_at = ${now.toISOString()}, expires_at = NULL, bookmarked = false
    WHERE account_id = ${t.account_id} AND id = ${t.id} AND state = 'pending' AND status = 'tech'
    RETURNING id`);
  return r.rows.length > 0;
}

/**
 * Approves an app thread for the account (state approved, status admin: the Apps pages list it), or
 * denies it with the notes as its reason (status stays tech); false when it left the queue meanwhile.
 */
export async function decideAppRow(
  tx: DbOrTx,
  t: Pending,
  d: { decision: 'approve' | 'deny'; notes: string },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const r =
    d.decision === 'approve'
      ? await tx.execute(sql`UPDATE app_requests SET state = 'approved', status = 'admin', reviewed = true,
          reason = NULL, processor_id = NULL, processor_name = ${PROVIDER_TEAM}, processed_at = ${at},
          auto_assign = false, mandatory = false
        WHERE account_id = ${t.account_id} AND id = ${t.id} AND state = 'pending' AND status = 'tech' RETURNING id`)
      : await tx.execute(sql`UPDATE app_requests SET state = 'denied', reviewed = true, reason = ${d.notes},
          processor_id = NULL, processor_name = ${PROVIDER_TEAM}, processed_at = ${at},
          auto_assign = false, mandatory = false
        WHERE account_id = ${t.account_id} AND id = ${t.id} AND state = 'pending' AND status = 'tech' RETURNING id`);
  return r.rows.length > 0;
}
