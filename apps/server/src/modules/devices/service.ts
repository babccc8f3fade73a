/**
 * Devices of the session's account (001 §2-§5, §8): details, rename, alerts, settings, the mobile
 * commands (lock screen, device password) and the commands and timeline views. A device is found by
 * (account, kind, serial); one of another account, or a mobile-only action on a machine, answers the
 * 404 of an unknown id. Every change runs in one transaction with its timeline line and audit entry.
 */
import {
  DEVICE_BOOL_SETTING_KEYS,
  DEVICE_MSG,
  DEVICE_TIMELINE_PAGE,
  deviceOnline,
  MSG,
  type DeviceAlertsResponse,
  type DeviceCommandsResponse,
  type DeviceConfig,
  type DeviceDetails,
  type DeviceKind,
  type DeviceQuery,
  type DevicesListQuery,
  type DevicesListResponse,
  type DeviceTimelineResponse,
  type LockMobileResponse,
  type RenameDeviceRequest,
  type ResetMobilePasswordResponse,
  type UpdateDeviceConfigRequest,
} from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { audit } from '../../domain/access/audit.js';
import { listCommands, expireDueCommands, queueCommand } from '../../domain/devices/device-commands.js';
import { refreshPolicyVersion } from '../../domain/devices/device-policy.js';
import { recordTimeline } from '../../domain/devices/device-timeline.js';
import { HttpError, badRequest, notInAccount } from '../../lib/http-errors.js';
import { enqueueMail } from '../../lib/mailer.js';
import { sealText } from '../../lib/secret-box.js';
import { listItem, toDetails } from './present.js';
import { devicePasswordMail } from './mail.js';
import {
  deviceUsersOf,
  findConfig,
  findDevice,
  listDevices as listPage,
  mainUserOf,
  openAlerts,
  renameDevice as renameRow,
  timelinePage,
  updateConfig,
  userContact,
  type DeviceRecord,
} from './repository.js';
import { applySettings } from './settings.js';

const BOOL_KEYS: readonly string[] = DEVICE_BOOL_SETTING_KEYS;

/** The device, or the 404 of an unknown id (audited by the error handler when another account has it). */
async function deviceOf(db: DbOrTx, a: Actor, kind: DeviceKind, serial: string): Promise<DeviceRecord> {
  const d = await findDevice(db, a.accountId, kind, serial);
  if (!d) throw notInAccount('device', serial);
  return d;
}

/** GET /devices: one page of the account's devices and the view's total. */
export async function listDevices(db: Db, a: Actor, q: DevicesListQuery): Promise<DevicesListResponse> {
  const { rows, total } = await listPage(db, a.accountId, q);
  return { devices: rows.map(listItem), total_count: total };
}

/** GET /devices/details. */
export async function deviceDetails(db: Db, a: Actor, q: DeviceQuery): Promise<DeviceDetails> {
  const d = await deviceOf(db, a, q.type, q.id);
  const [user, seen, config] = await Promise.all([
    mainUserOf(db, d),
    deviceUsersOf(db, a.accountId, d.id),
    findConfig(db, a.accountId, d.id),
  ]);
  // A version cleared by a web-access change is computed now (and numbered), so the page shows applied or pending.
  let names = config;
  if (config && config.policyVersion === '') {
    await refreshPolicyVersion(db, a.accountId, d.id);
    names = await findConfig(db, a.accountId, d.id);
  }
  return toDetails(d, user, seen, {
    version: names ? names.policyVersion : '',
    number: names ? names.policyNumber : 0,
    numberedVersion: names ? names.numberedVersion : '',
  });
}

/** POST /devices/details: rename. Of two administrators renaming at once, the first wins; the second is told. */
export async function renameDevice(db: Db, a: Actor, b: RenameDeviceRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const d = await deviceOf(tx, a, b.type, b.id);
    if (d.name === b.name) return;
    if (!(await renameRow(tx, a.accountId, d.id, d.name, b.name)))
      throw new HttpError(409, DEVICE_MSG.renamedMeanwhile);
    await recordTimeline(tx, {
      accountId: a.accountId,
      deviceId: d.id,
      kind: 'renamed',
      text: `Renamed from ${d.name} to ${b.name}`,
      actor: a.name,
    });
    await audit(tx, {
      action: 'device.renamed',
      ...byActor(a),
      targetType: 'device',
      targetId: d.id,
      details: { serial: d.serial, kind: d.kind, from: d.name, to: b.name },
    });
  });
}

/** GET /devices/alerts: the open alerts, newest first. */
export async function deviceAlerts(db: Db, a: Actor, q: DeviceQuery): Promise<DeviceAlertsResponse> {
  const d = await deviceOf(db, a, q.type, q.id);
  return { alerts: await openAlerts(db, a.accountId, d.id) };
}

/** GET /devices/config. Settings outside the contract's keys (none are written) are not shown. */
export async function deviceConfig(db: Db, a: Actor, q: DeviceQuery): Promise<DeviceConfig> {
  const d = await deviceOf(db, a, q.type, q.id);
  const c = await findConfig(db, a.accountId, d.id);
  return {
    bool_settings: (c?.boolSettings ?? [])
      .filter((s) => BOOL_KEYS.includes(s.key))
      .map((s) => ({ key: s.key as (typeof DEVICE_BOOL_SETTING_KEYS)[number], value: s.value })),
    string_settings: (c?.stringSettings ?? []).map((s) => ({ key: s.key, value: s.value })),
    is_unlocked: c?.isUnlocked ?? false,
  };
}

/** Attempts of a settings change before giving up on concurrent writers (each retry re-reads). */
const CONFIG_ATTEMPTS = 3;

