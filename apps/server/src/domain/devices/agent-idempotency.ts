/**
 * Stored first answers of the device API's Idempotency-Keys (plugins/agent-idempotency.ts): kept a day,
 * and at most IDEMPOTENCY_KEYS_PER_DEVICE per device (issue 25), the oldest forgotten first, so a chatty
 * or compromised device cannot grow the table.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_TTL_HOURS } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { agentIdempotency } from '../../db/schema/index.js';
import type { AgentDevice } from './agent-device.js';

/** The most keys kept per device: a retry comes within minutes, and a device makes a few hundred keyed calls a day. */
export const IDEMPOTENCY_KEYS_PER_DEVICE = 500;

export async function findAnswer(db: DbOrTx, device: AgentDevice, key: string) {
  const [row] = await db
    .select()
    .from(agentIdempotency)
    .where(
      and(
        eq(agentIdempotency.accountId, device.accountId),
        eq(agentIdempotency.deviceId, device.id),
        eq(agentIdempotency.key, key),
      ),
    )
    .limit(1);
  if (!row || row.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_HOURS * 3_600_000) return null;
  return row;
}

/**
 * Keeps the first answer to a key (a later one for the same key changes nothing), and forgets old ones:
 * those past a day, and past the device's newest IDEMPOTENCY_KEYS_PER_DEVICE.
 */
export async function keepAnswer(
  db: DbOrTx,
  device: AgentDevice,
  a: { route: string; key: string; bodyHash: string; statusCode: number; response: unknown },
) {
  await db
    .delete(agentIdempotency)
    .where(
      and(
        eq(agentIdempotency.accountId, device.accountId),
        eq(agentIdempotency.deviceId, device.id),
        lt(agentIdempotency.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_HOURS * 3_600_000)),
      ),
    );
  await db
    .insert(agentIdempotency)
    .values({ accountId: device.accountId, deviceId: device.id, ...a })
    .onConflictDoNothing();
  await db.execute(sql`DELETE FROM agent_idempotency
    WHERE account_id = ${device.accountId} AND device_id = ${device.id} AND (created_at, key) <= (
      SELECT created_at, key FROM agent_idempotency WHERE account_id = ${device.accountId} AND device_id = ${device.id}
      ORDER BY created_at DESC, key DESC OFFSET ${IDEMPOTENCY_KEYS_PER_DEVICE} LIMIT 1)`);
}
