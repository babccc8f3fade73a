/** The audit entry of the review team's decision on a thread, a website or media one or an app's. */
import type { DbOrTx } from '../db/client.js';
import { byActor, type Actor } from '../domain/access/actor.js';
import { audit } from '../domain/access/audit.js';

const ACTIONS = {
  access_request: { approve: 'request.team_approved', deny: 'request.team_denied' },
  app_request: { approve: 'app_request.team_approved', deny: 'app_request.team_denied' },
} as const;

export type TeamDecision = { decision: 'approve' | 'deny'; notes: string };

/**
 * Who decided what: the thread's own `details`, its review reason (the administrator's), and a denial's
 * notes or an approval's `approved` details.
 */
export function auditTeamDecision(
  tx: DbOrTx,
  actor: Actor,
  thread: { type: keyof typeof ACTIONS; id: number; review_notes: string | null },
  d: TeamDecision,
  details: Record<string, unknown>,
  approved: Record<string, unknown> = {},
): Promise<void> {
  return audit(tx, {
    ...byActor(actor),
    action: ACTIONS[thread.type][d.decision],
    targetType: thread.type,
    targetId: thread.id,
    details: {
      ...details,
      review_reason: thread.review_notes ?? '',
      ...(d.decision === 'deny' ? { notes: d.notes } : approved),
    },
  });
}
