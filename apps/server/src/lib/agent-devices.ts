/**
 * The device lookup of the device-facing API's authentication (plugins/agent-auth.ts). A device makes
 * its calls in bursts (check-in, then policy, commands, results), so a device found by its secret is
 * kept in this process for DEVICE_SECRET_CACHE_MS: what it holds (id, account, kind) never changes for
 * a device; only the secret does, when the device enrols again, and an enrolment in this process
 * forgets the device at once, and again once it has committed (forgetDevice). An enrolment made by another
 * server instance retires the old secret there at once, here within DEVICE_SECRET_CACHE_MS.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { AgentDevice } from '../types.js';
import { executeNamed } from './named-statements.js';

export const DEVICE_SECRET_CACHE_MS = 60_000;
const MAX_KEPT = 100_000;

const bySecret = new Map<string, { device: AgentDevice; until: number }>();
const secretOfDevice = new Map<number, string>();

function drop(secretHash: string): void {
  const kept = bySecret.get(secretHash);
  if (!kept) return;
  bySecret.delete(secretHash);
  if (secretOfDevice.get(kept.device.id) === secretHash) secretOfDevice.delete(kept.device.id);
}

/** Runs before every device call: kept, or a named statement (planned once per connection, lib/named-statements.ts). */
export async function findDeviceBySecretHash(db: DbOrTx, secretHash: string): Promise<AgentDevice | null> {
  const now = Date.now();
  const kept = bySecret.get(secretHash);
  if (kept && kept.until > now) return kept.device;
  if (kept) drop(secretHash);
  const r = await executeNamed<AgentDevice>(
    db,
    sql`SELECT id, account_id AS "accountId", kind FROM devices WHERE agent_token_hash = ${secretHash}::text LIMIT 1`,
  );
  const device = r.rows[0] ?? null;
  if (device) {
    if (bySecret.size >= MAX_KEPT) drop(bySecret.keys().next().value as string);
    const previous = secretOfDevice.get(device.id);
    if (previous !== undefined && previous !== secretHash) drop(previous);
    bySecret.set(secretHash, { device, until: now + DEVICE_SECRET_CACHE_MS });
    secretOfDevice.set(device.id, secretHash);
  }
  return device;
}

/** Forgets the kept secret of a device (it enrolled again: its old secret no longer holds). */
export function forgetDevice(deviceId: number): void {
  const secretHash = secretOfDevice.get(deviceId);
  if (secretHash !== undefined) drop(secretHash);
}

/** The calling device (routes that declare `agent: 'device'` only). */
export function deviceOf(request: { device: AgentDevice | null }): AgentDevice {
  if (!request.device) throw new Error('deviceOf on a route without a device');
  return request.device;
}
