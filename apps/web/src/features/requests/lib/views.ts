/**
 * The request lists of one kind (001 §2.4): pending for the admin, pending for the support team
 * (status tech), approved and denied: the contracts' RequestList. An address names one; its list call
 * sends the contract's state and status (listFilter).
 */
import type { RequestKind, RequestList } from '@wayguard/contracts';
import type { RequestState as PathState } from '../../../lib/paths';

/** The list an address names (paths.requests.href's states). */
export function listOfPath(state: PathState): RequestList {
  switch (state) {
    case 'pending':
      return 'pending_admin';
    case 'pending/tech':
      return 'pending_tech';
    default:
      return state;
  }
}

/** The page title (001 §2.4: 'Websites Requests' or 'Requests'). */
export function requestsTitle(kind: RequestKind): string {
  return kind === 'website' ? 'Websites Requests' : 'Requests';
}

/**
 * The document title: the page title and the list ('Websites Requests – Approved'); media lists, whose
 * heading is the plain 'Requests', say 'Media Requests' there, so that the title tells the page apart.
 */
export function documentTitle(kind: RequestKind, list: RequestList): string {
  return `${kind === 'website' ? requestsTitle(kind) : 'Media Requests'} – ${LIST_LABELS[list]}`;
}

/** The list's own name under the title (the Requests menu's entries, 000 §2.2). */
export const LIST_LABELS: Record<RequestList, string> = {
  pending_admin: 'Pending Admin',
  pending_tech: 'Pending for the support team',
  approved: 'Approved',
  denied: 'Denied',
};

/** 'Website' / 'Media', as the first column and the toasts' {type} name the subject. */
export function kindLabel(kind: RequestKind): 'Website' | 'Media' {
  return kind === 'website' ? 'Website' : 'Media';
}
