/**
 * The team's decision on an app thread (docs/decisions/apps.md "Apps: the team's review and late auto assign"). As the
 * console's app actions: the account's app counts are locked first, then the thread (FOR UPDATE), which must still be
 * pending with the team, and changes by a conditional UPDATE (... AND state = 'pending' AND status = 'tech'): of two
 * staff members, or a staff member and the administrator's cancel, exactly one wins and the other gets 409.
 * - Approve for the account: the app becomes the account's (state approved, status admin, as every
 *   approved app thread: the Apps pages list it), `reviewed`, processor 'Wayguard Team', no assignment
 *   and no install (the administrator assigns it on the Apps pages).
 * - Deny with notes: state denied, status tech, `reviewed` (a second review answers AC011), the notes as
 *   the thread's deny reason (the accordion's 'Deny reason'; the administrator's review reason stays in
 *   review_notes), processor 'Wayguard Team'.
 */
import type { DbOrTx } from '../db/client.js';
import type { Actor } from '../domain/access/actor.js';
import { lockAppCounts } from '../domain/apps/locks.js';
import { auditTeamDecision, type TeamDecision } from './decision-audit.js';
import { queuedAppThread } from './repository.js';
import { decideAppRow } from './sql/decisions.js';

export type AppDecision = TeamDecision;
/** Why a decision was not taken: no such app thread, or it left the queue meanwhile. */
export type AppDecisionRefusal = 'unknown' | 'decided';

export async function decideAppThread(
  tx: DbOrTx,
  id: number,
  d: AppDecision,
  actorIn: (accountId: number) => Actor,
  now: Date,
): Promise<'approved' | 'denied' | AppDecisionRefusal> {
  const seen = await queuedAppThread(tx, id);
  if (!seen) return 'unknown';
  await lockAppCounts(tx, seen.account_id);
  const t = await queuedAppThread(tx, id, true);
  if (!t) return 'unknown';
  if (t.state !== 'pending' || t.status !== 'tech') return 'decided';
  const actor = actorIn(t.account_id);
  if (!(await decideAppRow(tx, t, d, now))) return 'decided';
  await auditTeamDecision(tx, actor, { type: 'app_request', id: t.id, review_notes: t.review_notes }, d, {
    package: t.website,
    from: 'pending:tech',
  });
  return d.decision === 'approve' ? 'approved' : 'denied';
}
