/**
 * Row selection of a list page (001 §2.4–§2.5: pending rows multi-selectable for a batch dialog; bulk
 * select): a checkbox per row and a header checkbox for the page, indeterminate when only some rows
 * are chosen. Pure functions; use-row-selection.ts holds the state and clears it when the page, the
 * sort, the search or the filters change, so a batch never acts on rows the user no longer sees.
 */
export type RowKey = string | number;

export type HeaderState = 'all' | 'some' | 'none';

/** The header checkbox: checked when every row of the page is chosen, indeterminate when some are. */
export function headerState(pageKeys: readonly RowKey[], selected: ReadonlySet<RowKey>): HeaderState {
  const n = pageKeys.filter((k) => selected.has(k)).length;
  return n === 0 ? 'none' : n === pageKeys.length ? 'all' : 'some';
}

export function toggleRow(selected: ReadonlySet<RowKey>, key: RowKey, checked: boolean): Set<RowKey> {
  const next = new Set(selected);
  if (checked) next.add(key);
  else next.delete(key);
  return next;
}

/** The header checkbox was clicked: a fully chosen page is cleared, any other becomes fully chosen. */
export function toggleAll(selected: ReadonlySet<RowKey>, pageKeys: readonly RowKey[]): Set<RowKey> {
  if (headerState(pageKeys, selected) === 'all') return new Set();
  return new Set(pageKeys);
}

/** The chosen rows that are still on the page (a row an action removed is no longer chosen), in page order. */
export function selectedOnPage(selected: ReadonlySet<RowKey>, pageKeys: readonly RowKey[]): RowKey[] {
  return pageKeys.filter((k) => selected.has(k));
}
