/**
 * The state of a paged list (page, count, sort_by, reverse_order, query and filter flags) as it is
 * held in the address and in local storage (ARCHITECTURE rule 4; 000 §2.7; 001 §9). Pure functions:
 * the hook in use-list-state.ts binds them to the router and the storage.
 *
 * In the address every list keeps page, count, sort_by and reverse_order explicitly, the query when
 * there is one, and each filter flag that differs from its default ('1' on, '0' off). Values that are
 * not valid for the list read as their defaults, so a hand-edited address never breaks the screen.
 */
import { listQuery, PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@wayguard/contracts';

export type ListConfig<S extends string, F extends string> = {
  /** Names the list in local storage ('users' is kept under wg.list.users). */
  key: string;
  sortKeys: readonly S[];
  defaultSort: S;
  /** Whether the default sort is in reverse order (newest first, Z-A). */
  defaultReverse?: boolean;
  filterKeys: readonly F[];
  /** Filters that are on unless the address turns them off (e.g. the devices list's online/offline). */
  defaultFilters?: readonly F[];
  pageSizes?: readonly number[];
  defaultCount?: number;
};

export type Filters<F extends string> = Record<F, boolean>;

export type ListState<S extends string, F extends string> = {
  page: number;
  count: number;
  sortBy: S;
  reverse: boolean;
  query: string;
  filters: Filters<F>;
};

/** What a list call sends: the spec's names, flags as '1' (000 §7.3, 001 §7). */
export type ListApiParams = Record<string, string | number>;

const CORE_KEYS = ['page', 'count', 'sort_by', 'reverse_order', 'query'] as const;

/** The list calls' own limits (contracts' listQuery): a hand-edited address never makes the call fail. */
const PAGE_MAX = listQuery.shape.page.unwrap().maxValue ?? Number.MAX_SAFE_INTEGER;
export const LIST_QUERY_MAX = listQuery.shape.query.unwrap().maxLength ?? 100;

/** A search as the list call takes it: no control characters (the server refuses NUL), trimmed, capped. */
export function cleanQuery(raw: string): string {
  const printable = [...raw].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, LIST_QUERY_MAX).trim();
}

/** Lets TypeScript infer S and F from the literal arrays of a list's config. */
export function defineListConfig<S extends string, F extends string>(config: ListConfig<S, F>): ListConfig<S, F> {
  return config;
}

function flag(value: string | null): boolean | undefined {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}

export function defaultFilters<S extends string, F extends string>(config: ListConfig<S, F>): Filters<F> {
  const on = new Set<string>(config.defaultFilters ?? []);
  return Object.fromEntries(config.filterKeys.map((k) => [k, on.has(k)])) as Filters<F>;
}

export function defaultListState<S extends string, F extends string>(config: ListConfig<S, F>): ListState<S, F> {
  return {
    page: PAGE_DEFAULT,
    count: config.defaultCount ?? PAGE_SIZE_DEFAULT,
    sortBy: config.defaultSort,
    reverse: config.defaultReverse ?? false,
    query: '',
    filters: defaultFilters(config),
  };
}

/** True when the parameters say anything about this list (else its saved state is restored). */
export function hasListParams<S extends string, F extends string>(
  params: URLSearchParams,
  config: ListConfig<S, F>,
): boolean {
  return [...CORE_KEYS, ...config.filterKeys].some((k) => params.has(k));
}

export function parseListState<S extends string, F extends string>(
  params: URLSearchParams,
  config: ListConfig<S, F>,
): ListState<S, F> {
  const d = defaultListState(config);
  const sizes = config.pageSizes ?? PAGE_SIZES;
  const page = Number(params.get('page'));
  const count = Number(params.get('count'));
  const sortBy = params.get('sort_by');
  const filters = { ...d.filters };
  for (const k of config.filterKeys) filters[k] = flag(params.get(k)) ?? d.filters[k];
  return {
    // A page past the end is moved to the last page by the screen once it knows the total.
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, PAGE_MAX) : d.page,
    count: sizes.includes(count) ? count : d.count,
    sortBy: (config.sortKeys as readonly string[]).includes(sortBy ?? '') ? (sortBy as S) : d.sortBy,
    reverse: flag(params.get('reverse_order')) ?? d.reverse,
    query: cleanQuery(params.get('query') ?? ''),
    filters,
  };
}

/**
 * The parameters of `current` with this list's keys replaced by `state`'s. Parameters that are not the
 * list's (e.g. create_user) are kept.
 */
export function writeListState<S extends string, F extends string>(
  current: URLSearchParams,
  state: ListState<S, F>,
  config: ListConfig<S, F>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const k of [...CORE_KEYS, ...config.filterKeys]) next.delete(k);
  next.set('page', String(state.page));
  next.set('count', String(state.count));
  next.set('sort_by', state.sortBy);
  next.set('reverse_order', state.reverse ? '1' : '0');
  if (state.query) next.set('query', state.query);
  const d = defaultFilters(config);
  for (const k of config.filterKeys) if (state.filters[k] !== d[k]) next.set(k, state.filters[k] ? '1' : '0');
  return next;
}

/**
 * The address after a change of the list's state. The change applies to the state the address holds
 * now (`current`), or to `shown` when the address says nothing about the list (the state restored from
 * local storage, not yet written into the address). Other parameters of the address are kept.
 */
export function patchListParams<S extends string, F extends string>(
  current: URLSearchParams,
  shown: ListState<S, F>,
  patch: ListPatch<S, F>,
  config: ListConfig<S, F>,
): URLSearchParams {
  const base = hasListParams(current, config) ? parseListState(current, config) : shown;
  return writeListState(current, { ...base, ...(typeof patch === 'function' ? patch(base) : patch) }, config);
}

/** A change of the list's state, or one that depends on the state it applies to (e.g. reversing a sort). */
export type ListPatch<S extends string, F extends string> =
  Partial<ListState<S, F>> | ((base: ListState<S, F>) => Partial<ListState<S, F>>);

/** Choosing a column: the sorted column reverses its order; another starts at its first order, on page 1. */
export function chooseSort<S extends string, F extends string>(
  sortBy: S,
  firstReverse: boolean,
): (base: ListState<S, F>) => Partial<ListState<S, F>> {
  return (base) => ({ sortBy, reverse: base.sortBy === sortBy ? !base.reverse : firstReverse, page: 1 });
}

/** The list call's parameters: every filter that is on is sent as '1'. */
export function toApiParams<S extends string, F extends string>(
  state: ListState<S, F>,
  config: ListConfig<S, F>,
): ListApiParams {
  const params: ListApiParams = {
    page: state.page,
    count: state.count,
    sort_by: state.sortBy,
    reverse_order: state.reverse ? '1' : '0',
  };
  if (state.query) params.query = state.query;
  for (const k of config.filterKeys) if (state.filters[k]) params[k] = '1';
  return params;
}

/** The same parameters without paging, for exports of the whole filtered list. */
export function toExportParams<S extends string, F extends string>(
  state: ListState<S, F>,
  config: ListConfig<S, F>,
): ListApiParams {
  const { page: _page, count: _count, ...rest } = toApiParams(state, config);
  return rest;
}

/** How many filters differ from the list's defaults: the number in the filter button's label. */
export function appliedFilterCount<F extends string>(filters: Filters<F>, defaults: Filters<F>): number {
  return (Object.keys(filters) as F[]).filter((k) => filters[k] !== defaults[k]).length;
}
