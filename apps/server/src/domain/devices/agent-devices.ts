/**
 * The device lookup of the device-facing API's authentication (plugins/agent-auth.ts). A device makes
 * its calls in bursts (check-in, then policy, commands, results), so a device found by its secret is
 * kept in this process for DEVICE_SECRET_CACHE_MS: what it holds (id, account, kind) never changes for
 * a device; only whether its secret still holds does (a re-enrolment, an approved replacement, a
 * retirement). Each such change broadcasts a forget of the device (lib/kept/broadcast.ts) inside its
 * transaction, which every process hears at commit; while this process's listener is down, found
 * devices are kept DEVICE_SECRET_UNHEARD_MS only.
 *
 * A secret no device holds is refused from a short negative cache (UNKNOWN_SECRET_CACHE_MS, at most
 * MAX_REFUSED entries), so that a made-up bearer costs no database round trip each time; a secret that
 * becomes valid (a rotation, an approved replacement) is forgotten there by a 'secret' broadcast.
 */
import { sql } from 'drizzle-orm';
import { AGENT_MSG } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { AgentDevice } from './agent-device.js';
import { broadcastForget, forgetHere, forgetsHeard, onForget } from '../../lib/kept/broadcast.js';
import { HttpError } from '../../lib/http-errors.js';
import { Lru } from '../../lib/kept/lru.js';
import { keptNamed } from '../../lib/kept/registry.js';
import { Ttl } from '../../lib/kept/ttl.js';
import { executeNamed } from '../../lib/named-statements.js';

export const DEVICE_SECRET_CACHE_MS = 60_000;
/** How long a found device is kept while this process cannot hear forgets. */
export const DEVICE_SECRET_UNHEARD_MS = 2_000;
/** How long a refused secret is refused without asking the database again. */
export const UNKNOWN_SECRET_CACHE_MS = 3_000;
const MAX_KEPT = 100_000;
const MAX_REFUSED = 10_000;

/** Why a secret opens nothing: the 401's error_code (contracts AGENT_ERROR_CODES). */
export type AgentRefusal = 'reenrol' | 'device_retired' | 'replacement_pending' | 'replacement_refused';
export type SecretCheck = { device: AgentDevice; refusal?: never } | { device?: never; refusal: AgentRefusal };

export const REFUSAL_MSG: Record<AgentRefusal, string> = {
  reenrol: AGENT_MSG.reenrol,
  device_retired: AGENT_MSG.deviceRetired,
  replacement_pending: AGENT_MSG.replacementPending,
  replacement_refused: AGENT_MSG.replacementRefused,
};

keptNamed('device-secrets');
keptNamed('refused-secrets');
const bySecret = new Ttl<string, AgentDevice>({ ttlMs: DEVICE_SECRET_CACHE_MS, maxEntries: MAX_KEPT });
/** Which secret a device is kept under (bySecret's index by device). */
const secretOfDevice = new Lru<number, string>({ maxEntries: MAX_KEPT });
const refused = new Ttl<string, AgentRefusal>({ ttlMs: UNKNOWN_SECRET_CACHE_MS, maxEntries: MAX_REFUSED });
/** Grows with every forget: a lookup that started before one does not keep what it read. */
let generation = 0;

function drop(secretHash: string): void {
  const device = bySecret.entry(secretHash)?.value;
  if (!device) return;
  bySecret.delete(secretHash);
  if (secretOfDevice.peek(device.id) === secretHash) secretOfDevice.delete(device.id);
}

function refuse(secretHash: string, refusal: AgentRefusal, now: number): SecretCheck {
  refused.set(secretHash, refusal, UNKNOWN_SECRET_CACHE_MS, now);
  return { refusal };
}

type Found = AgentDevice & { retired: boolean };

