/**
 * A device's effective policy (docs/design/agent-api.md 'Policy'): what GET /api/agent/v1/policy answers
 * and its version. The policy is the device's settings and its compiled web access
 * (domain/web-access/compile.ts, from the one resolver's rules); the version is a hash of its canonical
 * content, kept in device_configs.policy_version. Whatever the policy is computed from clears that
 * version when it changes (a settings change recomputes it at once; a web-access rule clears it for
 * every device whose chain holds the rule's scope: domain/web-access/rule-writer.ts), and a cleared
 * version is computed again at the device's next policy fetch, or when the console shows it. A device
 * whose policy did not change gets 304 without the policy being computed. Each new version also takes
 * the device's next policy number (device_configs.policy_number), the name a person reads.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AgentWebAccessPolicy } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { deviceConfigs } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { createStamped } from '../../lib/kept/stamped.js';
import { compileWebAccess } from '../web-access/compile.js';
import { loadDeviceNode } from '../web-access/nodes.js';

export type DevicePolicy = {
  bool_settings: { key: string; value: boolean }[];
  string_settings: { key: string; value: string }[];
  web_access: AgentWebAccessPolicy;
};

/** Settings sorted by key, so that the same policy always has the same version. */
export function canonicalPolicy(
  config: { boolSettings: { key: string; value: boolean }[]; stringSettings: { key: string; value: string }[] },
  webAccess: AgentWebAccessPolicy,
): DevicePolicy {
  const byKey = <T extends { key: string }>(list: T[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));
  return {
    bool_settings: byKey(config.boolSettings).map((s) => ({ key: s.key, value: s.value })),
    string_settings: byKey(config.stringSettings).map((s) => ({ key: s.key, value: s.value })),
    web_access: webAccess,
  };
}

/** The version of a policy: the first 32 hex digits of the SHA-256 of its canonical JSON. */
export function policyVersion(policy: DevicePolicy, json = JSON.stringify(policy)): string {
  return sha256(json).slice(0, 32);
}

/** A policy with its version and its canonical JSON (what the version is the hash of, and what is sent). */
export type LoadedPolicy = { policy: DevicePolicy; version: string; json: string };

/** The device's policy as it stands (no config row: no settings), or null when there is no such device. */
export async function loadPolicy(db: DbOrTx, accountId: number, deviceId: number): Promise<LoadedPolicy | null> {
  const [found] = await db
    .select({ boolSettings: deviceConfigs.boolSettings, stringSettings: deviceConfigs.stringSettings })
    .from(deviceConfigs)
    .where(and(eq(deviceConfigs.accountId, accountId), eq(deviceConfigs.deviceId, deviceId)));
  const row = found ?? { boolSettings: [], stringSettings: [] };
  const node = await loadDeviceNode(db, accountId, deviceId);
  if (!node) return null;
  const settings = new Map(row.boolSettings.map((s) => [s.key, s.value]));
  const policy = canonicalPolicy(row, await compileWebAccess(db, node, settings));
  const json = JSON.stringify(policy);
  return { policy, version: policyVersion(policy, json), json };
}

/**
 * Policies just computed, by device and version: a check-in that finds a cleared version computes the
 * policy to name its version, and the device fetches it right after; the fetch answers the kept one
 * when its stored version is still that version (the content that version is the hash of). A few, for
 * a minute: a policy is large (hundreds of KB at thousands of rules).
 */
const KEPT_POLICIES = 16;
const KEPT_POLICY_MS = 60_000;
const keptPolicies = createStamped<LoadedPolicy & { until: number }>({
  kept: 'device-policies',
  maxEntries: KEPT_POLICIES,
  untilOf: (p) => p.until,
});

/** The policy computed lately for the device at this version, or null. */
export function keptPolicy(accountId: number, deviceId: number, version: string): LoadedPolicy | null {
  return keptPolicies.peek(`${accountId}/${deviceId}`, version) ?? null;
}

/** Computes and stores the device's policy version; answers the policy with it (null: no such device). */
export async function refreshPolicy(db: DbOrTx, accountId: number, deviceId: number): Promise<LoadedPolicy | null> {
  const loaded = await loadPolicy(db, accountId, deviceId);
  const key = `${accountId}/${deviceId}`;
  keptPolicies.forget(key);
  if (loaded) keptPolicies.keep(key, loaded.version, { ...loaded, until: Date.now() + KEPT_POLICY_MS });
  const version = loaded?.version ?? '';
  // A version other than the last numbered one takes the next number (device_configs.policy_number).
  const renumbered = sql`${version} <> '' AND ${deviceConfigs.numberedVersion} <> ${version}`;
  await db
    .update(deviceConfigs)
    .set({
      policyVersion: version,
      policyNumber: sql`CASE WHEN ${renumbered} THEN ${deviceConfigs.policyNumber} + 1 ELSE ${deviceConfigs.policyNumber} END`,
      numberedVersion: sql`CASE WHEN ${renumbered} THEN ${version} ELSE ${deviceConfigs.numberedVersion} END`,
    })
    .where(and(eq(deviceConfigs.accountId, accountId), eq(deviceConfigs.deviceId, deviceId)));
  return loaded;
}

/** Recomputes and stores the device's policy version; answers it. Call in the transaction of the change. */
export async function refreshPolicyVersion(db: DbOrTx, accountId: number, deviceId: number): Promise<string> {
  return (await refreshPolicy(db, accountId, deviceId))?.version ?? '';
}
