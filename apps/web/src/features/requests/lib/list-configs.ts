/**
 * The request lists' declarations (001 §2.4, §9): one per kind and view, from one factory. Each sends
 * its kind, state and status as a fixed part of the call (nothing in the address), the date filter
 * (the server reads it on requested for pending lists, on processed for the others), the search, the
 * sorts of 001 §9 with the contract's default (pending by requested, the others by processed, newest
 * first), the filter tabs in filterIndex (approved lists: All, Expiring soon, Bookmarked; ours), and,
 * on media lists, the media type filter in its two groups.
 */
import {
  APP_REQUEST_SORTS,
  MEDIA_TYPE_GROUPS,
  REQUEST_SORTS,
  defaultAppRequestSort,
  defaultRequestSort,
  listFilter,
  type MediaType,
  type RequestKind,
  type RequestList,
} from '@wayguard/contracts';
import {
  dateRangeFilter,
  defineList,
  filterIndexFilter,
  groupedChoiceFilter,
  type ChoiceGroup,
  type FilterKind,
} from '../../../components/list';
import { appRequestsExportEndpoint, appRequestsListEndpoint } from '../api/app-requests';
import { requestsExportEndpoint, requestsListEndpoint } from '../api/requests-list';

/** The kind, state and status on every call; nothing in the address, never counted as applied. */
export function fixedParams(kind: RequestKind, view: RequestList): FilterKind<null, 'type' | 'state' | 'status'> {
  return {
    params: [],
    apiParams: ['type', 'state', 'status'],
    initial: null,
    read: () => null,
    write: () => {},
    toApi: () => ({ type: kind, ...listFilter(view) }),
    applied: () => 0,
  };
}

export const MEDIA_TYPE_CHOICE_GROUPS: ChoiceGroup<MediaType>[] = MEDIA_TYPE_GROUPS.map((g) => ({
  key: g.key,
  label: g.label,
  options: g.types.map((t) => ({ key: t.key, label: t.label })),
}));

/** The filter tabs of a view (filterIndex, 001 §9); the approved lists' second and third are ours. */
export function filterTabs(view: RequestList): readonly string[] {
  return view === 'approved' ? ['All', 'Expiring soon', 'Bookmarked'] : ['All'];
}

/** What a tab sends: expiring=1 (Expiring soon), bookmarked=1 (Bookmarked). */
export function tabParams(view: RequestList, index: number): { expiring?: '1'; bookmarked?: '1' } {
  if (view !== 'approved') return {};
  if (index === 1) return { expiring: '1' };
  if (index === 2) return { bookmarked: '1' };
  return {};
}

function requestsListOf(kind: RequestKind, view: RequestList) {
  const sort = defaultRequestSort(listFilter(view).state);
  return defineList({
    key: `requests.${kind}.${view}`,
    ...requestsListEndpoint,
    ...requestsExportEndpoint,
    rows: (r) => r.requests,
    total: (r) => r.total_count,
    rowKey: (row) => row.id,
    sorts: REQUEST_SORTS,
    defaultSort: sort.sort_by,
    defaultReverse: sort.reverse_order,
    filters: {
      fixed: fixedParams(kind, view),
      date: dateRangeFilter<'from' | 'to'>({ apiFrom: 'from', apiTo: 'to' }),
      // Websites have no media types: no groups, nothing read or sent.
      mediaTypes: groupedChoiceFilter<MediaType, 'media_types'>({
        param: 'media_types',
        apiParam: 'media_types',
        groups: kind === 'media' ? MEDIA_TYPE_CHOICE_GROUPS : [],
      }),
      tab: filterIndexFilter<'expiring' | 'bookmarked'>({
        count: filterTabs(view).length,
        apiParams: ['expiring', 'bookmarked'],
        toApi: (i) => tabParams(view, i),
      }),
    },
  });
}

/**
 * An app request list (001 §2.4, §7 'App requests': the same filter params less type and media types;
 * §9: sort by name instead of url): its state and status fixed, the date filter and the search.
 */
function appRequestsListOf(view: RequestList) {
  const sort = defaultAppRequestSort(listFilter(view).state);
  return defineList({
    key: `requests.apps.${view}`,
    ...appRequestsListEndpoint,
    ...appRequestsExportEndpoint,
    rows: (r) => r.requests,
    total: (r) => r.total_count,
    rowKey: (row) => row.id,
    sorts: APP_REQUEST_SORTS,
    defaultSort: sort.sort_by,
    defaultReverse: sort.reverse_order,
    filters: {
      fixed: stateParams(view),
      date: dateRangeFilter<'from' | 'to'>({ apiFrom: 'from', apiTo: 'to' }),
    },
  });
}

/** The state and status of an app list on every call (fixedParams without the kind). */
function stateParams(view: RequestList): FilterKind<null, 'state' | 'status'> {
  return { ...fixedParams('website', view), apiParams: ['state', 'status'], toApi: () => listFilter(view) };
}

export type RequestsList = ReturnType<typeof requestsListOf>;
export type AppRequestsList = ReturnType<typeof appRequestsListOf>;

const kept = new Map<string, unknown>();

/** One declaration per key, made once: the list controller needs a stable definition. */
function keptList<T>(key: string, make: () => T): T {
  if (!kept.has(key)) kept.set(key, make());
  return kept.get(key) as T;
}

export function requestsList(kind: RequestKind, view: RequestList): RequestsList {
  return keptList(`${kind}.${view}`, () => requestsListOf(kind, view));
}

export function appRequestsList(view: RequestList): AppRequestsList {
  return keptList(`apps.${view}`, () => appRequestsListOf(view));
}
