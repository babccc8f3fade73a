/**
 * Devices in the console: GET /devices, GET /devices/export, GET /devices/details, POST /devices/details,
 * GET /devices/alerts, GET /devices/config, POST /devices/config, PUT /devices/lock_mobile_device,
 * POST /devices/reset_mobile_password (001 §2.1-2.3, §3, §4, §5, §7 'Devices', §8, §9; 000 §9; 002 §2.2),
 * and ours: GET /devices/commands (each command's state) and GET /devices/timeline (docs/decisions.md).
 * A device's id on the wire is its serial (001 §2.2 'id is the serial or id'), always with its type.
 */
import { z } from 'zod';
import { DEVICE_ID_MAX } from './constants.js';
import { listQuery } from './lists.js';
import { queryFlag } from './common.js';
import { ALERT_GROUPS, SAFE_SEARCH_USER_TYPES } from './agent.js';

export const DEVICE_KINDS = ['machine', 'mobile'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const deviceKind = z.enum(DEVICE_KINDS);

/** Device name limits (001 §5, §9: at least 3; the column holds 64). */
export const DEVICE_NAME_MIN = 3;
export const DEVICE_NAME_MAX = 64;
/** A device counts as online when it checked in within this many minutes (ours: three check-in intervals). */
export const DEVICE_ONLINE_MINUTES = 15;
/** Device details are cached for 5 minutes (001 §2.2, §9; 000 §9). */
export const DEVICE_DETAILS_CACHE_MS = 5 * 60_000;
/** '---' for a missing value (001 §2.2). */
export const MISSING_VALUE = '---';

/** Online: checked in within DEVICE_ONLINE_MINUTES of `nowMs` (last online in unix seconds; 0 = never). */
export function deviceOnline(lastOnline: number, nowMs: number = Date.now()): boolean {
  return lastOnline > 0 && lastOnline * 1000 >= nowMs - DEVICE_ONLINE_MINUTES * 60_000;
}

export const deviceIdField = z.string().trim().min(1).max(DEVICE_ID_MAX);
/** `id` and `type` of one device, in a query string or a body. */
export const deviceQuery = z.object({ id: deviceIdField, type: deviceKind });
export type DeviceQuery = z.infer<typeof deviceQuery>;

// --- GET /devices, GET /devices/export -----------------------------------------------------------------

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

// --- GET /devices/details, POST /devices/details ----------------------------------------------------------

const productKey = z.object({ product: z.string(), key: z.string() });
const simCardOut = z.object({
  name: z.string(),
  carrier_name: z.string(),
  phone_number: z.string(),
  roaming: z.boolean(),
  imei: z.string(),
});
const seenUser = z.object({ id: z.number(), name: z.string(), last_active: z.number() });

/** Machine-only details (001 §3). Lists hold every entry; the page shows the first of drives, keys and adapters. */
export const machineDetails = z.object({
  manufacturer_serial: z.string(),
  warranty_type: z.string(),
  warranty_period: z.string(),
  dispatch_date: z.number(),
  language: z.string(),
  windows_product_keys: z.array(productKey),
  office_product_keys: z.array(productKey),
  hard_drives: z.array(
    z.object({
      name: z.string(),
      interface_type: z.string(),
      media_type: z.string(),
      model: z.string(),
      capacity: z.number(),
    }),
  ),
  graphics_cards: z.array(z.object({ name: z.string(), memory: z.number() })),
  processor: z.string(),
  uuid: z.string(),
  network_adapters: z.array(z.object({ name: z.string(), mac_address: z.string(), ip_address: z.string() })),
  networking_name: z.string(),
  domain: z.string(),
  sim_cards: z.array(simCardOut),
  filter_mode: z.string(),
  filter_mode_recorded: z.number(),
  /** Users seen on the machine, newest last_active first (001 §2.2). */
  server_users: z.array(seenUser),
  local_users: z.array(seenUser),
  safe_search_user: z.string(),
  safe_search_user_id: z.number().nullable(),
  safe_search_user_type: z.enum(SAFE_SEARCH_USER_TYPES).nullable(),
  safe_search_user_recorded: z.number(),
});
export type MachineDetails = z.infer<typeof machineDetails>;

/** Mobile-only details (001 §3). */
export const mobileDetails = z.object({
  imei: z.string(),
  zero_touch_enrolled: z.boolean(),
  /** The linked user's name ('' when none). */
  user_name: z.string(),
  secondary_account_count: z.number(),
  sim_cards: z.array(simCardOut),
});
export type MobileDetails = z.infer<typeof mobileDetails>;

/** GET /devices/details (001 §3 'Device'). Times are unix seconds; 0 = never or unknown. */
export const deviceDetails = z.object({
  id: z.string(),
  type: deviceKind,
  name: z.string(),
  version: z.string(),
  license_key: z.string(),
  billed_to: z.string(),
  /** Machines only; null on a mobile. */
  license_type: z.string().nullable(),
  os: z.string(),
  os_version: z.string(),
  os_build_version: z.string().nullable(),
  model_name: z.string(),
  registered_date: z.number(),
  last_online: z.number(),
  status_updated: z.number(),
  details_updated: z.number(),
  update_installed: z.number(),
  /** Set when the device is deactivated (unix seconds); null otherwise. */
  deactivated_date: z.number().nullable(),
  user: deviceUser.nullable(),
  /** Every user seen on the device, newest last_active first. */
  users: z.array(deviceUser.extend({ last_active: z.number() })),
  machine: machineDetails.nullable(),
  mobile: mobileDetails.nullable(),
  /** The web-access policy version the device last reported applying, and the current one (ours). */
  policy: z.object({
    current_version: z.string(),
    applied_version: z.string().nullable(),
    state: z.enum(['applied', 'pending']),
    /** The current version's number for a person ('Policy version 3'); 0 before the first (issue 26). */
    number: z.number(),
    /** The applied version's number when it is the current one; null when none or an earlier one. */
    applied_number: z.number().nullable(),
  }),
});
export type DeviceDetails = z.infer<typeof deviceDetails>;

/** POST /devices/details: rename (001 §5: required, at least 3 characters, on blur). */
export const deviceNameField = z
  .string({ error: 'Please enter a device name' })
  .trim()
  .min(1, 'Please enter a device name')
  .min(DEVICE_NAME_MIN, 'Please enter at least 3 characters')
  .max(DEVICE_NAME_MAX, `Please enter at most ${DEVICE_NAME_MAX} characters`);
export const renameDeviceRequest = deviceQuery.extend({ name: deviceNameField });
export type RenameDeviceRequest = z.infer<typeof renameDeviceRequest>;
/** The rename form (the page's view/edit toggle). */
export const renameDeviceForm = z.object({ name: deviceNameField });

// --- GET /devices/alerts and the aggregation of 001 §4 ------------------------------------------------------

export const deviceAlert = z.object({
  code: z.number(),
  group_id: z.enum(ALERT_GROUPS),
  title: z.string(),
  description: z.string(),
});
export type DeviceAlert = z.infer<typeof deviceAlert>;
export const deviceAlertsResponse = z.object({ alerts: z.array(deviceAlert) });
export type DeviceAlertsResponse = z.infer<typeof deviceAlertsResponse>;

/** The machine alert tabs and their codes (001 §4 'Alert aggregation'). */
export const MACHINE_ALERT_TABS = [
  { key: 'internet', label: 'Internet', codes: [200, 300, 309] },
  // 100000: ours, a replacement awaiting an administrator (REPLACEMENT_ALERT_CODE, device-identity.ts).
  { key: 'tamper', label: 'Tamper', codes: [302, 308, 100_000] },
  { key: 'validation', label: 'Validation', codes: [201, 207, 301, 303, 304, 305, 306, 307, 310, 311] },
] as const;
/**
 * Ours: machine alerts whose code is in none of the three tabs (an update_failure 410, say) go to an
 * 'Other' tab, shown only when it holds some, so every open alert the list badge counts is visible
 * on the page (docs/decisions.md 'Machine alerts outside the three tabs (issue 26)').
 */
export const OTHER_ALERT_TAB = { key: 'other', label: 'Other' } as const;
export type AlertTabKey = (typeof MACHINE_ALERT_TABS)[number]['key'] | typeof OTHER_ALERT_TAB.key | 'all';

export type AlertTab = { key: AlertTabKey; label: string; alerts: DeviceAlert[] };
export type AlertAggregation = {
  tabs: AlertTab[];
  /** Machines: every one of the three tabs holds a critical warning. Mobiles: an update_failure exists. */
  critical: boolean;
  /** The first tab with alerts, in tab order (machines: internet, tamper, validation, other); null without alerts. */
  initialTab: AlertTabKey | null;
  /** Every alert given, each in exactly one tab. */
  total: number;
};

const TAB_CODES: ReadonlySet<number> = new Set(MACHINE_ALERT_TABS.flatMap((t) => [...t.codes]));

/**
 * 001 §4: machines sort their alerts into internet / tamper / validation tabs by code and are critical
 * only if all three tabs hold a critical warning; a code in none of them goes to the 'Other' tab (ours,
 * not part of the critical rule); mobiles have one tab and are critical if any alert is an update_failure.
 */
export function aggregateAlerts(kind: DeviceKind, alerts: readonly DeviceAlert[]): AlertAggregation {
  if (kind === 'mobile') {
    const list = [...alerts];
    return {
      tabs: [{ key: 'all', label: 'Alerts', alerts: list }],
      critical: list.some((a) => a.group_id === 'update_failure'),
      initialTab: list.length > 0 ? 'all' : null,
      total: list.length,
    };
  }
  const specTabs: AlertTab[] = MACHINE_ALERT_TABS.map((t) => ({
    key: t.key,
    label: t.label,
    alerts: alerts.filter((a) => (t.codes as readonly number[]).includes(a.code)),
  }));
  const other = alerts.filter((a) => !TAB_CODES.has(a.code));
  const tabs = other.length > 0 ? [...specTabs, { ...OTHER_ALERT_TAB, alerts: other }] : specTabs;
  return {
    tabs,
    critical: specTabs.every((t) => t.alerts.some((a) => a.group_id === 'critical_warning')),
    initialTab: tabs.find((t) => t.alerts.length > 0)?.key ?? null,
    total: tabs.reduce((n, t) => n + t.alerts.length, 0),
  };
}

// --- GET /devices/config, POST /devices/config --------------------------------------------------------------

/** The settings cards' keys (001 §2.3; 002 §2.2, §3 'Device/node settings') and the two config keys of 001 §3. */
export const DEVICE_BOOL_SETTING_KEYS = [
  'safe_search_enabled',
  'allow_account_website_list',
  'allow_google_image_search',
  'allow_media_requests',
  'allow_website_requests',
  'allow_facebook_company_page_access',
  'allow_instagram_company_page_access',
  'allow_twitter_company_page_access',
  'allow_youtube_company_page_access',
  'allow_skype',
  'allow_beta_service_pack_install',
  'allow_google_secondary_accounts',
] as const;
export type DeviceBoolSettingKey = (typeof DEVICE_BOOL_SETTING_KEYS)[number];
export const DEVICE_STRING_SETTING_MAX = 256;

export const boolSetting = z.object({ key: z.enum(DEVICE_BOOL_SETTING_KEYS), value: z.boolean() });
export const stringSetting = z.object({
  key: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_]+$/),
  value: z.string().max(DEVICE_STRING_SETTING_MAX),
});
export type BoolSettingItem = z.infer<typeof boolSetting>;

