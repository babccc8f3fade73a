/**
 * The request workflow's texts (001 §8 'Error catalogue' and 'Messages'; 001 §5 block form rules): the
 * AC codes and their texts, the toasts, the result toasts built from POST /requests' per-item results,
 * and our refusals where the spec gives none (docs/decisions/requests.md "Requests (issue 11)").
 */
import { PRODUCT_NAME } from '../constants.js';

import { requestErrorText, type RequestErrorCode } from './error-codes.js';

export { REQUEST_ERROR_CODES, REQUEST_ERROR_TEXTS, requestErrorText, type RequestErrorCode } from './error-codes.js';

/** The kind as the toasts name it: 'website' / 'media' / 'app'. */
export type RequestKindLabel = 'website' | 'media' | 'app';

/** Success toasts and other texts of 001 §8 (quoted exactly) and ours. */
export const REQUEST_MSG = {
  // 001 §8 success toasts
  denied: 'Request was denied.',
  pendingWebsiteDenied: 'The pending website request has been denied',
  appRequestDenied: 'The app request has been denied',
  appDenied: 'App was denied',
  processed: 'Request was processed',
  reviewSent: 'Review request sent',
  approvedForDevice: (type: string) => `${type} has been approved and allow for this device`,
  approvedForUser: (type: string) => `${type} has been approved and allowed for this user`,
  approvedForConnection: (type: string) => `${type} has been approved and allowed for this server connection`,
  // 001 §8 failures
  failedWithError: (error: string) => `Request was failed with error ${error}`,
  lastActionFailed: 'Last action failed',
  // 001 §2.4 texts
  accountList: 'Account list',
  none: 'None',
  notSpecified: 'Not specified',
  noDescription: 'No description.',
  noPreview: 'No preview available',
  redirecting: 'Redirecting...',
  noDevices: 'No devices found',
  emptyPendingAdmin: 'There are no further requests to process',
  emptyNoRequests: 'No requests could be found',
  emptyApprovedWebsites: 'No websites found',
  requestDevicesTitle: 'Request Devices',
  /** Ours (issue 26): 001 §2.5 names the 'user list' and 'server connection list' modals without texts. */
  requestUsersTitle: 'Request Users',
  noUsers: 'No users found',
  usersCount: (n: number) => (n === 1 ? '1 user' : `${n} users`),
  requestConnectionsTitle: 'Request Server Connections',
  noConnections: 'No server connections found',
  connectionsCount: (n: number) => (n === 1 ? '1 server connection' : `${n} server connections`),
  blockConfirmTitle: 'Block Website Confirmation',
  rememberDetails: 'Remember these details for next time',
  preventFurther: 'Prevent further requests',
  // ours (the spec gives no text)
  blocked: (type: string) => `${type} has been blocked`,
  bookmarkAdded: 'Bookmark added',
  bookmarkRemoved: 'Bookmark removed',
  reviewReasonShort: 'Please enter at least 4 characters',
  noRowsSelected: 'Please select at least one request',
  noDevicesSelected: 'Please select at least one device',
  noGroupChosen: 'Please choose a website group',
  categoryRequired: 'This request has no category to approve',
  groupRequired: 'Please choose a website group',
  devicesRequired: 'Please select at least one device',
  reasonTooLong: 'Please keep the reason under 500 characters',
  actionNotForState: 'This action is not available for requests in this list',
  expiryPast: 'The end of an approval must be in the future',
  expiryInvalid: 'Please choose how long the approval lasts',
  requestNotFound: 'This request could not be found',
  kindMismatch: 'Please choose website or media requests',
} as const;

/** One per-item result of POST /requests (001 §3 'request action result', §7). */
export type RequestItemResult = {
  id: number;
  action: 'added' | 'requested' | 'removed' | 'none' | 'error';
  error?: RequestErrorCode;
};

/** What the result toasts of one POST /requests say (001 §8 'Result toasts'). */
export type RequestResultToasts = { success: string[]; failure: string | null };

/**
 * The toasts of a POST /requests answer (001 §8): approvals 'N {type} request(s) approved' (and 'N
 * added to account whitelist' for the account's list), denials and 'removed' results 'N {type}
 * request(s) denied', reviews 'N sent to the Wayguard Team for processing', and failures 'N
 * unsuccessful:' followed by each code's text, grouped, plus '{n} request(s) no further action was
 * taken' for 'none' results.
 */
export function requestResultToasts(
  kind: RequestKindLabel,
  results: readonly RequestItemResult[],
  opts: { accountWhitelist?: boolean } = {},
): RequestResultToasts {
  const n = (a: RequestItemResult['action']) => results.filter((r) => r.action === a).length;
  const success: string[] = [];
  const added = n('added');
  const removed = n('removed');
  const requested = n('requested');
  if (added > 0) {
    success.push(`${added} ${kind} request(s) approved`);
    if (opts.accountWhitelist) success.push(`${added} added to account whitelist`);
  }
  if (removed > 0) success.push(`${removed} ${kind} request(s) denied`);
  if (requested > 0) success.push(`${requested} sent to the ${PRODUCT_NAME} Team for processing`);
  const errors = results.filter((r) => r.action === 'error');
  const none = n('none');
  const parts: string[] = [];
  if (errors.length > 0) {
    const codes = new Map<RequestErrorCode, number>();
    for (const e of errors) codes.set(e.error ?? 'AC016', (codes.get(e.error ?? 'AC016') ?? 0) + 1);
    parts.push(`${errors.length} unsuccessful:`, ...[...codes.keys()].map(requestErrorText));
  }
  if (none > 0) parts.push(`${none} request(s) no further action was taken`);
  return { success, failure: parts.length > 0 ? parts.join(' ') : null };
}

/** Block form (001 §5), validated on every change. */
export const BLOCK_MSG = {
  urlRequired: 'Please enter a URL',
  urlInvalid: 'Please enter a valid URL format',
  reasonRequired: 'Please enter a reason',
  reasonShort: 'Please enter at least 3 characters',
  nameRequired: 'Please enter a name',
  emailRequired: 'Please enter a valid email address',
  emailInvalid: 'The email address is invalid',
  targetRequired: 'Please select one of the following options',
  /** Ours: the spec gives the 32-character limit without a text. */
  emailTooLong: 'The email address can be at most 32 characters',
  /** Ours: a target of the chosen kind is missing. */
  targetMissing: 'Please choose where the website is blocked',
} as const;
