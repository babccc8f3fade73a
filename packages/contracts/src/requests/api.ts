/**
 * Website and media requests in the console (001 §2.4-2.6, §3 'Request', 'Request counts', 'Request list
 * params', 'Block request', 'Website group', §4, §5, §7 'Requests', §9): GET /requests, POST /requests,
 * GET /requests/export, GET /requests/details, GET /requests/devices, POST /requests/bookmark,
 * GET /requests/block, POST /requests/block, POST /requests/block/batch, and the website-group lookup
 * whose path 001 §7 leaves open: GET /node/web_access/website_groups (ours).
 *
 * One row is one thread: every ask for the same subject while it is pending joins it (requester_count,
 * device_count); one decision answers them all (docs/decisions/requests.md "Requests (issue 11)").
 * Times on the wire are unix seconds; 0 = none.
 */
import { z } from 'zod';
import { idField, idQueryField } from '../common.js';
import { EMAIL_MAX } from '../constants.js';
import { deviceIdField, deviceKind } from '../devices/device.js';
import { commaList, listQuery } from '../lists.js';
import { MEDIA_TYPE_KEYS } from '../web-access/api.js';
import { WEB_ACCESS_MSG } from '../web-access/messages.js';
import { BLOCK_MSG, REQUEST_ERROR_CODES, REQUEST_MSG } from './messages.js';