export const deviceConfig = z.object({
  bool_settings: z.array(boolSetting),
  string_settings: z.array(stringSetting),
  is_unlocked: z.boolean(),
});
export type DeviceConfig = z.infer<typeof deviceConfig>;

/**
 * POST /devices/config: bool_settings or string_settings as key and value lists. A boolean change also
 * resends the other boolean settings (001 §4). A key the device's config does not hold is refused.
 */
export const updateDeviceConfigRequest = deviceQuery
  .extend({
    bool_settings: z.array(boolSetting).max(DEVICE_BOOL_SETTING_KEYS.length).optional(),
    string_settings: z.array(stringSetting).max(64).optional(),
  })
  .refine((v) => v.bool_settings !== undefined || v.string_settings !== undefined, {
    message: 'Send bool_settings or string_settings',
    path: ['bool_settings'],
  });
export type UpdateDeviceConfigRequest = z.infer<typeof updateDeviceConfigRequest>;

/** Settings cards of the settings tab (001 §2.3; 002 §2.2): sections, and which keys each card shows. */
export const DEVICE_SETTING_SECTIONS = [
  { title: 'Safe Search Internet Filter', keys: ['safe_search_enabled'] },
  {
    title: 'Web Access Options',
    keys: ['allow_account_website_list', 'allow_google_image_search', 'allow_media_requests', 'allow_website_requests'],
  },
  {
    title: 'Social Media Options',
    keys: [
      'allow_facebook_company_page_access',
      'allow_instagram_company_page_access',
      'allow_twitter_company_page_access',
      'allow_youtube_company_page_access',
      'allow_skype',
    ],
  },
] as const satisfies readonly { title: string; keys: readonly DeviceBoolSettingKey[] }[];

