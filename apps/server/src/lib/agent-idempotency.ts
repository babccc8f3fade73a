/** Stored first answers of the device API's Idempotency-Keys (plugins/agent-idempotency.ts). */
import { and, eq, lt } from 'drizzle-orm';
import { IDEMPOTENCY_TTL_HOURS } from '@wayguard/contracts';
import type { DbOrTx } from '../db/client.js';
import { agentIdempotency } from '../db/schema/index.js';
import type { AgentDevice } from '../types.js';

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

/** Keeps the first answer to a key (a later one for the same key changes nothing), and forgets old ones. */
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
}
