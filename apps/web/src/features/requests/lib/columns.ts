/**
 * Which columns a request list shows (001 §2.4 table), one module for every view and kind: Pending
 * admin: Website or Media, By, Requested; Pending tech: Website or Media, For, Requested; Approved:
 * Website, By, For, Approved, bookmark, actions; Denied: Website, By, For, Denied, actions. Every
 * list has the accordion toggle; pending admin rows are selectable (for the batch approval), and
 * their approve menu and deny button sit in the Requested cell, so that the table spans the spec's
 * 5 columns (pending), 7 (approved) and 6 (denied). A Console User gets no action cells and no
 * selection (nothing they could do with them).
 */
import {
  REQUEST_MSG,
  UNKNOWN_PERSON,
  type RequestItem,
  type RequestKind,
  type RequestList,
  type RequestSort,
} from '@wayguard/contracts';
import type { SortKind } from '../../../components/list';
import { kindLabel } from './views';

export type ColumnKey = 'subject' | 'by' | 'for' | 'requested' | 'approved' | 'denied' | 'bookmark' | 'actions';

export function columnKeys(view: RequestList, canAct: boolean): ColumnKey[] {
  switch (view) {
    case 'pending_admin':
      return ['subject', 'by', 'requested'];
    case 'pending_tech':
      return canAct ? ['subject', 'for', 'requested', 'actions'] : ['subject', 'for', 'requested'];
    case 'approved':
      return canAct
        ? ['subject', 'by', 'for', 'approved', 'bookmark', 'actions']
        : ['subject', 'by', 'for', 'approved', 'bookmark'];
    case 'denied':
      return canAct ? ['subject', 'by', 'for', 'denied', 'actions'] : ['subject', 'by', 'for', 'denied'];
  }
}

/** Pending admin rows are chosen for the batch approval (001 §2.4), by those who may act. */
export function selectable(view: RequestList, canAct: boolean): boolean {
  return view === 'pending_admin' && canAct;
}

/** The table's full width in cells: the columns, the accordion toggle and the selection box. */
export function tableSpan(view: RequestList, canAct: boolean): number {
  return columnKeys(view, canAct).length + 1 + (selectable(view, canAct) ? 1 : 0);
}

export function columnHeader(key: ColumnKey, kind: RequestKind): string {
  switch (key) {
    case 'subject':
      return kindLabel(kind);
    case 'by':
      return 'By';
    case 'for':
      return 'For';
    case 'requested':
      return 'Requested';
    case 'approved':
      return 'Approved';
    case 'denied':
      return 'Denied';
    case 'bookmark':
      return 'Bookmark';
    case 'actions':
      return 'Actions';
  }
}

/** The sort a column header chooses (001 §9 sort options); bookmark and actions do not sort. */
export function columnSort(key: ColumnKey): { key: RequestSort; kind: SortKind } | undefined {
  switch (key) {
    case 'subject':
      return { key: 'url', kind: 'text' };
    case 'by':
      return { key: 'requester', kind: 'text' };
    case 'for':
      return { key: 'for', kind: 'text' };
    case 'requested':
      return { key: 'requested', kind: 'date' };
    case 'approved':
    case 'denied':
      return { key: 'processed', kind: 'date' };
    default:
      return undefined;
  }
}

/** The empty text of each list (001 §2.4), word for word. */
export const EMPTY_TEXT: Record<RequestList, string> = {
  pending_admin: REQUEST_MSG.emptyPendingAdmin,
  pending_tech: REQUEST_MSG.emptyNoRequests,
  approved: REQUEST_MSG.emptyApprovedWebsites,
  denied: REQUEST_MSG.emptyNoRequests,
};

/** The For column: 'Account list' when empty (001 §2.4). */
export function forText(value: string): string {
  return value.trim() === '' ? REQUEST_MSG.accountList : value;
}

/**
 * One thread, several requesters (ours): the first and '+N more'. A first requester without a name (a
 * device whose user is not known) is not shown as a bare '+N more': the count of requesters is.
 */
export function byText(row: { by: string; requester_count: number }): string {
  const more = row.requester_count - 1;
  if (row.by.trim() === '') return row.requester_count > 1 ? `${row.requester_count} requesters` : UNKNOWN_REQUESTER;
  return more > 0 ? `${row.by} +${more} more` : row.by;
}

export const UNKNOWN_REQUESTER = UNKNOWN_PERSON;

/**
 * The marker of a pending row whose address nothing blocks now (issue 26, docs/decisions/requests.md
 * "Requests for sites nothing blocks (issue 26)").
 */
export const NOT_BLOCKED_NOW = 'Not blocked now';

/**
 * A pending row the asking device's web access allows now (a rule added since, a stale agent): the
 * marker and what allows it (the server's resolver explanation); null for any other row.
 */
export function allowedNowMarker(
  row: Pick<RequestItem, 'state' | 'allowed_now'>,
): { label: string; because: string } | null {
  if (row.state !== 'pending' || !row.allowed_now) return null;
  return { label: NOT_BLOCKED_NOW, because: row.allowed_now.because };
}