/** Request kinds of these lists (apps have their own calls: issue 12). */
export const REQUEST_KINDS = ['website', 'media'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const requestKind = z.enum(REQUEST_KINDS, { error: REQUEST_MSG.kindMismatch });

/** 001 §3 enumerations: state pending / approved / denied; status admin / tech (and 'all' as a filter). */
export const REQUEST_STATES = ['pending', 'approved', 'denied'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATUSES = ['admin', 'tech'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_FILTERS = ['admin', 'tech', 'all'] as const;

/**
 * Where a request comes from or where its decision applies (001 §4 'Approval by association type').
 * A pending thread's association is its devices: machine or mobile (one device) or devices (several:
 * the 'for' value opens the Request Devices modal). A decision records where it applies.
 */
export const ASSOCIATION_TYPES = [
  'devices',
  'machine',
  'mobile',
  'user',
  'localuser',
  'serveruser',
  'serverconnection',
  'company',
  'category',
  'website_group',
] as const;
export type AssociationType = (typeof ASSOCIATION_TYPES)[number];
/** What a For value that is a popup lists (issue 26): devices, users or server connections. */
export const FOR_POPUPS = ['devices', 'users', 'connections'] as const;
export type ForPopup = (typeof FOR_POPUPS)[number];
/**
 * The popup of a thread's For value: devices for a devices association; users or connections when a user
 * or connection approval covered several (the association then names no one: id null).
 */
export function forPopup(a: { type: AssociationType; id: number | null }): ForPopup | null {
  if (a.type === 'devices') return 'devices';
  if (a.id !== null) return null;
  if (a.type === 'user') return 'users';
  if (a.type === 'serverconnection') return 'connections';
  return null;
}
export const DEVICE_ASSOCIATIONS: readonly AssociationType[] = ['devices', 'machine', 'mobile'];

/** Sort keys (001 §9). */
export const REQUEST_SORTS = ['url', 'requester', 'processor', 'for', 'processed', 'requested'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

/** An approval lasts until (issue 11 'Approvals that expire'): a preset, or a day (YYYY-MM-DD, its end in the account's zone). */
export const EXPIRY_PRESETS = [
  { key: 'permanent', label: 'Permanent' },
  { key: '1h', label: '1 hour' },
  { key: 'today', label: 'Today' },
  { key: '7d', label: '7 days' },
  { key: '30d', label: '30 days' },
] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number]['key'];
export const approvalExpiry = z.union(
  [
    z.enum(EXPIRY_PRESETS.map((p) => p.key) as [ExpiryPreset, ...ExpiryPreset[]]),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ],
  { error: REQUEST_MSG.expiryInvalid },
);
export type ApprovalExpiry = z.infer<typeof approvalExpiry>;
/** Approved rows whose approval ends within this many hours are 'expiring soon' (ours). */
export const EXPIRING_SOON_HOURS = 48;

// --- GET /requests, GET /requests/export ------------------------------------------------------------------

/** 001 §3 'Request list params'; `from`/`to` are unix seconds on requested (pending) or processed (the others). */
export const requestsListQuery = listQuery.extend({
  type: requestKind.default('website'),
  state: z.enum(REQUEST_STATES).default('pending'),
  status: z.enum(REQUEST_STATUS_FILTERS).default('admin'),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  sort_by: z.enum(REQUEST_SORTS).optional(),
  media_types: commaList(MEDIA_TYPE_KEYS, WEB_ACCESS_MSG.mediaTypeUnknown).optional(),
  /** Ours: approved rows whose approval ends within EXPIRING_SOON_HOURS. */
  expiring: z.union([z.literal('1'), z.literal('0')]).optional(),
  /** Ours: bookmarked rows only. */
  bookmarked: z.union([z.literal('1'), z.literal('0')]).optional(),
});
export type RequestsListQuery = z.infer<typeof requestsListQuery>;

/** The default sort of a list (001 §9): pending by requested; approved and denied by processed, reversed. */
export function defaultRequestSort(state: RequestState): { sort_by: RequestSort; reverse_order: boolean } {
  return state === 'pending'
    ? { sort_by: 'requested', reverse_order: true }
    : { sort_by: 'processed', reverse_order: true };
}

const deviceRef = z.object({ id: z.string(), type: deviceKind });
export type RequestDeviceRef = z.infer<typeof deviceRef>;

/** A request row (001 §3 'Request'), and ours after the spec's fields. */
export const requestItem = z.object({
  id: z.number(),
  type: requestKind,
  state: z.enum(REQUEST_STATES),
  status: z.enum(REQUEST_STATUSES),
  website: z.string(),
  title: z.string(),
  favicon: z.string().nullable(),
  previewIcon: z.string().nullable(),
  /** The (first) requester's name. */
  by: z.string(),
  associationType: z.enum(ASSOCIATION_TYPES),
  associationId: z.number().nullable(),
  /**
   * What the For column shows; isPopup: it opens a list of what it counts (001 §2.4, §2.5): the Request
   * Devices modal, or (issue 26) the user list or server connection list modal, named by `popup`.
   */
  for: z.object({ value: z.string(), isPopup: z.boolean(), popup: z.enum(FOR_POPUPS).optional() }),
  requested: z.number(),
  approved: z.number(),
  denied: z.number(),
  notes: z.string(),
  reason: z.string(),
  description: z.string(),
  media_type: z.string().nullable(),
  category: z.string(),
  /** 0 means off (001 §3). */
  bookmark: z.number(),
  requestType: z.enum(['website', 'media']),
  can_request_review: z.boolean(),
  requester: z.string(),
  requester_id: z.number().nullable(),
  processor: z.string(),
  processed: z.number(),
  review_notes: z.string(),
  /** The first asking device (001 §3 device {id, type}); null when it is gone. */
  device: deviceRef.nullable(),
  association: z.object({ type: z.enum(ASSOCIATION_TYPES) }),
  // ours
  /** Everyone who asked while the thread was pending, and on how many devices. */
  requester_count: z.number(),
  device_count: z.number(),
  /** The catalogue category of the subject (0: uncategorised): the 'approve for category' option. */
  category_id: z.number(),
  /** When the approval ends (unix s); 0: permanent or not approved. */
  expires: z.number(),
  /** Further asks were refused by 'deny and prevent further requests'. */
  prevent_requests: z.boolean(),
  /** The requesters' kinds: which approve options make sense (user, this server connection). */
  requester_kinds: z.array(z.enum(['user', 'server_user', 'local_user'])),
  /**
   * (issue 26) A pending website or media thread whose address the asking device's web access allows
   * now (a rule added since, a stale agent): the resolver's explanation of what allows it. Null when
   * it is still blocked, and for decided threads.
   */
  allowed_now: z.object({ allowed: z.literal(true), because: z.string() }).nullable(),
});
export type RequestItem = z.infer<typeof requestItem>;

/** 001 §3 'Request counts'. */
export const requestListCounts = z.object({
  total_count: z.number(),
  total_pending_admin_count: z.number(),
  total_pending_tech_count: z.number(),
  total_pending_count: z.number(),
  total_approved_count: z.number(),
  total_denied_count: z.number(),
});
export type RequestListCounts = z.infer<typeof requestListCounts>;

export const requestsListResponse = z.object({
  requests: z.array(requestItem),
  total_count: z.number(),
  counts: requestListCounts,
});
export type RequestsListResponse = z.infer<typeof requestsListResponse>;

// --- POST /requests ---------------------------------------------------------------------------------------

/**
 * The actions of a pending thread with the administrator (001 §4, and ours: approve_and_add_to_website_group,
 * the website-group approval): the list's offer (actions.ts LIST_ACTIONS) and the first of REQUEST_ACTIONS.
 */
export const PENDING_ADMIN_ACTIONS = [
  'approve',
  'approve_and_add_to_company_whitelist',
  'approve_and_add_to_category',
  'approve_and_add_to_device_whitelist',
  'approve_and_add_to_user_whitelist',
  'approve_and_add_to_connection_whitelist',
  'approve_and_add_to_website_group',
  'deny',
  'deny_and_prevent_requests',
] as const;

/** 001 §4 actions, and ours (see PENDING_ADMIN_ACTIONS). */
export const REQUEST_ACTIONS = [
  ...PENDING_ADMIN_ACTIONS,
  'block',
  'add_to_device_whitelist',
  'request_review',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];
export const APPROVE_ACTIONS: readonly RequestAction[] = REQUEST_ACTIONS.filter((a) => a.startsWith('approve'));

/** Review reason (001 §5, §9): at least 4 characters; ours: at most 500. Deny reasons: at most 500. */
export const REVIEW_REASON_MIN = 4;
export const REQUEST_REASON_MAX = 500;
/** Ids in one action (ours). */
export const REQUEST_BATCH_MAX = 500;

export const requestActionBody = z
  .object({
    id: z.array(idField).min(1, REQUEST_MSG.noRowsSelected).max(REQUEST_BATCH_MAX),
    action: z.enum(REQUEST_ACTIONS),
    type: requestKind,
    status: z.enum(REQUEST_STATUSES).default('admin'),
    category_id: z.number().int().min(0).max(32767).optional(),
    group_id: idField.optional(),
    devices: z
      .array(z.object({ id: deviceIdField, type: deviceKind }))
      .max(REQUEST_BATCH_MAX)
      .optional(),
    reason: z.string().trim().max(REQUEST_REASON_MAX, REQUEST_MSG.reasonTooLong).optional(),
    expires: approvalExpiry.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'request_review' && (b.reason ?? '').length < REVIEW_REASON_MIN)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REQUEST_MSG.reviewReasonShort });
    if (b.action === 'approve_and_add_to_website_group' && b.group_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['group_id'], message: REQUEST_MSG.groupRequired });
    if (b.action === 'add_to_device_whitelist' && !(b.devices && b.devices.length > 0))
      ctx.addIssue({ code: 'custom', path: ['devices'], message: REQUEST_MSG.devicesRequired });
  });
