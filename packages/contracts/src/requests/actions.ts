/**
 * Which actions a request row offers, by list and association (001 §2.4 'Row actions', §4 'States and
 * transitions', 'Approval by association type'), and the toast each single action shows (001 §8). Pure:
 * the server refuses what a row does not offer, the web shows exactly these options.
 */
import type { AssociationType, RequestAction, RequestItem, RequestKind, RequestState, RequestStatus } from './api.js';
import { DEVICE_ASSOCIATIONS, PENDING_ADMIN_ACTIONS } from './api.js';
import { REQUEST_MSG } from './messages.js';

/** The list a row is shown in (001 §2.4). */
export type RequestList = 'pending_admin' | 'pending_tech' | 'approved' | 'denied';
export const REQUEST_LISTS: readonly RequestList[] = ['pending_admin', 'pending_tech', 'approved', 'denied'];

export function listOf(state: RequestState, status: RequestStatus): RequestList {
  if (state === 'pending') return status === 'tech' ? 'pending_tech' : 'pending_admin';
  return state;
}

/** The list's state and status filter for GET /requests. */
export function listFilter(list: RequestList): { state: RequestState; status: RequestStatus | 'all' } {
  switch (list) {
    case 'pending_admin':
      return { state: 'pending', status: 'admin' };
    case 'pending_tech':
      return { state: 'pending', status: 'tech' };
    default:
      return { state: list, status: 'all' };
  }
}

/** One approve option of a row's menu; `needs` says what the dialog must ask first. */
export type ApproveOption = {
  action: RequestAction;
  label: string;
  needs?: 'devices' | 'group';
};

type Row = Pick<
  RequestItem,
  'associationType' | 'category_id' | 'requester_kinds' | 'requester_count' | 'device_count' | 'state' | 'status'
>;

const isDeviceAssociation = (a: AssociationType) => DEVICE_ASSOCIATIONS.includes(a);

/**
 * The approve menu of a pending row (001 §2.5 speed-dial; §4 variants): the whole account (the default,
 * first), the subject's category, its device(s), its user(s), their server connection, a website group,
 * selected devices.
 */
export function pendingApproveOptions(row: Row, categoryName: string | null): ApproveOption[] {
  const opts: ApproveOption[] = [
    { action: 'approve_and_add_to_company_whitelist', label: 'Approve for the whole account' },
  ];
  if (row.category_id > 0 && categoryName)
    opts.push({ action: 'approve_and_add_to_category', label: `Approve the category ${categoryName}` });
  opts.push({
    action: 'approve_and_add_to_device_whitelist',
    label: row.device_count > 1 ? `Approve for these ${row.device_count} devices` : 'Approve for this device',
  });
  if (row.requester_kinds.length > 0)
    opts.push({
      action: 'approve_and_add_to_user_whitelist',
      // Every user who asked is allowed (issue 26): the label counts them.
      label: row.requester_count > 1 ? `Approve for these ${row.requester_count} users` : 'Approve for this user',
    });
  if (row.requester_kinds.includes('server_user'))
    opts.push({ action: 'approve_and_add_to_connection_whitelist', label: 'Approve for this server connection' });
  opts.push({ action: 'approve_and_add_to_website_group', label: 'Add to a website group...', needs: 'group' });
  opts.push({
    action: 'approve_and_add_to_device_whitelist',
    label: 'Approve for selected devices...',
    needs: 'devices',
  });
  return opts;
}

/**
 * A denied row's approve options by association (001 §4): device types allow for this device and for
 * selected devices; localuser adds this user; serveruser adds this user and this server connection;
 * user offers none: the button is disabled (001 §4 disables it only for user). Ours (issue 26, ST-08):
 * an approval that was for the whole account, a category, a website group or a server connection before
 * its deny or block is offered again where it was.
 */