// --- PUT /devices/lock_mobile_device, POST /devices/reset_mobile_password ---------------------------------

export const lockMobileRequest = z.object({ id: deviceIdField });
/**
 * A command queued (ours, beside 001's `success`): whether the device was online when it was queued. An
 * offline device gets it when it next checks in, and the console says so beside 001's toast.
 */
export const lockMobileResponse = z.object({ success: z.boolean(), device_online: z.boolean() });
export type LockMobileResponse = z.infer<typeof lockMobileResponse>;

/**
 * Ours, beyond 001 §5 (docs/decisions.md 'The device password's length (issue 26)'): Android refuses a
 * screen-lock PIN or password shorter than 4, so a shorter one would only fail later on the device;
 * 32 is the column of the classic console's form and far above any PIN.
 */
export const DEVICE_PASSWORD_MIN = 4;
export const DEVICE_PASSWORD_MAX = 32;
const devicePassword = z
  .string({ error: 'Please enter a Password' })
  .min(1, 'Please enter a Password')
  .min(DEVICE_PASSWORD_MIN, `Please enter at least ${DEVICE_PASSWORD_MIN} characters`)
  .max(DEVICE_PASSWORD_MAX, `Please enter at most ${DEVICE_PASSWORD_MAX} characters`);

/** The Create dialog (001 §5: both required 'Please enter a Password', 'Passwords must match'). */
export const devicePasswordForm = z
  .object({
    password: devicePassword,
    password_confirm: z.string({ error: 'Please enter a Password' }).min(1, 'Please enter a Password'),
    send_email: z.boolean(),
  })
  .refine((v) => v.password_confirm === '' || v.password === v.password_confirm, {
    message: 'Passwords must match',
    path: ['password_confirm'],
  });
