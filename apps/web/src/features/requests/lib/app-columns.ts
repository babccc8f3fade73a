/**
 * The app request lists' columns (001 §2.4 'App request lists'): Pending admin: App, By, Requested;
 * Pending tech: App, For, Requested; Approved: App, By, For, Approved; Denied: App, By, For, Denied;
 * each with the row's actions (approve and deny; cancel; deny; approve or request review) in a last
 * column, which a Console User does not get. The App column sorts by name (001 §9); the others as on
 * the website lists (lib/columns.ts).
 */
import { APP_MSG, REQUEST_MSG, type AppRequestSort, type RequestList } from '@wayguard/contracts';
import type { SortKind } from '../../../components/list';
import { columnHeader, columnSort, type ColumnKey } from './columns';

export type AppColumnKey = Exclude<ColumnKey, 'bookmark'>;

export function appColumnKeys(view: RequestList, canAct: boolean): AppColumnKey[] {
  const base: AppColumnKey[] = (() => {
    switch (view) {
      case 'pending_admin':
        return ['subject', 'by', 'requested'];
      case 'pending_tech':
        return ['subject', 'for', 'requested'];
      case 'approved':
        return ['subject', 'by', 'for', 'approved'];
      case 'denied':
        return ['subject', 'by', 'for', 'denied'];
    }
  })();
  return canAct ? [...base, 'actions'] : base;
}

/** The table's full width in cells: the columns and the accordion toggle. */
export function appTableSpan(view: RequestList, canAct: boolean): number {
  return appColumnKeys(view, canAct).length + 1;
}

export function appColumnHeader(key: AppColumnKey): string {
  return key === 'subject' ? 'App' : columnHeader(key, 'website');
}

export function appColumnSort(key: AppColumnKey): { key: AppRequestSort; kind: SortKind } | undefined {
  if (key === 'subject') return { key: 'name', kind: 'text' };
  const sort = columnSort(key);
  return sort && sort.key !== 'url' ? { key: sort.key, kind: sort.kind } : undefined;
}

/** The empty text of each app list (001 §2.4; the approved list's is ours: 'No apps found', 002 §8). */
export const APP_EMPTY_TEXT: Record<RequestList, string> = {
  pending_admin: REQUEST_MSG.emptyPendingAdmin,
  pending_tech: REQUEST_MSG.emptyNoRequests,
  approved: APP_MSG.noApps,
  denied: REQUEST_MSG.emptyNoRequests,
};