export type RequestActionBody = z.input<typeof requestActionBody>;

export const requestItemResult = z.object({
  id: z.number(),
  action: z.enum(['added', 'requested', 'removed', 'none', 'error']),
  error: z.enum(REQUEST_ERROR_CODES as [string, ...string[]]).optional(),
});
/** An array of per-item results (001 §7), one per thread; a call refused as a whole is a 4xx, never an item. */
export const requestActionResponse = z.array(requestItemResult);
export type RequestActionResponse = z.infer<typeof requestActionResponse>;

// --- GET /requests/details, GET /requests/devices -----------------------------------------------------------

export const requestRefQuery = z.object({ id: idQueryField, type: requestKind });
export type RequestRefQuery = z.infer<typeof requestRefQuery>;
export const requestDetailsQuery = requestRefQuery.extend({ status: z.enum(REQUEST_STATUS_FILTERS).optional() });

/** A device of a thread (Request Devices modal: links to /devices/{type}/{id}). */
export const requestDevice = z.object({ id: z.string(), type: deviceKind, name: z.string() });
export type RequestDevice = z.infer<typeof requestDevice>;
/** Who asked, on which device, with which note, when (ours: one thread, many asks). */
export const requestAsk = z.object({
  requester: z.string(),
  requester_id: z.number().nullable(),
  requester_kind: z.enum(['user', 'server_user', 'local_user']).nullable(),
  device: requestDevice.nullable(),
  notes: z.string(),
  asked: z.number(),
});
export type RequestAsk = z.infer<typeof requestAsk>;