/** Runs before every device call: kept, or a named statement (planned once per connection, lib/named-statements.ts). */
export async function findDeviceBySecretHash(db: DbOrTx, secretHash: string): Promise<SecretCheck> {
  const now = Date.now();
  const kept = bySecret.entry(secretHash);
  if (kept && kept.until > now) return { device: kept.value };
  if (kept) drop(secretHash);
  const no = refused.get(secretHash, now);
  if (no) return { refusal: no };
  const seen = generation;
  const r = await executeNamed<Found>(
    db,
    sql`SELECT id, account_id AS "accountId", kind, deactivated_date IS NOT NULL AS retired
      FROM devices WHERE agent_token_hash = ${secretHash}::text LIMIT 1`,
  );
  const found = r.rows[0];
  if (!found) {
    const claim = await executeNamed<{ state: string }>(
      db,
      sql`SELECT state FROM device_replacements WHERE claim_hash = ${secretHash}::text LIMIT 1`,
    );
    const state = claim.rows[0]?.state;
    const refusal: AgentRefusal =
      state === 'pending'
        ? 'replacement_pending'
        : state === 'refused' || state === 'superseded'
          ? 'replacement_refused'
          : 'reenrol';
    return seen === generation ? refuse(secretHash, refusal, now) : { refusal };
  }
  if (found.retired)
    return seen === generation ? refuse(secretHash, 'device_retired', now) : { refusal: 'device_retired' };
  const device: AgentDevice = { id: found.id, accountId: found.accountId, kind: found.kind };
  if (seen !== generation) return { device };
  const previous = secretOfDevice.peek(device.id);
  if (previous !== undefined && previous !== secretHash) drop(previous);
  bySecret.set(secretHash, device, forgetsHeard() ? DEVICE_SECRET_CACHE_MS : DEVICE_SECRET_UNHEARD_MS, now);
  secretOfDevice.set(device.id, secretHash);
  return { device };
}

function forgetDeviceHere(key: string | null): void {
  generation++;
  if (key === null) {
    bySecret.clear();
    secretOfDevice.clear();
    refused.clear();
    return;
  }
  const secretHash = secretOfDevice.peek(Number(key));
  if (secretHash !== undefined) drop(secretHash);
}

function forgetSecretHere(key: string | null): void {
  generation++;
  if (key === null) {
    refused.clear();
    return;
  }
  drop(key);
  refused.delete(key);
}

onForget('device', forgetDeviceHere);
onForget('secret', forgetSecretHere);

/**
 * Every process forgets the device's kept secret, and the refusals of the given secret hashes (ones
 * that become valid), once the caller's transaction commits. Call inside the transaction that changes
 * the device's secret or state, and `forgetDevice` again after it committed.
 */
export async function broadcastDeviceChange(tx: DbOrTx, deviceId: number, ...secretHashes: string[]): Promise<void> {
  await broadcastForget(tx, 'device', deviceId);
  for (const h of secretHashes) await broadcastForget(tx, 'secret', h);
}

/** Forgets here, at once, the kept secret of a device (and the given secret hashes' refusals). */
export function forgetDevice(deviceId: number, ...secretHashes: string[]): void {
  forgetHere('device', String(deviceId));
  for (const h of secretHashes) forgetHere('secret', h);
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** The secret an `Authorization: Bearer <secret>` header carries, or null. */
export function bearerSecret(header: string | undefined): string | null {
  return BEARER.exec(header ?? '')?.[1] ?? null;
}

/** The calling device (routes that declare `agent: 'device'` only). */
export function deviceOf(request: { device: AgentDevice | null }): AgentDevice {
  if (!request.device) throw new Error('deviceOf on a route without a device');
  return request.device;
}

/**
 * A calling device whose row is gone (its account deleted, or by hand) while its secret was still
 * kept: 401 'reenrol' like any unknown secret, never a 500 (issue 25).
 */
export const deviceGone = (deviceId: number) => {
  forgetDevice(deviceId);
  return new HttpError(401, AGENT_MSG.reenrol, { error_code: 'reenrol' as const });
};