/**
 * POST /devices/config: the sent keys' values replace the stored ones (compare and set: a concurrent
 * change of other keys is re-read and kept). The policy version is refreshed in the same transaction;
 * the timeline names what changed. Nothing changed: no timeline line, no audit entry.
 */
export async function updateDeviceConfig(db: Db, a: Actor, b: UpdateDeviceConfigRequest): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const done = await db.transaction(async (tx) => {
      const d = await deviceOf(tx, a, b.type, b.id);
      if (d.deactivatedDate) throw badRequest(DEVICE_MSG.deactivated);
      const stored = await findConfig(tx, a.accountId, d.id);
      const current = { boolSettings: stored?.boolSettings ?? [], stringSettings: stored?.stringSettings ?? [] };
      const { next, changes } = applySettings(current, b);
      if (changes.length === 0) return true;
      if (!(await updateConfig(tx, a.accountId, d.id, current, next, new Date()))) return false;
      await refreshPolicyVersion(tx, a.accountId, d.id);
      await recordTimeline(tx, {
        accountId: a.accountId,
        deviceId: d.id,
        kind: 'settings_changed',
        text: `Settings changed: ${changes.join(', ')}`,
        actor: a.name,
      });
      await audit(tx, {
        action: 'device.config_changed',
        ...byActor(a),
        targetType: 'device',
        targetId: d.id,
        details: { serial: d.serial, kind: d.kind, changes },
      });
      return true;
    });
    if (done) return;
    if (attempt >= CONFIG_ATTEMPTS) throw new HttpError(409, MSG.lastActionFailed);
  }
}

/** PUT /devices/lock_mobile_device: queues a lock_screen command (a newer one supersedes an older open one). */
/** Whether the device was online as its command is queued (the console's note on an offline one). */
const onlineNow = (d: { lastOnline: Date | null }) =>
  deviceOnline(d.lastOnline ? Math.floor(d.lastOnline.getTime() / 1000) : 0);

export async function lockMobile(db: Db, a: Actor, serial: string): Promise<LockMobileResponse> {
  return db.transaction(async (tx) => {
    const d = await deviceOf(tx, a, 'mobile', serial);
    if (d.deactivatedDate) throw badRequest(DEVICE_MSG.deactivated);
    const { id } = await queueCommand(tx, {
      accountId: a.accountId,
      deviceId: d.id,
      type: 'lock_screen',
      payload: {},
      createdByName: a.name,
    });
    await audit(tx, {
      action: 'device.lock_sent',
      ...byActor(a),
      targetType: 'device',
      targetId: d.id,
      details: { serial: d.serial, command_id: id },
    });
    return { success: true, device_online: onlineNow(d) };
  });
}

/**
 * POST /devices/reset_mobile_password: queues a set_password command whose payload holds the password
 * sealed (lib/secret-box.ts). A refusal the dialog shows inline answers success false. With send_email,
 * the acting administrator is told by mail that a password was set; the password is never mailed.
 */
export async function resetMobilePassword(
  db: Db,
  a: Actor,
  secretKey: string,
  b: { id: string; password: string; send_email: boolean },
): Promise<ResetMobilePasswordResponse> {
  return db.transaction(async (tx) => {
    const d = await deviceOf(tx, a, 'mobile', b.id);
    if (d.deactivatedDate) return { success: false, error_message: DEVICE_MSG.deactivated };
    const { id } = await queueCommand(tx, {
      accountId: a.accountId,
      deviceId: d.id,
      type: 'set_password',
      payload: { password_sealed: sealText(secretKey, b.password) },
      createdByName: a.name,
    });
    let mailed = false;
    if (b.send_email) {
      const me = await userContact(tx, a.accountId, a.userId);
      if (me?.email) {
        await enqueueMail(tx, {
          ...devicePasswordMail(me.name, d.name, d.serial),
          to: me.email,
          accountId: a.accountId,
        });
        mailed = true;
      }
    }
    await audit(tx, {
      action: 'device.password_sent',
      ...byActor(a),
      targetType: 'device',
      targetId: d.id,
      details: { serial: d.serial, command_id: id, mailed },
    });
    return { success: true, device_online: onlineNow(d) };
  });
}

/** GET /devices/commands: the newest commands, due ones expired first. */
export async function deviceCommands(db: Db, a: Actor, q: DeviceQuery): Promise<DeviceCommandsResponse> {
  return db.transaction(async (tx) => {
    const d = await deviceOf(tx, a, q.type, q.id);
    return { commands: await listCommands(tx, a.accountId, d.id) };
  });
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** GET /devices/timeline: newest first, DEVICE_TIMELINE_PAGE a page; `before` pages back. Due commands expire first. */
export async function deviceTimeline(
  db: Db,
  a: Actor,
  q: DeviceQuery & { before?: number | undefined },
): Promise<DeviceTimelineResponse> {
  return db.transaction(async (tx) => {
    const d = await deviceOf(tx, a, q.type, q.id);
    await expireDueCommands(tx, a.accountId, d.id);
    const rows = await timelinePage(tx, a.accountId, d.id, q.before);
    const page = rows.slice(0, DEVICE_TIMELINE_PAGE);
    return {
      entries: page.map((r) => ({
        id: r.id,
        kind: r.kind as DeviceTimelineResponse['entries'][number]['kind'],
        at: seconds(r.at),
        text: r.text,
        actor: r.actor,
      })),
      next_before: rows.length > DEVICE_TIMELINE_PAGE ? (page[page.length - 1]?.id ?? null) : null,
    };
  });
}
