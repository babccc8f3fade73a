/** Writes one audit record. Callers pass ids and names, never passwords or tokens. */
import type { DbOrTx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

export type AuditEntry = {
  action: string;
  accountId?: number | null;
  actorUserId?: number | null;
  targetType?: string;
  targetId?: string | number;
  ip?: string;
  details?: Record<string, unknown>;
};

export async function audit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: e.action,
    accountId: e.accountId ?? null,
    actorUserId: e.actorUserId ?? null,
    targetType: e.targetType ?? null,
    targetId: e.targetId === undefined ? null : String(e.targetId),
    ip: e.ip ?? null,
    details: e.details ?? null,
  });
}
