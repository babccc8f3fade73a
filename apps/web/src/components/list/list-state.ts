/**
 * The state of a paged list (page, count, sort_by, reverse_order, query and filter flags) as it is
 * held in the address and in local storage (ARCHITECTURE rule 4; 000 §2.7; 001 §9). Pure functions:
 * the hook in use-list-state.ts binds them to the router and the storage.
 *
 * In the address every list keeps page, count, sort_by and reverse_order explicitly, the query when
 * there is one, and each filter flag that differs from its default ('1' on, '0' off). Values that are
 * not valid for the list read as their defaults, so a hand-edited address never breaks the screen.
 */
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@wayguard/contracts';

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
    page: Number.isInteger(page) && page >= 1 ? page : d.page,
    count: sizes.includes(count) ? count : d.count,
    sortBy: (config.sortKeys as readonly string[]).includes(sortBy ?? '') ? (sortBy as S) : d.sortBy,
    reverse: flag(params.get('reverse_order')) ?? d.reverse,
    query: params.get('query')?.trim() ?? '',
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