export const requestDevicesResponse = z.object({ devices: z.array(requestDevice) });

/**
 * GET /requests/users (issue 26; 001 §2.5 'user list' modal, §3 'user filter all, console, server'): the
 * users a thread was approved or denied for (its asks' requesters). A local user shows under All only.
 */
export const requestUser = z.object({
  id: z.number(),
  kind: z.enum(['user', 'server_user', 'local_user']),
  name: z.string(),
});
export type RequestUser = z.infer<typeof requestUser>;
export const requestUsersResponse = z.object({ users: z.array(requestUser) });
export type RequestUsersResponse = z.infer<typeof requestUsersResponse>;
/** The user list's chips (001 §3): All, Console, Server. */
export const REQUEST_USER_CHIPS = [
  { key: 'all', label: 'All' },
  { key: 'console', label: 'Console' },
  { key: 'server', label: 'Server' },
] as const;
export type RequestUserChip = (typeof REQUEST_USER_CHIPS)[number]['key'];
export function usersOfChip<U extends Pick<RequestUser, 'kind'>>(users: readonly U[], chip: RequestUserChip): U[] {
  if (chip === 'all') return [...users];
  const kind = chip === 'console' ? 'user' : 'server_user';
  return users.filter((u) => u.kind === kind);
}

/** GET /requests/connections (issue 26; 001 §2.5 'server connection list' modal): the thread's server connections. */
export const requestConnection = z.object({ id: z.number(), name: z.string() });
export const requestConnectionsResponse = z.object({ connections: z.array(requestConnection) });
export type RequestConnectionsResponse = z.infer<typeof requestConnectionsResponse>;
export type RequestDevicesResponse = z.infer<typeof requestDevicesResponse>;
export const requestDetailsResponse = z.object({ devices: z.array(requestDevice), asks: z.array(requestAsk) });
export type RequestDetailsResponse = z.infer<typeof requestDetailsResponse>;

// --- POST /requests/bookmark ----------------------------------------------------------------------------

export const requestBookmarkBody = z.object({
  action: z.enum(['add', 'remove']),
  requestList: z
    .array(z.object({ id: idField, type: requestKind }))
    .min(1)
    .max(REQUEST_BATCH_MAX),
});
export type RequestBookmarkBody = z.infer<typeof requestBookmarkBody>;

// --- GET /requests/block, POST /requests/block, POST /requests/block/batch ---------------------------------

const lookupDevice = z.object({ id: z.string(), name: z.string(), type: deviceKind });
const lookupNamed = z.object({ id: z.number(), name: z.string() });
/** 001 §3 'Block request' lookup data. */
export const blockLookupsResponse = z.object({
  machines: z.array(lookupDevice),
  mobiles: z.array(lookupDevice),
  users: z.array(lookupNamed),
  server_users: z.array(lookupNamed),
  server_connections: z.array(lookupNamed),
});
export type BlockLookupsResponse = z.infer<typeof blockLookupsResponse>;

