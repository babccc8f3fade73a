/**
 * The SQL of device identity (identity.ts, issue 25): a device's pending replacement, its decision (only
 * while pending) and an approved replacement's hardware taking the device's place. Every statement is
 * scoped by the account.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { deviceReplacements, devices } from '../../../db/schema/index.js';

export type ReplacementRecord = typeof deviceReplacements.$inferSelect;

const pendingOf = (accountId: number, deviceId: number) =>
  and(
    eq(deviceReplacements.accountId, accountId),
    eq(deviceReplacements.deviceId, deviceId),
    eq(deviceReplacements.state, 'pending'),
  );

/** The device's pending replacement, if any. */
export async function pendingReplacement(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
): Promise<ReplacementRecord | undefined> {
  const [r] = await db.select().from(deviceReplacements).where(pendingOf(accountId, deviceId)).limit(1);
  return r;
}

/** Decides the replacement if it is still the device's pending one; undefined when it was not. */
export async function decidePending(
  tx: DbOrTx,
  accountId: number,
  deviceId: number,
  replacementId: number,
  decision: { approve: boolean; at: Date; byName: string },
): Promise<ReplacementRecord | undefined> {
  const [r] = await tx
    .update(deviceReplacements)
    .set({ state: decision.approve ? 'approved' : 'refused', decidedAt: decision.at, decidedByName: decision.byName })
    .where(and(eq(deviceReplacements.id, replacementId), pendingOf(accountId, deviceId)))
    .returning();
  return r;
}

/**
 * The approved replacement becomes the device: its claim is the device's secret, its hardware's details
 * replace the old, its check-ins count from the start.
 */
export async function adoptReplacement(
  tx: DbOrTx,
  accountId: number,
  deviceId: number,
  r: ReplacementRecord,
  now: Date,
): Promise<void> {
  await tx
    .update(devices)
    .set({
      agentTokenHash: r.claimHash,
      instanceId: r.instanceId,
      hardwareUuid: r.hardwareUuid,
      modelName: r.modelName,
      os: r.os,
      osVersion: r.osVersion,
      agentVersion: r.agentVersion,
      ...(r.agentVersion ? { version: r.agentVersion } : {}),
      enrolledFrom: r.address,
      enrolledAt: now,
      lastCheckinSeq: -1,
    })
    .where(and(eq(devices.id, deviceId), eq(devices.accountId, accountId)));
}
