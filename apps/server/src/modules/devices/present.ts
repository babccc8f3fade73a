/**
 * How the devices module shows a device: a row of GET /devices (001 §2.1) and GET /devices/details's
 * view (001 §3): the row's common fields, the machine or mobile section read from devices.details (the
 * inventory snapshot of PUT /api/agent/v1/inventory) with the contract's defaults for what is missing,
 * the users seen on it, and the policy's state.
 */
import {
  DEVICE_ONLINE_MINUTES,
  machineInventory,
  mobileInventory,
  type DeviceDetails,
  type DeviceListItem,
  type DeviceUser,
  type MachineDetails,
  type MobileDetails,
} from '@wayguard/contracts';
import type { DeviceRecord, SeenUser } from './repository.js';
import type { DeviceRow } from './sql/list.js';

/** A row of the devices list (and of its page's JSON). */
export function listItem(r: DeviceRow): DeviceListItem {
  return {
    id: r.serial,
    name: r.name,
    type: r.kind,
    serial: r.serial,
    os: r.os,
    os_version: r.os_version,
    version: r.version,
    user: r.user_id !== null && r.user_type ? { id: r.user_id, name: r.user_name ?? '', type: r.user_type } : null,
    last_online: r.last_online,
    filters: { deactivated: r.deactivated, online: r.online },
    critical_alert_count: r.critical_alert_count,
    important_alert_count: r.important_alert_count,
    model_name: r.model_name,
    last_active: r.last_active,
  };
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** The snapshot as the inventory contract reads it; its defaults when the stored one is absent or unreadable. */
function parsed<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
  raw: unknown,
): T {
  const r = schema.safeParse(raw ?? {});
  if (r.success) return r.data;
  const empty = schema.safeParse({});
  if (!empty.success) throw new Error('Inventory defaults do not parse');
  return empty.data;
}

function machineSection(raw: Record<string, unknown>, seen: SeenUser[]): MachineDetails {
  const m = parsed(machineInventory, raw);
  const pick = (type: 'server_user' | 'local_user') =>
    seen.filter((u) => u.type === type).map((u) => ({ id: u.id, name: u.name, last_active: u.last_active }));
  // The safe-search user's id is the server's match at PUT /inventory (agent/inventory), kept beside the snapshot.
  const id = raw.safe_search_user_id;
  const safeSearchUser = m.safe_search_user ?? '';
  return {
    ...m,
    server_users: pick('server_user'),
    local_users: pick('local_user'),
    safe_search_user: safeSearchUser,
    safe_search_user_id: typeof id === 'number' && safeSearchUser !== '' ? id : null,
    safe_search_user_type: safeSearchUser ? (m.safe_search_user_type ?? null) : null,
    safe_search_user_recorded: safeSearchUser ? (m.safe_search_user_recorded ?? 0) : 0,
  };
}

/**
 * 'Status updated' (001 §3 status_updated): the last status change written (a check-in bringing the
 * device back online or applying another policy, an alert opened or closed, enrolment), or, when later
 * and already past, the moment the device went offline: nothing is written then, as no check-in came.
 */
function statusUpdated(d: DeviceRecord, now: Date): number {
  const stored = seconds(d.statusUpdated);
  if (!d.lastOnline) return stored;
  const offlineAt = d.lastOnline.getTime() + DEVICE_ONLINE_MINUTES * 60_000;
  return offlineAt <= now.getTime() ? Math.max(stored, Math.floor(offlineAt / 1000)) : stored;
}

function mobileSection(raw: Record<string, unknown>, user: DeviceUser | null): MobileDetails {
  const m = parsed(mobileInventory, raw);
  return { ...m, user_name: user?.name ?? '' };
}

/** The device's current policy version and its number (device_configs; the last numbered version). */
export type PolicyNames = { version: string; number: number; numberedVersion: string };

export function toDetails(
  d: DeviceRecord,
  user: DeviceUser | null,
  seen: SeenUser[],
  policy: PolicyNames,
  now = new Date(),
): DeviceDetails {
  const raw = d.details ?? {};
  return {
    id: d.serial,
    type: d.kind,
    name: d.name,
    version: d.version,
    license_key: d.licenseKey,
    billed_to: d.billedTo,
    license_type: d.kind === 'machine' ? (d.licenseType ?? '') : null,
    os: d.os,
    os_version: d.osVersion,
    os_build_version: d.osBuildVersion,
    model_name: d.modelName,
    registered_date: seconds(d.registeredDate),
    last_online: seconds(d.lastOnline),
    status_updated: statusUpdated(d, now),
    details_updated: seconds(d.detailsUpdated),
    update_installed: seconds(d.updateInstalled),
    deactivated_date: d.deactivatedDate ? seconds(d.deactivatedDate) : null,
    user,
    users: seen,
    machine: d.kind === 'machine' ? machineSection(raw, seen) : null,
    mobile: d.kind === 'mobile' ? mobileSection(raw, user) : null,
    policy: {
      current_version: policy.version,
      applied_version: d.appliedPolicyVersion,
      state: d.appliedPolicyVersion !== null && d.appliedPolicyVersion === policy.version ? 'applied' : 'pending',
      number: policy.number,
      applied_number:
        d.appliedPolicyVersion !== null && policy.number > 0 && d.appliedPolicyVersion === policy.numberedVersion
          ? policy.number
          : null,
    },
  };
}