export const BLOCK_TARGETS = ['device', 'user', 'connection', 'global'] as const;
export type BlockTarget = (typeof BLOCK_TARGETS)[number];
export const BLOCK_TARGET_LABELS: Record<BlockTarget, string> = {
  device: 'Device',
  user: 'User',
  connection: 'Server connection',
  global: 'Whole account',
};
/** A chosen device, console user (type user) or server user (type server_user), or a connection. */
export const blockItem = z.object({
  id: z.union([z.string().trim().min(1).max(64), idField]),
  type: z.enum(['machine', 'mobile', 'user', 'server_user', 'connection']),
});
export type BlockItem = z.infer<typeof blockItem>;

/** The block form's URL pattern (001 §5 'must match a URL pattern'): a host with a dot, optional scheme and path. */
export const BLOCK_URL_PATTERN =
  /^(https?:\/\/)?([a-z0-9\u00a1-\uffff-]+\.)+[a-z\u00a1-\uffff]{2,}(:\d{1,5})?(\/\S*)?$/i;
export const BLOCK_REASON_MIN = 3;

/** The form's fields (001 §2.6, §5), validated on every change. */
export const blockForm = z.object({
  url: z.string().trim().min(1, BLOCK_MSG.urlRequired).max(2048).regex(BLOCK_URL_PATTERN, BLOCK_MSG.urlInvalid),
  reason: z
    .string()
    .trim()
    .min(1, BLOCK_MSG.reasonRequired)
    .min(BLOCK_REASON_MIN, BLOCK_MSG.reasonShort)
    .max(REQUEST_REASON_MAX, REQUEST_MSG.reasonTooLong),
  name: z.string().trim().min(1, BLOCK_MSG.nameRequired).max(64),
  email: z
    .string()
    .trim()
    .min(1, BLOCK_MSG.emailRequired)
    .max(EMAIL_MAX, BLOCK_MSG.emailTooLong)
    .email(BLOCK_MSG.emailInvalid),
  for: z.enum(BLOCK_TARGETS, { error: BLOCK_MSG.targetRequired }),
});
export type BlockForm = z.infer<typeof blockForm>;

/** POST /requests/block (one target: device or user; global and connection need none or one item). */
export const blockRequestBody = z
  .object({
    url: blockForm.shape.url,
    reason: blockForm.shape.reason,
    for: blockForm.shape.for,
    notify: z.object({ name: blockForm.shape.name, email: blockForm.shape.email }),
    device: blockItem.optional(),
    user: blockItem.optional(),
    items: z.array(blockItem).max(REQUEST_BATCH_MAX).optional(),
  })
  .superRefine((b, ctx) => {
    const has = b.device !== undefined || b.user !== undefined || (b.items?.length ?? 0) > 0;
    if (b.for !== 'global' && !has) ctx.addIssue({ code: 'custom', path: ['for'], message: BLOCK_MSG.targetMissing });
  });
export type BlockRequestBody = z.input<typeof blockRequestBody>;

/** {success, error, message} (001 §7); `error` an AC code when it failed. */
export const blockResult = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  message: z.string().optional(),
});
export type BlockResult = z.infer<typeof blockResult>;
/** /block/batch: a map of results per item, keyed '{type}:{id}'. */
export const blockBatchResponse = z.record(z.string(), blockResult);
export type BlockBatchResponse = z.infer<typeof blockBatchResponse>;

// --- GET /node/web_access/website_groups (ours; 001 §7 leaves the path open) --------------------------------

/**
 * The groups are always the session account's: 001 §7's company id is not taken (an unknown key is
 * dropped), so no account id travels in the call.
 */
export const websiteGroupsQuery = z.object({
  type: z.literal('company').default('company'),
});
export const websiteGroupsResponse = z.object({ groups: z.array(z.object({ id: z.number(), name: z.string() })) });
export type WebsiteGroupsResponse = z.infer<typeof websiteGroupsResponse>;

/** Case-sensitive substring search of the website-group modal (001 §5). */
export function filterWebsiteGroups<T extends { name: string }>(groups: readonly T[], search: string): T[] {
  return search === '' ? [...groups] : groups.filter((g) => g.name.includes(search));
}
