/**
 * The state of a paged list (page, count, sort_by, reverse_order, query and its filters) as it is held
 * in the address and in the saved view (000 §2.7; 001 §9). Pure functions: the list controller
 * (use-list-controller.ts) binds them to the router and the storage.
 *
 * In the address every list keeps page, count, sort_by and reverse_order explicitly, the query when
 * there is one, and each filter's parameters as its kind writes them (filters/). Values that are not
 * valid for the list read as their defaults, so a hand-edited address never breaks the screen.
 */
import { listQuery, PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@wayguard/contracts';
import {
  initialFilterValues,
  readFilterValues,
  type AnyFilter,
  type ApiValue,
  type FilterValues,
} from './filters/filter-kind';

/** What the address part of a list's definition says (list-definition.ts adds the calls). */
export type ListShape<S extends string, Fs extends Record<string, AnyFilter>> = {
  /** Names the list in the saved view ('users' is kept under wg.list.users.<user id>). */
  key: string;
  sorts: readonly S[];
  defaultSort: S;
  /** Whether the default sort is in reverse order (newest first, Z-A). */
  defaultReverse?: boolean;
  filters: Fs;
  pageSizes?: readonly number[];
  defaultCount?: number;
  /**
   * 'full' (default): the address always holds page, count and sort, and the view is saved per user.
   * 'changes': the address holds only what differs from the defaults, and no view is saved.
   */
  address?: 'full' | 'changes';
};

export type ListState<S extends string, Fs extends Record<string, AnyFilter>> = {
  page: number;
  count: number;
  sortBy: S;
  reverse: boolean;
  query: string;
  filters: FilterValues<Fs>;
};

/** What a list call sends: the spec's names, flags as '1' (000 §7.3, 001 §7). */
export type ListApiParams = Record<string, ApiValue>;

const CORE_KEYS = ['page', 'count', 'sort_by', 'reverse_order', 'query'] as const;

/** The list calls' own limits (contracts' listQuery): a hand-edited address never makes the call fail. */
const PAGE_MAX = listQuery.shape.page.unwrap().maxValue ?? Number.MAX_SAFE_INTEGER;
export const LIST_QUERY_MAX = listQuery.shape.query.unwrap().maxLength ?? 100;

/** A search as the list call takes it: no control characters (the server refuses NUL), trimmed, capped. */
export function cleanQuery(raw: string): string {
  const printable = [...raw].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, LIST_QUERY_MAX).trim();
}

function readBool(value: string | null): boolean | undefined {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}

/** Every address parameter the list owns: the core ones and its filters'. */
export function listParamNames<S extends string, Fs extends Record<string, AnyFilter>>(shape: ListShape<S, Fs>) {
  return [...CORE_KEYS, ...Object.values(shape.filters).flatMap((f) => f.params)];
}

export function defaultListState<S extends string, Fs extends Record<string, AnyFilter>>(
  shape: ListShape<S, Fs>,
): ListState<S, Fs> {
  return {
    page: PAGE_DEFAULT,
    count: shape.defaultCount ?? PAGE_SIZE_DEFAULT,
    sortBy: shape.defaultSort,
    reverse: shape.defaultReverse ?? false,
    query: '',
    filters: initialFilterValues(shape.filters),
  };
}

/** True when the parameters say anything about this list (else its saved view is restored). */
export function hasListParams<S extends string, Fs extends Record<string, AnyFilter>>(
  params: URLSearchParams,
  shape: ListShape<S, Fs>,
): boolean {
  return listParamNames(shape).some((k) => params.has(k));
}

