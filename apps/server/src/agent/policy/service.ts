/**
 * GET /api/agent/v1/policy (docs/design/agent-api.md 'Policy'): the device's effective policy and its
 * version. The version is kept in device_configs.policy_version (domain/devices/device-policy.ts), so a device
 * that sends the version it has (If-None-Match) gets 304 after one indexed read, without the policy
 * being loaded or computed. A stored version of '' (never computed) is computed and stored first.
 */
import type { AgentPolicyResponse } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { keptPolicy, loadPolicy, refreshPolicy } from '../../domain/devices/device-policy.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { deviceGone } from '../../domain/devices/agent-devices.js';
import { storedVersion } from './repository.js';

/** The versions an If-None-Match header names (weak or strong, a list, or '*'). */
export function etagsOf(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .map((t) => (t.startsWith('"') && t.endsWith('"') && t.length >= 2 ? t.slice(1, -1) : t));
}

/** `text`: the body as JSON, written from the policy's canonical JSON (the one its version hashes). */
export type PolicyAnswer =
  { notModified: true; version: string } | { notModified: false; body: AgentPolicyResponse; text: string };

export async function policyOf(
  db: Db,
  device: AgentDevice,
  ifNoneMatch: string | undefined,
  now = new Date(),
): Promise<PolicyAnswer> {
  const known = etagsOf(ifNoneMatch);
  const version = await storedVersion(db, device);
  if (version !== null && version !== '' && (known.includes(version) || known.includes('*')))
    return { notModified: true, version };
  // A stored version of '' was cleared by a change: the policy is computed again and its version stored.
  // A version just computed (by the check-in that named it) is answered as it was computed.
  const kept = version ? keptPolicy(device.accountId, device.id, version) : null;
  const loaded = kept
    ? kept
    : version === ''
      ? await refreshPolicy(db, device.accountId, device.id)
      : await loadPolicy(db, device.accountId, device.id);
  if (!loaded) throw deviceGone(device.id);
  if (known.includes(loaded.version)) return { notModified: true, version: loaded.version };
  const serverTime = Math.floor(now.getTime() / 1000);
  return {
    notModified: false,
    body: { server_time: serverTime, version: loaded.version, ...loaded.policy },
    // JSON.stringify(body), without writing the policy (hundreds of KB) a second time.
    text: `{"server_time":${serverTime},"version":${JSON.stringify(loaded.version)},${loaded.json.slice(1)}`,
  };
}
