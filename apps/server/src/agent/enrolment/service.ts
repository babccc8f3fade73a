/**
 * POST /api/agent/v1/enroll (docs/design/agent-api.md "Identity and authentication"): an enrolment token
 * and the device's description for the device's id and a new secret. Only a live token enrols (not
 * revoked, not expired, not used up), a new device or a known one. Re-enrolment never duplicates a
 * device: it is found by (account, instance_id), then by (account, kind, serial). A caller that proves
 * it is the device (`Authorization: Bearer <its current secret>`) gets a new secret (the old one stops
 * working in every process at commit), keeping its history, name and settings. Without that proof the
 * enrolment is held as a replacement a Console Admin decides (./replacement.ts, issue 25): no working
 * secret. A retired device enrols no more (401 device_retired). A new device and a replacement count as
 * uses of the token. Two enrolments of one new device at once: the unique indexes let one insert, and
 * the other, run again, finds it. A new device starts with the default settings of its kind (and so a
 * policy version); every enrolment writes a timeline line in the same transaction. A mobile enrolled
 * with a token made for a console user is lent to that user (domain/devices/mobile-user.ts); what the device says
 * (`user`) never is.
 */
import {
  AGENT_CHECKIN_INTERVAL_S,
  AGENT_MSG,
  type AgentEnrollResponse,
  type AgentEnrollment as Enrolment,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { audit } from '../../domain/access/audit.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { refreshPolicyVersion } from '../../domain/devices/device-policy.js';
import { broadcastDeviceChange, forgetDevice } from '../../domain/devices/agent-devices.js';
import { recordTimeline } from '../../domain/devices/device-timeline.js';
import { HttpError } from '../../lib/http-errors.js';
import { lendMobile } from '../../domain/devices/mobile-user.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { holdReplacement } from './replacement.js';
import {
  countTokenUse,
  insertDevice,
  insertDeviceConfig,
  knownDevice,
  lockedToken,
  reenrolDevice,
  type Reported,
} from './repository.js';

export const SECRET_BYTES = 32;

/**
 * The settings a newly enrolled device starts with (docs/decisions/devices.md
 * "A new device starts with default settings"): safe search on, website and media requests allowed, and the kind's own
 * switch off (beta service packs on machines, secondary Google accounts on mobiles). An administrator changes them on
 * the device's settings tab.
 */
export function defaultBoolSettings(kind: 'machine' | 'mobile'): { key: string; value: boolean }[] {
  return [
    { key: 'safe_search_enabled', value: true },
    { key: 'allow_website_requests', value: true },
    { key: 'allow_media_requests', value: true },
    kind === 'machine'
      ? { key: 'allow_beta_service_pack_install', value: false }
      : { key: 'allow_google_secondary_accounts', value: false },
  ];
}

export const tokenInvalid = () => new HttpError(401, AGENT_MSG.tokenInvalid, { error_code: 'token_invalid' as const });
const deviceRetired = () => new HttpError(401, AGENT_MSG.deviceRetired, { error_code: 'device_retired' as const });

/** The token, locked, when it can enrol now: not revoked, not expired, not used up. */
async function liveToken(tx: DbOrTx, token: string, now: Date) {
  const t = await lockedToken(tx, token);
  if (!t || t.revokedAt || t.expiresAt.getTime() <= now.getTime() || t.uses >= t.maxUses) return null;
  return t;
}

async function enrolOnce(
  db: DbOrTx,
  b: Enrolment,
  ip: string,
  presented: string | null,
  now: Date,
): Promise<AgentEnrollResponse> {
  const secret = randomToken(SECRET_BYTES);
  return db.transaction(async (tx) => {
    const token = await liveToken(tx, b.token, now);
    if (!token) throw tokenInvalid();
    const known = await knownDevice(tx, token.accountId, b);
    if (known?.deactivatedDate) throw deviceRetired();
    if (known && (presented === null || known.agentTokenHash !== sha256(presented))) {
      await countTokenUse(tx, token.id);
      return holdReplacement(tx, { token, deviceId: known.id, b, ip, claim: secret, now });
    }
    const reported: Reported = {
      instanceId: b.instance_id,
      hardwareUuid: b.hardware_uuid,
      os: b.os,
      osVersion: b.os_version,
      agentVersion: b.agent_version,
      // The product version the console shows (001 §3 'version') is the agent's.
      ...(b.agent_version ? { version: b.agent_version } : {}),
      modelName: b.model,
      agentTokenHash: sha256(secret),
      enrolledFrom: ip,
      lastOnline: now,
      statusUpdated: now,
    };
    let deviceId: number;
    if (known) {
      // Its old secret no longer holds: not from any process's device cache (again once committed, in enrol).
      forgetDevice(known.id);
      await broadcastDeviceChange(tx, known.id, sha256(secret));
      // A new secret starts a new agent's life: its check-ins count from the start again.
      await reenrolDevice(tx, token.accountId, known.id, reported);
      deviceId = known.id;
    } else {
      deviceId = await insertDevice(tx, {
        ...reported,
        accountId: token.accountId,
        kind: b.kind,
        serial: b.serial,
        name: b.name,
        registeredDate: now,
        enrolledAt: now,
        enrolmentTokenId: token.id,
        checkinIntervalS: AGENT_CHECKIN_INTERVAL_S,
      });
      await countTokenUse(tx, token.id);
      await insertDeviceConfig(tx, token.accountId, deviceId, defaultBoolSettings(b.kind));
      await refreshPolicyVersion(tx, token.accountId, deviceId);
    }
    await recordTimeline(tx, {
      accountId: token.accountId,
      deviceId,
      kind: known ? 're_enrolled' : 'enrolled',
      text: known
        ? `Enrolled again with the token "${token.label}" and its current secret: a new device secret, history and settings kept`
        : `Enrolled with the token "${token.label}"`,
      at: now,
    });
    // After its enrolment line: a new mobile enrolled with a token made for a console user is lent to the
    // user and gets the apps that gives it. What the device names (`user`) is never a link (issue 25).
    if (!known && b.kind === 'mobile' && token.userId !== null)
      await lendMobile(tx, { accountId: token.accountId, deviceId, userId: token.userId, now, ip });
    await audit(tx, {
      action: known ? 'device.reenrolled' : 'device.enrolled',
      accountId: token.accountId,
      targetType: 'device',
      targetId: deviceId,
      ip,
      details: { enrolment_token_id: token.id, instance_id: b.instance_id },
    });
    return {
      server_time: Math.floor(now.getTime() / 1000),
      device_id: deviceId,
      device_secret: secret,
      checkin_interval_s: AGENT_CHECKIN_INTERVAL_S,
      status: 'enrolled' as const,
    };
  });
}

/**
 * `presented`: the secret the caller sent as `Authorization: Bearer` (null without one): the device's
 * current secret rotates it; anything else holds a known device's enrolment as a replacement.
 */
export async function enrol(
  db: DbOrTx,
  b: Enrolment,
  ip: string,
  presented: string | null,
  now = new Date(),
): Promise<AgentEnrollResponse> {
  let answer: AgentEnrollResponse;
  try {
    answer = await enrolOnce(db, b, ip, presented, now);
  } catch (e) {
    // The same new device enrolled (or held) at the same moment by another call: now it is known.
    if (!isUniqueViolation(e)) throw e;
    answer = await enrolOnce(db, b, ip, presented, now);
  }
  if (answer.status !== 'enrolled') return answer;
  // A call with the old secret between the forget and the commit may have kept it again.
  forgetDevice(answer.device_id, sha256(answer.device_secret));
  return answer;
}
