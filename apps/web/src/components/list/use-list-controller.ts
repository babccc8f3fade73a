/**
 * The list controller: one headless hook that turns a list's definition (list-definition.ts) into
 * everything its screen shows and does, so that a list page is only a title, a toolbar, a table and a
 * pager (000 §2.7; 001 §2.1, §2.4, §9).
 *
 * - Address state: page, count, sort, search and filters live in the address (back/forward and shared
 *   links just work). Every change builds on the address as it is at that moment, not on the last
 *   render: the router renders a navigation in a transition, so a render can lag a quick second change
 *   (a search right after a sort), and building on it would undo the first. A change that changes
 *   nothing adds no history entry. Search, filter, sort and page-size changes go to page 1.
 * - Saved view: mirrored into local storage per list and signed-in user (saved-view.ts); an address
 *   without the list's parameters shows the saved view and then writes it into the address, replacing
 *   the entry, so Back never lands on the bare address. A list declared with `address: 'changes'` (the
 *   review team's queue) keeps no saved view and its address holds only what differs from the defaults.
 * - Where it runs: the API client and the viewer come from the screen's ListContext (list-context.ts).
 * - Fetching: TanStack Query; the previous page stays on screen (dimmed) while the next loads.
 * - Errors: `error` when the list could not be loaded and there is nothing to show; `retry` asks again.
 * - Paging edge cases: a page past the end (rows deleted, an old link) moves to the last page there
 *   is, replacing the entry; a count of -1 ('more than') is handled by the pager.
 * - Export: the export call with the list's parameters without paging.
 * - Selection: the chosen rows of the page, cleared when the view changes.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { ExportResponse } from '@wayguard/contracts';
import { useListEnvironment } from './list-context';
import { appliedCount, type FilterKind, type FilterValues } from './filters/filter-kind';
import { listQueryKey, type ListDefinition, type ParamOf, type SortOf } from './list-definition';
import {
  chooseSort,
  cleanQuery,
  hasListParams,
  parseListState,
  patchListParams,
  toApiParams,
  toExportParams,
  writeListState,
  type ListApiParams,
  type ListPatch,
} from './list-state';
import { pageAfterEnd } from './paging';
import { readSavedView, saveView, savedViewKey } from './saved-view';
import { useRowSelection } from './use-row-selection';

/** `definition` must be stable (a module-level constant made with defineList). */
export function useListController<
  Q extends z.ZodObject,
  R extends z.ZodType,
  Row,
  S extends SortOf<Q>,
  Fs extends Record<string, FilterKind<unknown, ParamOf<Q>>>,
