/**
 * App assignment (002 §2.6 'Device apps page' and 'user apps page', §3 'App', §4.4, §7, §9):
 * GET /devices/mobile_apps, POST /apps/user, POST /devices/mobile_apps/assigned.
 *
 * The rows are the apps approved for the account. An app assigned to a user goes to every mobile of the
 * user; on a device page, assigning to a device whose user has several devices assigns it to the user
 * (the 'Assignment Confirmation' lists those devices); a device without a user is assigned on its own
 * (docs/decisions/apps.md "Apps"). Times are unix seconds; 0 = none.
 */
import { z } from 'zod';
import { idField, idQueryField } from '../common.js';
import { deviceIdField } from '../devices/device.js';
import { listQuery } from '../lists.js';
import { APP_MSG } from './messages.js';

/** 002 §9: sort_by name (A-Z by default). */
export const APP_SORTS = ['name'] as const;

/**
 * 002 §7: page, count, id (device) or user_id (with both, user_id: the user page); ours: sort_by,
 * reverse_order, query (the app's name or package).
 */
export const mobileAppsQuery = listQuery
  .extend({
    id: deviceIdField.optional(),
    user_id: idQueryField.optional(),
    sort_by: z.enum(APP_SORTS).default('name'),
  })
  .refine((q) => q.id !== undefined || q.user_id !== undefined, {
    message: APP_MSG.deviceOrUser,
    path: ['id'],
  });
export type MobileAppsQuery = z.input<typeof mobileAppsQuery>;

/** 002 §3 'App', and ours after the spec's fields. */
export const mobileApp = z.object({
  /** The catalogue id (app_id of the assignment calls). */
  id: z.number(),
  package_name: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** The installed version ('' when not installed); on a user page, of the newest install on the user's mobiles. */
  version: z.string(),
  /** When it was installed; 0 = not installed ('Not installed'). */
  installed_on: z.number(),
  assigned_on: z.number(),
  assigned_by_id: z.number().nullable(),
  assigned_by_name: z.string(),
  is_assigned: z.boolean(),
  /** Assigning opens the approval warning modal first (the app is flagged is_admin_warning). */
  is_warning: z.boolean(),
  // ours
  mandatory: z.boolean(),
  /** The assignment comes from the account's auto assign (every user), not from this page. */
  auto_assigned: z.boolean(),
  /** User page: on how many of the user's mobiles it is installed. */
  installed_count: z.number(),
  /** An install or uninstall command waits for the device(s). */
  pending: z.enum(['install', 'uninstall']).nullable(),
});
export type MobileApp = z.infer<typeof mobileApp>;

/** A mobile of the page: the device itself, or each of the user's mobiles (the Assignment Confirmation lists them). */
export const appsPageDevice = z.object({ id: z.string(), name: z.string(), online: z.boolean() });
export type AppsPageDevice = z.infer<typeof appsPageDevice>;

export const mobileAppsResponse = z.object({
  apps: z.array(mobileApp),
  total_count: z.number(),
  // ours
  /** The page's mobiles: the device (device page) or the user's mobiles (user page; empty: the page redirects). */
  devices: z.array(appsPageDevice),
  /** The device's user (device page), whose other mobiles an assignment reaches; null without one. */
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type MobileAppsResponse = z.infer<typeof mobileAppsResponse>;

// --- POST /apps/user, POST /devices/mobile_apps/assigned -------------------------------------------------------

/** 002 §3 'Assign actions': assign / unassign (users). */
export const userAppAssignBody = z.object({
  app_id: idField,
  action: z.enum(['assign', 'unassign']),
  user_id: idField,
  /** Ours: the warning modal was confirmed; required to assign an is_warning app. */
  warning_accepted: z.boolean().optional(),
});
export type UserAppAssignBody = z.input<typeof userAppAssignBody>;

/** 002 §3 'Assign actions': add / remove (devices). */
export const deviceAppAssignBody = z.object({
  app_id: idField,
  action: z.enum(['add', 'remove']),
  /** The mobile's serial. */
  id: deviceIdField,
  warning_accepted: z.boolean().optional(),
});
export type DeviceAppAssignBody = z.input<typeof deviceAppAssignBody>;

/** 002 §7 leaves the answer open: ours says whether it is assigned now and which mobiles got a command. */
export const appAssignResponse = z.object({
  success: z.boolean(),
  is_assigned: z.boolean(),
  /** Serials of the mobiles sent an install or uninstall command by this call. */
  devices: z.array(z.string()),
});
export type AppAssignResponse = z.infer<typeof appAssignResponse>;

/**
 * The install tooltip of a row (002 §4.4): not assigned, or the device offline, or a mandatory install
 * (ours); null when none applies.
 */
export function installTooltip(
  app: Pick<MobileApp, 'is_assigned' | 'installed_on' | 'mandatory'>,
  deviceOnline: boolean,
): string | null {
  if (!app.is_assigned) return APP_MSG.tooltipNotAssigned;
  if (app.installed_on === 0 && !deviceOnline) return APP_MSG.tooltipOffline;
  if (app.mandatory) return APP_MSG.tooltipMandatory;
  return null;
}

/** The Installed (Version) cell (002 §2.6): 'Not installed' when installed_on is 0. */
export function installedCell(app: Pick<MobileApp, 'installed_on' | 'version'>): string {
  return app.installed_on === 0 ? APP_MSG.notInstalled : app.version || APP_MSG.pricingUnknown;
}