export function parseListState<S extends string, Fs extends Record<string, AnyFilter>>(
  params: URLSearchParams,
  shape: ListShape<S, Fs>,
): ListState<S, Fs> {
  const d = defaultListState(shape);
  const sizes = shape.pageSizes ?? PAGE_SIZES;
  const page = Number(params.get('page'));
  const count = Number(params.get('count'));
  const sortBy = params.get('sort_by');
  return {
    // A page past the end is moved to the last page by the controller once it knows the total.
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : d.page,
    count: sizes.includes(count) ? count : d.count,
    sortBy: (shape.sorts as readonly string[]).includes(sortBy ?? '') ? (sortBy as S) : d.sortBy,
    reverse: readBool(params.get('reverse_order')) ?? d.reverse,
    query: cleanQuery(params.get('query') ?? ''),
    filters: readFilterValues(shape.filters, params),
  };
}

/**
 * The parameters of `current` with this list's parameters replaced by `state`'s. Parameters that are
 * not the list's (e.g. create_user) are kept.
 */
export function writeListState<S extends string, Fs extends Record<string, AnyFilter>>(
  current: URLSearchParams,
  state: ListState<S, Fs>,
  shape: ListShape<S, Fs>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const k of listParamNames(shape)) next.delete(k);
  const d = shape.address === 'changes' ? defaultListState(shape) : null;
  if (state.page !== d?.page) next.set('page', String(state.page));
  if (state.count !== d?.count) next.set('count', String(state.count));
  if (state.sortBy !== d?.sortBy || state.reverse !== d.reverse) {
    next.set('sort_by', state.sortBy);
    next.set('reverse_order', state.reverse ? '1' : '0');
  }
  if (state.query) next.set('query', state.query);
  for (const [name, f] of Object.entries(shape.filters)) f.write(next, state.filters[name as keyof Fs]);
  return next;
}

/** A change of the list's state, or one that depends on the state it applies to (e.g. reversing a sort). */
export type ListPatch<S extends string, Fs extends Record<string, AnyFilter>> =
  Partial<ListState<S, Fs>> | ((base: ListState<S, Fs>) => Partial<ListState<S, Fs>>);

/**
 * The address after a change of the list's state. The change applies to the state the address holds
 * now (`current`), or to `shown` when the address says nothing about the list (the saved view, not yet
 * written into the address). Other parameters of the address are kept.
 */
export function patchListParams<S extends string, Fs extends Record<string, AnyFilter>>(
  current: URLSearchParams,
  shown: ListState<S, Fs>,
  patch: ListPatch<S, Fs>,
  shape: ListShape<S, Fs>,
): URLSearchParams {
  const base = hasListParams(current, shape) ? parseListState(current, shape) : shown;
  return writeListState(current, { ...base, ...(typeof patch === 'function' ? patch(base) : patch) }, shape);
}

/** Choosing a column: the sorted column reverses its order; another starts at its first order, on page 1. */
export function chooseSort<S extends string, Fs extends Record<string, AnyFilter>>(
  sortBy: S,
  firstReverse: boolean,
): (base: ListState<S, Fs>) => Partial<ListState<S, Fs>> {
  return (base) => ({ sortBy, reverse: base.sortBy === sortBy ? !base.reverse : firstReverse, page: 1 });
}

/** The list call's parameters: paging, sort, search and what each filter sends. */
export function toApiParams<S extends string, Fs extends Record<string, AnyFilter>>(
  state: ListState<S, Fs>,
  shape: ListShape<S, Fs>,
): ListApiParams {
  const params: ListApiParams = {
    page: state.page,
    count: state.count,
    sort_by: state.sortBy,
    reverse_order: state.reverse ? '1' : '0',
  };
  if (state.query) params.query = state.query;
  for (const [name, f] of Object.entries(shape.filters)) {
    for (const [k, v] of Object.entries(f.toApi(state.filters[name as keyof Fs]))) if (v !== undefined) params[k] = v;
  }
  return params;
}

/** The same parameters without paging, for exports of the whole filtered list. */
export function toExportParams<S extends string, Fs extends Record<string, AnyFilter>>(
  state: ListState<S, Fs>,
  shape: ListShape<S, Fs>,
): ListApiParams {
  const { page: _page, count: _count, ...rest } = toApiParams(state, shape);
  return rest;
}
