/**
 * The device API's enrolment queries (POST /enroll): the live token, the known device of an identity
 * (both locked), a token's use, the device's row and default config, and the replacements held for a
 * Console Admin (replacement.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AgentEnrollment as Enrolment } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { deviceConfigs, deviceReplacements, devices, enrolmentTokens } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';

export type EnrolmentToken = typeof enrolmentTokens.$inferSelect;

/** The token of this value, locked; null when there is none. */
export async function lockedToken(tx: DbOrTx, token: string): Promise<EnrolmentToken | null> {
  const [t] = await tx
    .select()
    .from(enrolmentTokens)
    .where(eq(enrolmentTokens.tokenHash, sha256(token)))
    .for('update')
    .limit(1);
  return t ?? null;
}

export async function countTokenUse(tx: DbOrTx, tokenId: number): Promise<void> {
  await tx
    .update(enrolmentTokens)
    .set({ uses: sql`${enrolmentTokens.uses} + 1` })
    .where(eq(enrolmentTokens.id, tokenId));
}

export type KnownDevice = {
  id: number;
  agentTokenHash: string | null;
  deactivatedDate: Date | null;
};

/** The enrolled device of this identity, locked: by (account, instance_id), then by (account, kind, serial). */
export async function knownDevice(tx: DbOrTx, accountId: number, b: Enrolment): Promise<KnownDevice | null> {
  const columns = { id: devices.id, agentTokenHash: devices.agentTokenHash, deactivatedDate: devices.deactivatedDate };
  const [byInstance] = await tx
    .select(columns)
    .from(devices)
    .where(and(eq(devices.accountId, accountId), eq(devices.instanceId, b.instance_id)))
    .for('update')
    .limit(1);
  if (byInstance) return byInstance;
  const [bySerial] = await tx
    .select(columns)
    .from(devices)
    .where(and(eq(devices.accountId, accountId), eq(devices.kind, b.kind), eq(devices.serial, b.serial)))
    .for('update')
    .limit(1);
  return bySerial ?? null;
}

/** What an enrolment reports of the device (and its new secret's hash). */
export type Reported = Pick<
  typeof devices.$inferInsert,
  | 'instanceId'
  | 'hardwareUuid'
  | 'os'
  | 'osVersion'
  | 'agentVersion'
  | 'version'
  | 'modelName'
  | 'agentTokenHash'
  | 'enrolledFrom'
  | 'lastOnline'
  | 'statusUpdated'
>;

/** A known device's new secret: its check-ins count from the start again. */
export async function reenrolDevice(tx: DbOrTx, accountId: number, deviceId: number, reported: Reported) {
  await tx
    .update(devices)
    .set({ ...reported, lastCheckinSeq: -1 })
    .where(and(eq(devices.id, deviceId), eq(devices.accountId, accountId)));
}

export type NewDevice = Reported &
  Pick<
    typeof devices.$inferInsert,
    'accountId' | 'kind' | 'serial' | 'name' | 'registeredDate' | 'enrolledAt' | 'enrolmentTokenId' | 'checkinIntervalS'
  >;

/** Inserts the new device; answers its id. */
export async function insertDevice(tx: DbOrTx, d: NewDevice): Promise<number> {
  const [created] = await tx.insert(devices).values(d).returning({ id: devices.id });
  return created!.id;
}

/** The new device's config with its switches, unless it has one. */
export async function insertDeviceConfig(
  tx: DbOrTx,
  accountId: number,
  deviceId: number,
  boolSettings: { key: string; value: boolean }[],
): Promise<void> {
  await tx.insert(deviceConfigs).values({ accountId, deviceId, boolSettings }).onConflictDoNothing();
}

/** Supersedes the device's pending replacement (at most one); answers the claims' hashes it refused. */
export async function supersedePendingReplacements(
  tx: DbOrTx,
  accountId: number,
  deviceId: number,
  now: Date,
): Promise<string[]> {
  const superseded = await tx
    .update(deviceReplacements)
    .set({ state: 'superseded', decidedAt: now })
    .where(
      and(
        eq(deviceReplacements.accountId, accountId),
        eq(deviceReplacements.deviceId, deviceId),
        eq(deviceReplacements.state, 'pending'),
      ),
    )
    .returning({ claimHash: deviceReplacements.claimHash });
  return superseded.map((r) => r.claimHash);
}

export type NewReplacement = Omit<typeof deviceReplacements.$inferInsert, 'id' | 'state' | 'decidedAt'>;

/** Holds a replacement; answers its id. */
export async function insertReplacement(tx: DbOrTx, r: NewReplacement): Promise<number> {
  const [held] = await tx.insert(deviceReplacements).values(r).returning({ id: deviceReplacements.id });
  return held!.id;
}
