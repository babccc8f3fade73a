/**
 * The app side's texts (001 §4 'App approval dialog', §8 'Messages'; 002 §2.6, §4.4, §8): warnings,
 * toasts, tooltips, empty states, and our refusals where the spec gives none (docs/decisions/apps.md "Apps").
 */
import { REQUEST_MSG, requestResultToasts, type RequestResultToasts } from '../requests/messages.js';
import type { RequestErrorCode } from '../requests/messages.js';

export const APP_MSG = {
  // 001 §4 approval dialog warnings (quoted exactly)
  warnUnsuitable: 'This app may contain unsuitable content',
  warnNotPlayStore: 'This app is not from Google Play Store',
  warnAutoAssignPrevented:
    'Auto Assign cannot be enabled for this mobile app. You can still manually assign on each user that requires it',
  // 001 §8 success toasts
  appRequestDenied: REQUEST_MSG.appRequestDenied,
  appDenied: REQUEST_MSG.appDenied,
  denied: REQUEST_MSG.denied,
  processed: REQUEST_MSG.processed,
  reviewSent: REQUEST_MSG.reviewSent,
  failedWithError: REQUEST_MSG.failedWithError,
  // 001 §2.4
  requestApp: 'Request App',
  emptyPendingAdmin: REQUEST_MSG.emptyPendingAdmin,
  emptyNoRequests: REQUEST_MSG.emptyNoRequests,
  requestDevicesTitle: REQUEST_MSG.requestDevicesTitle,
  noDevices: REQUEST_MSG.noDevices,
  accountList: REQUEST_MSG.accountList,
  none: REQUEST_MSG.none,
  noDescription: REQUEST_MSG.noDescription,
  // pricing (001 §2.4)
  pricingFreeWithIap: 'Free with in-app purchases',
  pricingFree: 'Free',
  pricingUnknown: 'Unknown',
  // 002 §2.6, §4.4, §8 (quoted exactly)
  noApps: 'No apps found',
  notInstalled: 'Not installed',
  notAssigned: 'Not assigned',
  assigned: 'App has been assigned',
  assignmentConfirmation: 'Assignment Confirmation',
  tooltipOffline: 'App cannot be installed because the device is offline',
  tooltipNotAssigned: 'App cannot be installed as it not assigned',
  addApp: 'Add App',
  // ours (the spec gives no text)
  unassigned: 'App has been unassigned',
  /** The Assignment Confirmation's sentence (issue 26: unassigning asks too, as it reaches every mobile). */
  confirmReach: (name: string, on: boolean, n: number) =>
    on
      ? `${name} will be assigned on these ${n} devices:`
      : `${name} will be unassigned and uninstalled from these ${n} devices:`,
  /** The user's mobiles could not be listed (issue 26: the change is asked for all the same). */
  reachUnknown: "This device's user may have other mobiles, which could not be listed: the change reaches them too.",
  approved: 'App has been approved',
  tooltipMandatory: 'This app is mandatory: it is installed on the device and its user cannot remove it',
  tooltipInstalled: 'Installed on the device',
  tooltipPending: 'Waiting for the device to install it',
  warningHeading: 'This app may contain unsuitable content',
  warningCheckbox: 'I have reviewed this app and want to approve it',
  warningMessage: (name: string, classification: string) =>
    `${name} is classified ${classification || 'Unknown'}. Review it before you approve it: once assigned it is installed on your users' mobiles.`,
  assignedBy: (date: string, by: string) => `${date} by ${by}`,
  installedVersion: (version: string) => (version ? `Installed (${version})` : 'Installed'),
  autoAssign: 'Auto assign to all users',
  mandatory: 'Mandatory install',
  chooseUsers: 'Choose users',
  allUsers: 'All users',
  usersCount: (n: number) => (n === 1 ? '1 user' : `${n} users`),
  // ours: refusals
  appNotFound: 'This app could not be found',
  packageRequired: 'Please choose at least one app',
  packageInvalid: 'This is not a valid package name',
  userNotFound: 'This user could not be found',
  deviceNotFound: 'This device could not be found',
  notMobile: 'Apps can only be assigned to mobile devices',
  userHasNoDevices: 'This user has no mobile devices',
  userDeactivated: 'Apps cannot be assigned to a deactivated user',
  warningNotAccepted: 'Please confirm that you have read the warning before approving this app',
  appNotApproved: 'This app has not been approved for your account',
  deviceOrUser: 'Please choose a device or a user',
  tooManyUsers: 'Please choose at most 500 users',
  actionNotForState: REQUEST_MSG.actionNotForState,
  reviewReasonShort: REQUEST_MSG.reviewReasonShort,
  reasonTooLong: REQUEST_MSG.reasonTooLong,
  requestNotFound: REQUEST_MSG.requestNotFound,
} as const;

/** One per-item result of POST /app_requests and POST /app_requests/app (001 §3 'request action result'). */
export type AppItemResult = {
  package_name: string;
  action: 'added' | 'requested' | 'removed' | 'none' | 'error';
  error?: RequestErrorCode;
};

/** The toasts of an app action's answer (001 §8 'Result toasts', kind 'app'). */
export function appResultToasts(results: readonly AppItemResult[]): RequestResultToasts {
  return requestResultToasts(
    'app',
    results.map((r, i) => ({ id: i + 1, action: r.action, ...(r.error ? { error: r.error } : {}) })),
  );
}
