/**
 * The request lists' declarations (001 §2.4, §9): one per kind and view, from one factory. Each sends
 * its kind, state and status as a fixed part of the call (nothing in the address), the date filter
 * (the server reads it on requested for pending lists, on processed for the others), the search, the
 * sorts of 001 §9 with the contract's default (pending by requested, the others by processed, newest
 * first), the filter tabs in filterIndex (approved lists: All, Expiring soon, Bookmarked; ours), and,
 * on media lists, the media type filter in its two groups.
 */
import {
  MEDIA_TYPE_GROUPS,
  REQUEST_SORTS,
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

export type RequestsList = ReturnType<typeof requestsListOf>;

const kept = new Map<string, RequestsList>();

/** One declaration per kind and view, made once: the list controller needs a stable definition. */
export function requestsList(kind: RequestKind, view: RequestList): RequestsList {
  const key = `${kind}.${view}`;
  let definition = kept.get(key);
  if (!definition) {
    definition = requestsListOf(kind, view);
    kept.set(key, definition);
  }
  return definition;
}
