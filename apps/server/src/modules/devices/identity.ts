/**
 * Device identity in the console (issue 25, docs/decisions/devices.md "Device identity (issue 25)"): the replacement
 * awaiting a decision (GET/POST /devices/replacement), retiring a device (POST /devices/retire) and a
 * mobile's console user (POST /devices/mobile_user). Every change is conditional (of two
 * administrators at once exactly one wins; the other gets 409 with the reason), runs with its
 * timeline line and audit record in one transaction, and broadcasts the device's forget so that every
 * server process refuses or accepts its secrets from the commit on.
 */
import {
  DEVICE_IDENTITY_MSG,
  DEVICE_MSG,
  type DecideReplacementRequest,
  type DeviceHardware,
  type DeviceKind,
  type DeviceQuery,
  type DeviceReplacementResponse,
  type LinkMobileUserRequest,
} from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { broadcastDeviceChange, forgetDevice } from '../../domain/devices/agent-devices.js';
import { audit } from '../../domain/access/audit.js';
import { recordTimeline } from '../../domain/devices/device-timeline.js';
import { retireDevice } from '../../domain/devices/device-retire.js';
import { HttpError, badRequest, notInAccount } from '../../lib/http-errors.js';
import { lendMobile } from '../../domain/devices/mobile-user.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { clearReplacementAlert } from '../../domain/devices/replacement-alert.js';
import { findDevice, type DeviceRecord } from './repository.js';
import { adoptReplacement, decidePending, pendingReplacement } from './sql/identity.js';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** The device, locked for the change (or read), or the 404 of an unknown id. */
async function lockedDevice(tx: DbOrTx, a: Actor, kind: DeviceKind, serial: string): Promise<DeviceRecord> {
  const d = await findDevice(tx, a.accountId, kind, serial, { lock: true });
  if (!d) throw notInAccount('device', serial);
  return d;
}

function currentHardware(d: DeviceRecord): DeviceHardware {
  return {
    serial: d.serial,
    instance_id: d.instanceId ?? '',
    hardware_uuid: d.hardwareUuid,
    model: d.modelName,
    os: d.os,
    os_version: d.osVersion,
    agent_version: d.agentVersion,
    address: d.enrolledFrom,
    at: seconds(d.enrolledAt),
  };
}

/** GET /devices/replacement: the device's pending replacement beside its current hardware. */
export async function deviceReplacement(db: Db, a: Actor, q: DeviceQuery): Promise<DeviceReplacementResponse> {
  const d = await findDevice(db, a.accountId, q.type, q.id);
  if (!d) throw notInAccount('device', q.id);
  const r = await pendingReplacement(db, a.accountId, d.id);
  if (!r) return { replacement: null };
  return {
    replacement: {
      id: r.id,
      token_label: r.tokenLabel,
      current: currentHardware(d),
      proposed: {
        serial: r.serial,
        instance_id: r.instanceId,
        hardware_uuid: r.hardwareUuid,
        model: r.modelName,
        os: r.os,
        os_version: r.osVersion,
        agent_version: r.agentVersion,
        address: r.address,
        at: seconds(r.requestedAt),
      },
    },
  };
}

/**
 * POST /devices/replacement: approve (the claim becomes the device's secret: the old secret is refused
 * from the commit on, the new hardware's details replace the old, its check-ins count from the start)
 * or refuse (the claim answers 'replacement_refused'). Only a pending replacement is decided: one
 * decided or superseded meanwhile answers 409.
 */
export async function decideReplacement(db: Db, a: Actor, b: DecideReplacementRequest, now = new Date()) {
  const decided = await db
    .transaction(async (tx) => {
      const d = await lockedDevice(tx, a, b.type, b.id);
      if (d.deactivatedDate) throw badRequest(DEVICE_MSG.deactivated);
      const approve = b.decision === 'approve';
      const r = await decidePending(tx, a.accountId, d.id, b.replacement_id, { approve, at: now, byName: a.name });
      if (!r) throw new HttpError(409, DEVICE_IDENTITY_MSG.replacementDecided);
      if (approve) await adoptReplacement(tx, a.accountId, d.id, r, now);
      await clearReplacementAlert(tx, a.accountId, d.id, now);
      const what = `serial ${r.serial}, instance ${r.instanceId}, from ${r.address || 'an unknown address'}`;
      await recordTimeline(tx, {
        accountId: a.accountId,
        deviceId: d.id,
        kind: approve ? 'replacement_approved' : 'replacement_refused',
        text: approve
          ? `Replacement approved: the device (${what}) holds this device's secret now; the old one is refused`
          : `Replacement refused: the device (${what}) gets no secret`,
        actor: a.name,
        at: now,
      });
      await audit(tx, {
        action: approve ? 'device.replacement_approved' : 'device.replacement_refused',
        ...byActor(a),
        targetType: 'device',
        targetId: d.id,
        details: { serial: d.serial, kind: d.kind, replacement_id: r.id, instance_id: r.instanceId },
      });
      await broadcastDeviceChange(tx, d.id, r.claimHash);
      return { deviceId: d.id, claimHash: r.claimHash };
    })
    .catch((e: unknown) => {
      // Another device of the account took the replacement's instance id meanwhile.
      if (isUniqueViolation(e)) throw new HttpError(409, DEVICE_IDENTITY_MSG.instanceTaken);
      throw e;
    });
  forgetDevice(decided.deviceId, decided.claimHash);
}

/** POST /devices/retire: retired once (409 when another administrator retired it first). */
export async function retireOne(db: Db, a: Actor, q: DeviceQuery, now = new Date()): Promise<void> {
  const id = await db.transaction(async (tx) => {
    const d = await lockedDevice(tx, a, q.type, q.id);
    if (!(await retireDevice(tx, a, d.id, 'by an administrator on its page', now)))
      throw new HttpError(409, DEVICE_IDENTITY_MSG.alreadyRetired);
    return d.id;
  });
  forgetDevice(id);
}

/** POST /devices/mobile_user: an administrator links the mobile to a console user of the account, or unlinks it. */
export async function linkMobileUser(db: Db, a: Actor, b: LinkMobileUserRequest, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const d = await lockedDevice(tx, a, 'mobile', b.id);
    if (d.deactivatedDate) throw badRequest(DEVICE_MSG.deactivated);
    const r = await lendMobile(tx, { accountId: a.accountId, deviceId: d.id, userId: b.user_id, now, ip: a.ip, by: a });
    if (!r.known) throw notInAccount('user', b.user_id!, DEVICE_IDENTITY_MSG.unknownUser);
    if (!r.changed) return;
    await recordTimeline(tx, {
      accountId: a.accountId,
      deviceId: d.id,
      kind: 'user_linked',
      text: b.user_id === null ? 'Unlinked from its console user' : 'Linked to a console user',
      actor: a.name,
      at: now,
    });
  });
}
