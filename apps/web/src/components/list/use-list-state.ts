/**
 * A list's state, held in the address (back/forward and shared links just work) and mirrored into
 * local storage per list, so that opening the list again without parameters brings back the last view
 * (000 §2.7, 001 §9). Changing the search, the filters, the sort or the page size goes back to page 1.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  hasListParams,
  parseListState,
  toApiParams,
  toExportParams,
  writeListState,
  type Filters,
  type ListConfig,
  type ListState,
} from './list-state';

const storageKey = (key: string) => `wg.list.${key}`;

function readStored(key: string): URLSearchParams | null {
  try {
    const raw = localStorage.getItem(storageKey(key));
    return raw === null ? null : new URLSearchParams(raw);
  } catch {
    return null; // storage blocked: the list simply starts from its defaults
  }
}

function store(key: string, params: URLSearchParams): void {
  try {
    localStorage.setItem(storageKey(key), params.toString());
  } catch {
    // storage blocked or full: the address still holds the state
  }
}

/** `config` must be stable (a module-level constant made with defineListConfig). */
export function useListState<S extends string, F extends string>(config: ListConfig<S, F>) {
  const [params, setParams] = useSearchParams();

  // An address without the list's parameters shows the saved state; the effect below then writes it
  // into the address (replacing the entry, so Back does not return to the bare address).
  const restored = useMemo(() => {
    if (hasListParams(params, config)) return null;
    const saved = readStored(config.key);
    return saved && hasListParams(saved, config) ? saved : null;
  }, [params, config]);

  const state = useMemo(() => parseListState(restored ?? params, config), [restored, params, config]);

  useEffect(() => {
    const explicit = writeListState(new URLSearchParams(), state, config);
    store(config.key, explicit);
    if (!hasListParams(params, config)) setParams(writeListState(params, state, config), { replace: true });
  }, [state, params, config, setParams]);

  // From the state shown (which may be the restored one), not from the address alone.
  const update = useCallback(
    (patch: Partial<ListState<S, F>>, opts?: { replace?: boolean }) => {
      setParams(writeListState(params, { ...state, ...patch }, config), opts);
    },
    [params, state, config, setParams],
  );

  const actions = useMemo(
    () => ({
      setPage: (page: number, opts?: { replace?: boolean }) => update({ page }, opts),
      setCount: (count: number) => update({ count, page: 1 }),
      setSort: (sortBy: S, reverse: boolean) => update({ sortBy, reverse, page: 1 }),
      setQuery: (query: string) => update({ query: query.trim(), page: 1 }),
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
      const next = writeListState(params, state, config);
      next.delete(name);
      setParams(next, { replace: true });
    },
    [params, state, config, setParams],
  );

  const apiParams = useMemo(() => toApiParams(state, config), [state, config]);
  const exportParams = useMemo(() => toExportParams(state, config), [state, config]);

  return { state, params, apiParams, exportParams, dropParam, ...actions };
}
