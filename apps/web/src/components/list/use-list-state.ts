/**
 * A list's state, held in the address (back/forward and shared links just work) and mirrored into
 * local storage per list and signed-in user, so that opening the list again without parameters brings
 * back that user's last view (000 §2.7, 001 §9). Changing the search, the filters, the sort or the page
 * size goes back to page 1.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  chooseSort,
  cleanQuery,
  hasListParams,
  parseListState,
  patchListParams,
  toApiParams,
  toExportParams,
  writeListState,
  type Filters,
  type ListConfig,
  type ListPatch,
} from './list-state';

/** 'wg.list.users.42': one saved view per list and user, so a shared browser never shows another's search. */
const storageKey = (key: string, scope: string | undefined) => (scope ? `wg.list.${key}.${scope}` : `wg.list.${key}`);

function readStored(key: string): URLSearchParams | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : new URLSearchParams(raw);
  } catch {
    return null; // storage blocked: the list simply starts from its defaults
  }
}

function store(key: string, params: URLSearchParams): void {
  try {
    localStorage.setItem(key, params.toString());
  } catch {
    // storage blocked or full: the address still holds the state
  }
}

type Options = {
  /** Whose view is saved, e.g. the signed-in user's id. */
  scope?: string;
};

/** `config` must be stable (a module-level constant made with defineListConfig). */
export function useListState<S extends string, F extends string>(config: ListConfig<S, F>, options: Options = {}) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const key = storageKey(config.key, options.scope);

  /**
   * The address as it is now. The router renders a navigation in a transition, so an event that comes
   * soon after a change (a search right after a sort) may run while the last render's `params` are
   * still behind the address; building on them would undo the change.
   */
  const currentParams = useCallback((): URLSearchParams => {
    if (typeof window !== 'undefined' && window.location.pathname === pathname)
      return new URLSearchParams(window.location.search);
    return params;
  }, [pathname, params]);

  // An address without the list's parameters shows the saved state; the effect below then writes it
  // into the address (replacing the entry, so Back does not return to the bare address).
  const restored = useMemo(() => {
    if (hasListParams(params, config)) return null;
    const saved = readStored(key);
    return saved && hasListParams(saved, config) ? saved : null;
  }, [params, config, key]);

  const state = useMemo(() => parseListState(restored ?? params, config), [restored, params, config]);

  useEffect(() => {
    const explicit = writeListState(new URLSearchParams(), state, config);
    store(key, explicit);
    if (!hasListParams(params, config)) setParams(writeListState(params, state, config), { replace: true });
  }, [state, params, config, setParams, key]);

  const update = useCallback(
    (patch: ListPatch<S, F>, opts?: { replace?: boolean }) => {
      const current = currentParams();
      const next = patchListParams(current, state, patch, config);
      // Nothing changes (the same page size, an empty search again): no new history entry.
      if (next.toString() === current.toString()) return;
      setParams(next, opts);
    },
    [currentParams, state, config, setParams],
  );

  const actions = useMemo(
    () => ({
      setPage: (page: number, opts?: { replace?: boolean }) => update({ page }, opts),
      setCount: (count: number) => update({ count, page: 1 }),
      setSort: (sortBy: S, reverse: boolean) => update({ sortBy, reverse, page: 1 }),
      /** A column header's choice: reverses the sorted column, else sorts by the column in its first order. */
      chooseSort: (sortBy: S, firstReverse: boolean) => update(chooseSort<S, F>(sortBy, firstReverse)),
      setQuery: (query: string) => update({ query: cleanQuery(query), page: 1 }),
      setFilters: (filters: Filters<F>) => update({ filters, page: 1 }),
    }),
    [update],
  );

  /**
   * Removes a one-shot parameter of the screen (e.g. create_user=1) without adding a history entry. The
   * list's own parameters are written in the same navigation, so this never undoes a restore.
   */
  const dropParam = useCallback(
    (name: string) => {
      const next = patchListParams(currentParams(), state, {}, config);
      next.delete(name);
      setParams(next, { replace: true });
    },
    [currentParams, state, config, setParams],
  );

  const apiParams = useMemo(() => toApiParams(state, config), [state, config]);
  const exportParams = useMemo(() => toExportParams(state, config), [state, config]);

  return { state, params, apiParams, exportParams, dropParam, ...actions };
}