export type DevicePasswordForm = z.infer<typeof devicePasswordForm>;

export const resetMobilePasswordRequest = z.object({
  id: deviceIdField,
  password: devicePassword,
  send_email: z.boolean().default(false),
});
/** Answers success, or success false with error_message, shown inline in the dialog (001 §8). */
export const resetMobilePasswordResponse = z.object({
  success: z.boolean(),
  error_message: z.string().optional(),
  /** With success: whether the device was online when the command was queued (as lockMobileResponse). */
  device_online: z.boolean().optional(),
});
export type ResetMobilePasswordResponse = z.infer<typeof resetMobilePasswordResponse>;

// --- Commands (ours, design/agent-api.md 'Commands') --------------------------------------------------------

export const DEVICE_COMMAND_TYPES = ['lock_screen', 'set_password', 'install_app', 'uninstall_app'] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];
export const DEVICE_COMMAND_STATES = [
  'pending',
  'delivered',
  'acknowledged',
  'completed',
  'failed',
  'expired',
  'cancelled',
] as const;
export type DeviceCommandState = (typeof DEVICE_COMMAND_STATES)[number];
/** A command not completed within this long expires. */
export const DEVICE_COMMAND_TTL_HOURS = 72;
export const DEVICE_COMMAND_LABELS: Record<DeviceCommandType, string> = {
  lock_screen: 'Lock screen',
  set_password: 'Device password',
  install_app: 'Install app',
  uninstall_app: 'Uninstall app',
};
export const DEVICE_COMMAND_STATE_LABELS: Record<DeviceCommandState, string> = {
  pending: 'Sent',
  delivered: 'Delivered',
  acknowledged: 'Received',
  completed: 'Done',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** GET /devices/commands: newest first. Times are unix seconds; 0 = not (yet). */
export const deviceCommand = z.object({
  id: z.number(),
  type: z.enum(DEVICE_COMMAND_TYPES),
  state: z.enum(DEVICE_COMMAND_STATES),
  created_by: z.string(),
  created: z.number(),
  delivered: z.number(),
  acknowledged: z.number(),
  finished: z.number(),
  expires: z.number(),
  error: z.string(),
});
export type DeviceCommand = z.infer<typeof deviceCommand>;
export const deviceCommandsResponse = z.object({ commands: z.array(deviceCommand) });
export type DeviceCommandsResponse = z.infer<typeof deviceCommandsResponse>;

// --- Timeline (ours) -------------------------------------------------------------------------------------------

export const DEVICE_TIMELINE_KINDS = [
  'enrolled',
  're_enrolled',
  'alert_raised',
  'alert_cleared',
  'renamed',
  'settings_changed',
  'command_sent',
  'command_delivered',
  'command_completed',
  'command_failed',
  'command_expired',
  'command_cancelled',
  'policy_applied',
  'request_sent',
  'replacement_requested',
  'replacement_approved',
  'replacement_refused',
  'retired',
  'user_linked',
] as const;
export type DeviceTimelineKind = (typeof DEVICE_TIMELINE_KINDS)[number];
export const DEVICE_TIMELINE_PAGE = 50;

/** GET /devices/timeline: `before` (an entry id) pages back in time. */
export const deviceTimelineQuery = deviceQuery.extend({
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const deviceTimelineEntry = z.object({
  id: z.number(),
  kind: z.enum(DEVICE_TIMELINE_KINDS),
  /** Unix seconds. */
  at: z.number(),
  /** What happened, in one line ("Renamed from NF-LAB-PC01 to Library PC 1"). */
  text: z.string(),
  /** Who did it: an administrator's username, or '' for the device itself. */
  actor: z.string(),
});
export type DeviceTimelineEntry = z.infer<typeof deviceTimelineEntry>;
export const deviceTimelineResponse = z.object({
  entries: z.array(deviceTimelineEntry),
  /** Pass as `before` for the next (older) page; null at the start of the device's history. */
  next_before: z.number().nullable(),
});
export type DeviceTimelineResponse = z.infer<typeof deviceTimelineResponse>;

/** Texts of the devices part: the spec's toasts (001 §2.2, §8) and ours. */
export const DEVICE_MSG = {
  serialCopied: 'Serial number copied',
  manufacturerSerialCopied: 'Manufacturer serial copied',
  windowsKeyCopied: 'Microsoft Windows key copied',
  officeKeyCopied: 'Microsoft Office key copied',
  passwordChanged: 'Device password has been changed successfully!',
  lockSent: 'A device screen lock message has been sent to the device.',
  betaChanged: 'Beta versions access changed',
  googleAccountsChanged: 'Google Accounts access changed',
  configChanged: 'Device config was changed',
  nameUpdated: 'Device name updated',
  detailsTitle: (name: string) => `Device Details for ${name}`,
  // ours
  notFound: 'This device could not be found',
  deactivated: 'This device is deactivated',
  mobileOnly: 'This action is for mobile devices only',
  unknownSetting: (key: string) => `This device has no setting ${key}`,
  passwordPending: 'A device password change is already waiting for this device',
  renamedMeanwhile: 'This device was renamed by someone else meanwhile. Reload it to see its name',
  // beside lockSent and passwordChanged when the device is offline, and the Lock confirmation (issue 26)
  queuedOffline:
    'This device is offline: the command waits and is delivered when the device next checks in. The Commands card shows its state.',
  lockConfirmTitle: 'Lock Screen',
  lockConfirm: (name: string) =>
    `Lock the screen of ${name} now? Whoever is using it needs the device password to go on.`,
  lockConfirmOffline: 'This device is offline: the lock waits and is delivered when the device next checks in.',
} as const;
