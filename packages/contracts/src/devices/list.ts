/**
 * GET /devices and GET /devices/export (001 §2.1, §9; 000 §9): the list's sorts, filter flags and their
 * defaults, its query, a row, and the alert badge.
 */
import { z } from 'zod';
import { queryFlag } from '../common.js';
import { listQuery } from '../lists.js';
import { deviceKind } from './device.js';

export const DEVICE_SORTS = ['name', 'type', 'serial', 'os', 'version', 'last_online'] as const;
export type DeviceSort = (typeof DEVICE_SORTS)[number];

/**
 * The devices list's filter flags (001 §2.1, §9; 000 §9 'Device list default filters'): groups are
 * combined with AND, the flags of a group with OR, and a group with no flag on restricts nothing.
 * Status online/offline and kind machine/mobile are on by default; deactivated is off (deactivated
 * devices are left out unless it is on); the alert flags keep devices with an open alert of that
 * severity (the dashboard tiles' links).
 */
export const DEVICE_STATUS_FILTERS = ['online', 'offline'] as const;
export const DEVICE_KIND_FILTERS = ['machine', 'mobile'] as const;
export const DEVICE_ALERT_FILTERS = ['critical_alerts', 'important_alerts'] as const;
export const DEVICE_FILTER_FLAGS = [
  ...DEVICE_STATUS_FILTERS,
  ...DEVICE_KIND_FILTERS,
  'deactivated',
  ...DEVICE_ALERT_FILTERS,
] as const;
export type DeviceFilterFlag = (typeof DEVICE_FILTER_FLAGS)[number];
/** Flags on when the list opens (000 §9). */
export const DEVICE_FILTER_DEFAULTS: readonly DeviceFilterFlag[] = ['online', 'offline', 'machine', 'mobile'];
/** Labels of the filter popup. */
export const DEVICE_FILTER_LABELS: Record<DeviceFilterFlag, string> = {
  online: 'Online',
  offline: 'Offline',
  machine: 'PC',
  mobile: 'Mobile',
  deactivated: 'Deactivated',
  critical_alerts: 'Critical alerts',
  important_alerts: 'Important alerts',
};

/**
 * GET /devices and GET /devices/export. A flag absent takes its default (DEVICE_FILTER_DEFAULTS), so
 * the dashboard's `?critical_alerts=1` lists every device with a critical alert. The billed options
 * (BILLED_OPTIONS) are one choice: 'all_billed' sends neither of the two flags.
 */
export const devicesListQuery = listQuery.extend({
  sort_by: z.enum(DEVICE_SORTS).default('name'),
  online: queryFlag.optional(),
  offline: queryFlag.optional(),
  machine: queryFlag.optional(),
  mobile: queryFlag.optional(),
  deactivated: queryFlag.optional(),
  critical_alerts: queryFlag.optional(),
  important_alerts: queryFlag.optional(),
  registered_not_billed: queryFlag.optional(),
  billed_not_registered: queryFlag.optional(),
});
export type DevicesListQuery = z.infer<typeof devicesListQuery>;

export const DEVICE_USER_KINDS = ['user', 'server_user', 'local_user'] as const;
export type DeviceUserKind = (typeof DEVICE_USER_KINDS)[number];
/** The user shown for a device: a console user (/users/{id}) or a server or local user (/users/server_users/{id}). */
export const deviceUser = z.object({ id: z.number(), name: z.string(), type: z.enum(DEVICE_USER_KINDS) });
export type DeviceUser = z.infer<typeof deviceUser>;

/** A row of the devices list (001 §2.1). Times are unix seconds; 0 = never. */
export const deviceListItem = z.object({
  id: z.string(),
  name: z.string(),
  type: deviceKind,
  serial: z.string(),
  os: z.string(),
  os_version: z.string(),
  version: z.string(),
  user: deviceUser.nullable(),
  last_online: z.number(),
  filters: z.object({ deactivated: z.boolean(), online: z.boolean() }),
  critical_alert_count: z.number(),
  important_alert_count: z.number(),
  model_name: z.string(),
  last_active: z.number(),
});
export type DeviceListItem = z.infer<typeof deviceListItem>;
export const devicesListResponse = z.object({ devices: z.array(deviceListItem), total_count: z.number() });
export type DevicesListResponse = z.infer<typeof devicesListResponse>;

/** The alert badge: the critical count if above 0, else the important count (001 §2.1; 000 §9). */
export function alertBadge(d: Pick<DeviceListItem, 'critical_alert_count' | 'important_alert_count'>): {
  severity: 'critical' | 'important';
  count: number;
} | null {
  if (d.critical_alert_count > 0) return { severity: 'critical', count: d.critical_alert_count };
  if (d.important_alert_count > 0) return { severity: 'important', count: d.important_alert_count };
  return null;
}