>(definition: ListDefinition<Q, R, Row, S, Fs>) {
  const { client, viewer } = useListEnvironment();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // The saved view is the signed-in user's own; a list whose address holds only its changes keeps none.
  const keepsView = definition.address !== 'changes';
  const storageKey = savedViewKey(definition.key, viewer);

  /** The address as it is now (see the note on transitions above). */
  const currentParams = useCallback((): URLSearchParams => {
    if (typeof window !== 'undefined' && window.location.pathname === pathname)
      return new URLSearchParams(window.location.search);
    return params;
  }, [pathname, params]);

  const restored = useMemo(() => {
    if (!keepsView || hasListParams(params, definition)) return null;
    const saved = readSavedView(storageKey);
    return saved && hasListParams(saved, definition) ? saved : null;
  }, [params, definition, storageKey, keepsView]);

  const state = useMemo(() => parseListState(restored ?? params, definition), [restored, params, definition]);

  useEffect(() => {
    if (!keepsView) return;
    saveView(storageKey, writeListState(new URLSearchParams(), state, definition));
    if (!hasListParams(params, definition)) setParams(writeListState(params, state, definition), { replace: true });
  }, [state, params, definition, setParams, storageKey, keepsView]);

  const update = useCallback(
    (patch: ListPatch<S, Fs>, opts?: { replace?: boolean }) => {
      const current = currentParams();
      const next = patchListParams(current, state, patch, definition);
      // Nothing changes (the same page size, an empty search again): no new history entry.
      if (next.toString() === current.toString()) return;
      setParams(next, opts);
    },
    [currentParams, state, definition, setParams],
  );

  const actions = useMemo(
    () => ({
      setPage: (page: number, opts?: { replace?: boolean }) => update({ page }, opts),
      setCount: (count: number) => update({ count, page: 1 }),
      setSort: (sortBy: S, reverse: boolean) => update({ sortBy, reverse, page: 1 }),
      /** A column header's choice: reverses the sorted column, else sorts by the column in its first order. */
      chooseSort: (sortBy: S, firstReverse: boolean) => update(chooseSort<S, Fs>(sortBy, firstReverse)),
      setQuery: (query: string) => update({ query: cleanQuery(query), page: 1 }),
      /** Replaces all the filters' values (a filter popup's Apply). */
      setFilters: (filters: FilterValues<Fs>) => update({ filters, page: 1 }),
      /** Sets one filter's value, building on the others as the address holds them now. */
      setFilter: <K extends keyof Fs>(name: K, value: FilterValues<Fs>[K]) =>
        update((base) => ({ filters: { ...base.filters, [name]: value }, page: 1 })),
    }),
    [update],
  );

  /**
   * Removes a one-shot parameter of the screen (e.g. create_user=1) without adding a history entry. The
   * list's own parameters are written in the same navigation, so this never undoes a restore.
   */
  const dropParam = useCallback(
    (name: string) => {
      const next = patchListParams(currentParams(), state, {}, definition);
      next.delete(name);
      setParams(next, { replace: true });
    },
    [currentParams, state, definition, setParams],
  );

  const apiParams = useMemo(() => toApiParams(state, definition), [state, definition]);
  const exportParams = useMemo(() => toExportParams(state, definition), [state, definition]);

  const query = useQuery({
    queryKey: [...listQueryKey(definition), apiParams],
    queryFn: ({ signal }) => client.get<z.output<R>>(definition.endpoint, apiParams, { signal }),
    // The page on screen stays (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
  const response = query.data;
  const rows = useMemo(() => (response === undefined ? undefined : definition.rows(response)), [response, definition]);
  const total = response === undefined ? undefined : definition.total(response);

  // A page beyond the end (rows deleted, or an old link) moves to the last page there is, once the
  // answer for that page (not the previous page kept on screen) is in.
  const moveTo =
    rows === undefined || total === undefined || query.isPlaceholderData
      ? null
      : pageAfterEnd(state.page, state.count, total, rows.length);
  const { setPage } = actions;
  useEffect(() => {
    if (moveTo !== null) setPage(moveTo, { replace: true });
  }, [moveTo, setPage]);

  const exportEndpoint = definition.exportEndpoint;
  const exportList = useCallback((): Promise<ExportResponse> => {
    if (!exportEndpoint) return Promise.reject(new Error(`The ${definition.key} list has no export`));
    // quiet: the export button shows the server's own text (e.g. too many exports at once).
    return client.get<ExportResponse>(exportEndpoint, exportParams, { quiet: true });
  }, [client, exportEndpoint, exportParams, definition.key]);

  const pageKeys = useMemo(() => (rows ?? []).map(definition.rowKey), [rows, definition]);
  const selection = useRowSelection(pageKeys, JSON.stringify(apiParams));

  return {
    definition,
    state,
    /** The address's parameters (for a screen's one-shot parameters such as create_user). */
    params,
    /** The list call's parameters, typed as the contract's query input. */
    apiParams: apiParams as z.input<Q> & ListApiParams,
    exportParams,
    /** The answer of the list call (the previous page's while the next loads). */
    response,
    /** undefined while the first page loads. */
    rows,
    /** undefined while the first page loads; -1 when the server does not know. */
    total,
    /** A newer page is loading; the rows shown are the previous ones. */
    busy: query.isFetching && query.isPlaceholderData,
    /** The list could not be loaded and there is nothing to show. */
    error: query.isError && response === undefined ? query.error : null,
    retry: () => void query.refetch(),
    /** How many filters are applied (the filter button's number). */
    appliedFilters: appliedCount(definition.filters, state.filters),
    exportList,
    selection,
    dropParam,
    ...actions,
  };
}

export type ListController = ReturnType<typeof useListController>;

/** The controller useListController gives for a definition. */
export type ControllerOf<D> =
  D extends ListDefinition<infer Q, infer R, infer Row, infer S, infer Fs>
    ? ReturnType<typeof useListController<Q, R, Row, S, Fs>>
    : never;
