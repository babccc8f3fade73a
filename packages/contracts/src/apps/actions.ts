/**
 * What an app request row offers in each list (001 §2.4 'App request lists', §4 'Apps') and the toast of
 * one action (001 §8). Pure: the server refuses what a row does not offer; the web shows exactly these.
 */
import { listOf, type RequestList } from '../requests/actions.js';
import type { AppRequestItem } from './requests.js';
import { APP_MSG } from './messages.js';

/** A row's actions: approve opens the approval dialog (POST /app_requests/app); the others POST /app_requests. */
export type AppRowAction = 'approve' | 'deny' | 'request_review';

/**
 * Pending admin: approve and deny. Pending tech: cancel (a deny). Approved: deny (uninstalls it from the
 * users' mobiles). Denied: approve (not when its status is tech: the team's policy denied it), and request
 * review while can_request_review (requests/actions.ts `canRequestReview`: one rule with websites, issue 26).
 */
export function appRowActions(row: Pick<AppRequestItem, 'state' | 'status' | 'can_request_review'>): AppRowAction[] {
  switch (listOf(row.state, row.status)) {
    case 'pending_admin':
      return ['approve', 'deny'];
    case 'pending_tech':
    case 'approved':
      return ['deny'];
    case 'denied': {
      const review: AppRowAction[] = row.can_request_review ? ['request_review'] : [];
      return row.status === 'tech' ? review : ['approve', ...review];
    }
  }
}

/** The actions each list accepts (the server answers AC codes for rows that moved on). */
export const APP_LIST_ACTIONS: Record<RequestList, readonly AppRowAction[]> = {
  pending_admin: ['approve', 'deny'],
  pending_tech: ['deny'],
  approved: ['deny'],
  denied: ['approve', 'request_review'],
};

/**
 * The toast of one action on one row (001 §8): a pending app denied 'The app request has been denied', an
 * approved app denied 'App was denied', a pending tech request cancelled 'Request was denied.', a review
 * 'Review request sent', an approval 'App has been approved' (ours).
 */
export function appActionToast(action: AppRowAction, list: RequestList): string {
  switch (action) {
    case 'approve':
      return APP_MSG.approved;
    case 'request_review':
      return APP_MSG.reviewSent;
    case 'deny':
      if (list === 'approved') return APP_MSG.appDenied;
      if (list === 'pending_admin') return APP_MSG.appRequestDenied;
      return APP_MSG.denied;
  }
}