export function deniedApproveOptions(
  row: Pick<Row, 'associationType'> & Partial<Pick<RequestItem, 'category'>>,
): ApproveOption[] {
  const a = row.associationType;
  if (isDeviceAssociation(a))
    return [
      { action: 'approve_and_add_to_device_whitelist', label: 'Allow for this device' },
      { action: 'approve_and_add_to_device_whitelist', label: 'Allow for selected devices...', needs: 'devices' },
    ];
  switch (a) {
    case 'localuser':
      return [{ action: 'approve_and_add_to_user_whitelist', label: 'Allow for this user' }];
    case 'serveruser':
      return [
        { action: 'approve_and_add_to_user_whitelist', label: 'Allow for this user' },
        { action: 'approve_and_add_to_connection_whitelist', label: 'Allow for this server connection' },
      ];
    case 'serverconnection':
      return [{ action: 'approve_and_add_to_connection_whitelist', label: 'Allow for this server connection' }];
    case 'company':
      return [{ action: 'approve_and_add_to_company_whitelist', label: 'Allow for the whole account' }];
    case 'category':
      return [
        {
          action: 'approve_and_add_to_category',
          label: row.category ? `Allow the category ${row.category}` : 'Allow the category',
        },
      ];
    case 'website_group':
      return [{ action: 'approve_and_add_to_website_group', label: 'Add to a website group...', needs: 'group' }];
    default:
      return [];
  }
}

/**
 * An approved row's 'allow for other selected devices' is disabled when its association is localuser,
 * user, company, category, serveruser or serverconnection (001 §4), and a website group (ours: the
 * group decides, not a device list).
 */
export function approvedAllowDisabled(row: Pick<Row, 'associationType'>): boolean {
  return !isDeviceAssociation(row.associationType);
}

/**
 * Whether a denied thread (website, media or app) may be sent to the provider's team for review: once
 * only per denied request, never after the team decided it (001 §4, §8 AC011/AC014). Ours: whoever
 * denied it, the administrator or the team's policy (docs/decisions/requests.md "Request review: one rule (issue 26)"):
 * a thread is with the team only after a review was requested, so 001's 'when status is tech' would offer review to no
 * website ever.
 */
export function canRequestReview(t: { state: RequestState; review_requested: boolean; reviewed: boolean }): boolean {
  return t.state === 'denied' && !t.review_requested && !t.reviewed;
}

/** The actions each list accepts (the server refuses the others with REQUEST_MSG.actionNotForState). */
export const LIST_ACTIONS: Record<RequestList, readonly RequestAction[]> = {
  pending_admin: PENDING_ADMIN_ACTIONS,
  pending_tech: ['deny', 'deny_and_prevent_requests'],
  approved: ['deny', 'block', 'add_to_device_whitelist'],
  denied: [
    'approve',
    'approve_and_add_to_company_whitelist',
    'approve_and_add_to_category',
    'approve_and_add_to_website_group',
    'approve_and_add_to_device_whitelist',
    'approve_and_add_to_user_whitelist',
    'approve_and_add_to_connection_whitelist',
    'request_review',
  ],
};

const TYPE_LABEL: Record<RequestKind, string> = { website: 'Website', media: 'Media' };

/**
 * The toast of one action on one row (001 §8): approvals for a device, a user or a server connection
 * have their own texts; a pending website denied 'The pending website request has been denied'; other
 * denials 'Request was denied.'; a review 'Review request sent'; the rest 'Request was processed'.
 * Batches and the account's whitelist use requestResultToasts.
 */
export function singleActionToast(kind: RequestKind, action: RequestAction, list: RequestList): string {
  const type = TYPE_LABEL[kind];
  switch (action) {
    case 'approve_and_add_to_device_whitelist':
    case 'add_to_device_whitelist':
      return REQUEST_MSG.approvedForDevice(type);
    case 'approve_and_add_to_user_whitelist':
      return REQUEST_MSG.approvedForUser(type);
    case 'approve_and_add_to_connection_whitelist':
      return REQUEST_MSG.approvedForConnection(type);
    case 'deny':
    case 'deny_and_prevent_requests':
      return kind === 'website' && list === 'pending_admin' ? REQUEST_MSG.pendingWebsiteDenied : REQUEST_MSG.denied;
    case 'block':
      return REQUEST_MSG.blocked(type);
    case 'request_review':
      return REQUEST_MSG.reviewSent;
    default:
      return REQUEST_MSG.processed;
  }
}
