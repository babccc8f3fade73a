/**
 * POST /api/agent/v1/enroll (design/agent-api.md "Identity and authentication"): an enrolment token
 * and the device's description for the device's id and a new secret. Re-enrolment never duplicates
 * a device: it is found by (account, instance_id), then by (account, kind, serial); it keeps its
 * history, name and settings, and gets a new secret (the old one stops working). Only a new device
 * counts as a use of the token. Two enrolments of one new device at once: the unique indexes let one
 * insert, and the other, run again, finds it. A new device starts with the default settings of its
 * kind (and so a policy version); both enrolments write a timeline line in the same transaction. A
 * mobile that names a console user (`user`) is lent to the user (lib/mobile-user.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  AGENT_CHECKIN_INTERVAL_S,
  AGENT_MSG,
  type AgentEnrollResponse,
  type AgentEnrollment as Enrolment,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { deviceConfigs, devices, enrolmentTokens } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { refreshPolicyVersion } from '../../lib/device-policy.js';
import { devicesListChanged } from '../../lib/devices-list-cache.js';
import { forgetDevice } from '../../lib/agent-devices.js';
import { recordTimeline } from '../../lib/device-timeline.js';
import { HttpError } from '../../lib/http-errors.js';
import { lendMobile } from '../../lib/mobile-user.js';

const SECRET_BYTES = 32;

/**
 * The settings a newly enrolled device starts with (docs/decisions.md): safe search on, website and
 * media requests allowed, and the kind's own switch off (beta service packs on machines, secondary
 * Google accounts on mobiles). An administrator changes them on the device's settings tab.
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

async function liveToken(tx: DbOrTx, token: string, now: Date) {
  const [t] = await tx
    .select()
    .from(enrolmentTokens)
    .where(eq(enrolmentTokens.tokenHash, sha256(token)))
    .for('update')
    .limit(1);
  if (!t || t.revokedAt || t.expiresAt.getTime() <= now.getTime()) return null;
  return t;
}

async function knownDevice(tx: DbOrTx, accountId: number, b: Enrolment) {
  const [byInstance] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.accountId, accountId), eq(devices.instanceId, b.instance_id)))
    .limit(1);
  if (byInstance) return byInstance;
  const [bySerial] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.accountId, accountId), eq(devices.kind, b.kind), eq(devices.serial, b.serial)))
    .limit(1);
  return bySerial ?? null;
}

async function enrolOnce(db: DbOrTx, b: Enrolment, ip: string, now: Date): Promise<AgentEnrollResponse> {
  const secret = randomToken(SECRET_BYTES);
  return db.transaction(async (tx) => {
    const token = await liveToken(tx, b.token, now);
    if (!token) throw tokenInvalid();
    const known = await knownDevice(tx, token.accountId, b);
    const reported = {
      instanceId: b.instance_id,
      hardwareUuid: b.hardware_uuid,
      os: b.os,
      osVersion: b.os_version,
      agentVersion: b.agent_version,
      // The product version the console shows (001 §3 'version') is the agent's.
      ...(b.agent_version ? { version: b.agent_version } : {}),
      modelName: b.model,
      agentTokenHash: sha256(secret),
      lastOnline: now,
      statusUpdated: now,
    };
    let deviceId: number;
    if (known) {
      // Its old secret no longer holds: not from the device cache either (again once committed, in enrol).
      forgetDevice(known.id);
      // A new secret starts a new agent's life: its check-ins count from the start again.
      await tx
        .update(devices)
        .set({ ...reported, lastCheckinSeq: -1 })
        .where(and(eq(devices.id, known.id), eq(devices.accountId, token.accountId)));
      deviceId = known.id;
    } else {
      if (token.uses >= token.maxUses) throw tokenInvalid();
      const [created] = await tx
        .insert(devices)
        .values({
          ...reported,
          accountId: token.accountId,
          kind: b.kind,
          serial: b.serial,
          name: b.name,
          registeredDate: now,
          enrolledAt: now,
          enrolmentTokenId: token.id,
          checkinIntervalS: AGENT_CHECKIN_INTERVAL_S,
        })
        .returning({ id: devices.id });
      deviceId = created!.id;
      await tx
        .update(enrolmentTokens)
        .set({ uses: sql`${enrolmentTokens.uses} + 1` })
        .where(eq(enrolmentTokens.id, token.id));
      await tx
        .insert(deviceConfigs)
        .values({ accountId: token.accountId, deviceId, boolSettings: defaultBoolSettings(b.kind) })
        .onConflictDoNothing();
      await refreshPolicyVersion(tx, token.accountId, deviceId);
      // The devices list's kept totals of the account lack the new device: forget them.
      devicesListChanged(token.accountId);
    }
    await recordTimeline(tx, {
      accountId: token.accountId,
      deviceId,
      kind: known ? 're_enrolled' : 'enrolled',
      text: known
        ? `Enrolled again with the token "${token.label}": a new device secret, history and settings kept`
        : `Enrolled with the token "${token.label}"`,
      at: now,
    });
    // After its enrolment line: a mobile enrolled for a console user is lent to the user and gets the
    // apps that gives it.
    if (b.kind === 'mobile' && b.user !== undefined)
      await lendMobile(tx, { accountId: token.accountId, deviceId, username: b.user, now, ip });
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
    };
  });
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown } | null;
  return !!err && (err.code === '23505' || isUniqueViolation(err.cause));
};

export async function enrol(db: DbOrTx, b: Enrolment, ip: string, now = new Date()): Promise<AgentEnrollResponse> {
  let answer: AgentEnrollResponse;
  try {
    answer = await enrolOnce(db, b, ip, now);
  } catch (e) {
    // The same new device enrolled at the same moment by another call: now it is known.
    if (!isUniqueViolation(e)) throw e;
    answer = await enrolOnce(db, b, ip, now);
  }
  // A call with the old secret between the forget and the commit may have kept it again.
  forgetDevice(answer.device_id);
  return answer;
}
