/**
 * A device's effective policy (design/agent-api.md 'Policy'): what GET /api/agent/v1/policy answers
 * and its version. The version is a hash of the policy's canonical content, kept in
 * device_configs.policy_version and written by `refreshPolicyVersion` whenever something the policy
 * is computed from changes (the device's settings now; the web-access rules, through the one
 * resolver, when they come), so that a device whose policy did not change gets 304 without the
 * policy being computed.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { deviceConfigs } from '../db/schema/index.js';
import { sha256 } from './crypto.js';

export type DevicePolicy = {
  bool_settings: { key: string; value: boolean }[];
  string_settings: { key: string; value: string }[];
  web_access: null;
};

/** Settings sorted by key, so that the same policy always has the same version. */
export function canonicalPolicy(config: {
  boolSettings: { key: string; value: boolean }[];
  stringSettings: { key: string; value: string }[];
}): DevicePolicy {
  const byKey = <T extends { key: string }>(list: T[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
  return {
    bool_settings: byKey(config.boolSettings).map((s) => ({ key: s.key, value: s.value })),
    string_settings: byKey(config.stringSettings).map((s) => ({ key: s.key, value: s.value })),
    web_access: null,
  };
}

/** The version of a policy: the first 32 hex digits of the SHA-256 of its canonical JSON. */
export function policyVersion(policy: DevicePolicy): string {
  return sha256(JSON.stringify(policy)).slice(0, 32);
}

/** The device's policy as it stands, or null when the device has no config row. */
export async function loadPolicy(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
): Promise<{ policy: DevicePolicy; version: string } | null> {
  const [row] = await db
    .select({ boolSettings: deviceConfigs.boolSettings, stringSettings: deviceConfigs.stringSettings })
    .from(deviceConfigs)
    .where(and(eq(deviceConfigs.accountId, accountId), eq(deviceConfigs.deviceId, deviceId)));
  if (!row) return null;
  const policy = canonicalPolicy(row);
  return { policy, version: policyVersion(policy) };
}

/** Recomputes and stores the device's policy version; answers it. Call in the transaction of the change. */
export async function refreshPolicyVersion(db: DbOrTx, accountId: number, deviceId: number): Promise<string> {
  const loaded = await loadPolicy(db, accountId, deviceId);
  const version = loaded?.version ?? '';
  await db
    .update(deviceConfigs)
    .set({ policyVersion: version })
    .where(and(eq(deviceConfigs.accountId, accountId), eq(deviceConfigs.deviceId, deviceId)));
  return version;
}
