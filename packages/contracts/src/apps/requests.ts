/**
 * App requests in the console (001 §2.4 'App request lists', §3 'App request', §4 'Apps', §7 'App
 * requests', §8, §9): GET /app_requests, POST /app_requests, GET /app_requests/export, and ours:
 * GET /app_requests/devices (the Request Devices modal of an app thread).
 *
 * One row is one thread per (account, package): every ask of a device for the package joins it, and it
 * moves between the lists as it is decided (docs/decisions/apps.md "Apps"). POST /app_requests therefore
 * names rows by package_name, as 001 §7 does. Times on the wire are unix seconds; 0 = none.
 */
import { z } from 'zod';
import { idQueryField } from '../common.js';
import { deviceKind } from '../devices/device.js';
import { listQuery } from '../lists.js';
import {
  REQUEST_REASON_MAX,
  REQUEST_STATES,
  REQUEST_STATUSES,
  REQUEST_STATUS_FILTERS,
  REVIEW_REASON_MIN,
  requestListCounts,
  type RequestState,
} from '../requests/api.js';
import { REQUEST_ERROR_CODES } from '../requests/messages.js';
import { APP_MSG } from './messages.js';

/** An Android package name (ours: the store's rule, letters, digits, '_' and '.', at most 255). */
export const PACKAGE_NAME_MAX = 255;
export const PACKAGE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;
export const packageNameField = z
  .string({ error: APP_MSG.packageInvalid })
  .trim()
  .min(1, APP_MSG.packageRequired)
  .max(PACKAGE_NAME_MAX, APP_MSG.packageInvalid)
  .regex(PACKAGE_NAME_PATTERN, APP_MSG.packageInvalid);

/** Sort keys (001 §9: 'name (apps)' instead of url). */
export const APP_REQUEST_SORTS = ['name', 'requester', 'processor', 'for', 'processed', 'requested'] as const;
export type AppRequestSort = (typeof APP_REQUEST_SORTS)[number];

/** The default sort (001 §9): pending by requested; approved and denied by processed; newest first. */
export function defaultAppRequestSort(state: RequestState): { sort_by: AppRequestSort; reverse_order: boolean } {
  return state === 'pending'
    ? { sort_by: 'requested', reverse_order: true }
    : { sort_by: 'processed', reverse_order: true };
}

// --- GET /app_requests, GET /app_requests/export ------------------------------------------------------------

/** 001 §7 'same filter params' as GET /requests (without type and media_types). */
export const appRequestsListQuery = listQuery.extend({
  state: z.enum(REQUEST_STATES).default('pending'),
  status: z.enum(REQUEST_STATUS_FILTERS).default('admin'),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  sort_by: z.enum(APP_REQUEST_SORTS).optional(),
});
export type AppRequestsListQuery = z.infer<typeof appRequestsListQuery>;

const deviceRef = z.object({ id: z.string(), type: deviceKind });

/** An app request row (001 §3 'App request'), and ours after the spec's fields. */
export const appRequestItem = z.object({
  package_name: z.string(),
  title: z.string(),
  icon_url: z.string().nullable(),
  requester: z.string(),
  requester_id: z.number().nullable(),
  requested: z.number(),
  processor: z.string(),
  processed: z.number(),
  /** The deny reason. */
  reason: z.string(),
  /** The reason given when a review was requested. */
  review_notes: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** Approving shows the warning dialog (the app is flagged is_admin_warning). */
  approve_warn: z.boolean(),
  can_request_review: z.boolean(),
  // ours
  /** The thread's id (the row key); actions name the package. */
  id: z.number(),
  state: z.enum(REQUEST_STATES),
  /** The requester's name as the By column shows it (= requester). */
  by: z.string(),
  /** The For column: the asking device, or 'N devices' opening the Request Devices modal. */
  for: z.object({ value: z.string(), isPopup: z.boolean() }),
  /** The first asking device; null when it is gone. */
  device: deviceRef.nullable(),
  device_count: z.number(),
  requester_count: z.number(),
  /** The requester's note on the (first) ask. */
  notes: z.string(),
  vendor: z.string(),
  /** Approved rows: assigned to every user (auto assign), mandatory install, and to how many users. */
  auto_assign: z.boolean(),
  mandatory: z.boolean(),
  assigned_count: z.number(),
});
export type AppRequestItem = z.infer<typeof appRequestItem>;

/** 001 §7: requests and total_count; ours: the lists' counts, as GET /requests answers them. */
export const appRequestsListResponse = z.object({
  requests: z.array(appRequestItem),
  total_count: z.number(),
  counts: requestListCounts,
});
export type AppRequestsListResponse = z.infer<typeof appRequestsListResponse>;

// --- POST /app_requests -------------------------------------------------------------------------------------

/**
 * 001 §4 'Apps': deny (pending admin; cancel of pending tech; an approved app, which uninstalls it) and
 * request_review (denied with status tech). Approval goes through POST /app_requests/app (the dialog).
 */
export const APP_REQUEST_ACTIONS = ['deny', 'request_review'] as const;
export type AppRequestAction = (typeof APP_REQUEST_ACTIONS)[number];
/** Packages in one action (ours). */
export const APP_BATCH_MAX = 500;

export const appRequestActionBody = z
  .object({
    package_name: z.array(packageNameField).min(1, APP_MSG.packageRequired).max(APP_BATCH_MAX),
    action: z.enum(APP_REQUEST_ACTIONS),
    /** The status of the list the rows are in (admin or tech); a row no longer there answers an AC code. */
    status: z.enum(REQUEST_STATUSES).default('admin'),
    reason: z.string().trim().max(REQUEST_REASON_MAX, APP_MSG.reasonTooLong).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'request_review' && (b.reason ?? '').length < REVIEW_REASON_MIN)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: APP_MSG.reviewReasonShort });
  });
export type AppRequestActionBody = z.input<typeof appRequestActionBody>;

export const appItemResult = z.object({
  package_name: z.string(),
  action: z.enum(['added', 'requested', 'removed', 'none', 'error']),
  error: z.enum(REQUEST_ERROR_CODES as [string, ...string[]]).optional(),
});
/** Per-item results (001 §7), in the order of package_name. */
export const appRequestActionResponse = z.array(appItemResult);
export type AppRequestActionResponse = z.infer<typeof appRequestActionResponse>;

// --- GET /app_requests/devices (ours) -------------------------------------------------------------------------

export const appRequestDevicesQuery = z.object({ id: idQueryField });
export const appRequestDevicesResponse = z.object({
  devices: z.array(z.object({ id: z.string(), type: deviceKind, name: z.string() })),
});
export type AppRequestDevicesResponse = z.infer<typeof appRequestDevicesResponse>;
