/**
 * The chosen rows of a list page (selection.ts). The choice belongs to one view of the list: when
 * `view` changes (another page, sort, search or filter) it starts empty again, without an effect.
 */
import { useCallback, useMemo, useState } from 'react';
import { headerState, selectedOnPage, toggleAll, toggleRow, type HeaderState, type RowKey } from './selection';

export type RowSelection = {
  /** The chosen rows on the page, in page order. */
  keys: RowKey[];
  header: HeaderState;
  isSelected: (key: RowKey) => boolean;
  toggle: (key: RowKey, checked: boolean) => void;
  toggleAll: () => void;
  clear: () => void;
};

const NONE: ReadonlySet<RowKey> = new Set();

export function useRowSelection(pageKeys: readonly RowKey[], view: string): RowSelection {
  const [held, setHeld] = useState<{ view: string; keys: ReadonlySet<RowKey> }>({ view, keys: NONE });
  const chosen = held.view === view ? held.keys : NONE;

  const toggle = useCallback(
    (key: RowKey, checked: boolean) =>
      setHeld((h) => ({ view, keys: toggleRow(h.view === view ? h.keys : NONE, key, checked) })),
    [view],
  );
  const all = useCallback(
    () => setHeld((h) => ({ view, keys: toggleAll(h.view === view ? h.keys : NONE, pageKeys) })),
    [view, pageKeys],
  );
  const clear = useCallback(() => setHeld({ view, keys: NONE }), [view]);

  return useMemo(() => {
    const keys = selectedOnPage(chosen, pageKeys);
    const onPage = new Set(keys);
    return {
      keys,
      header: headerState(pageKeys, onPage),
      isSelected: (key: RowKey) => onPage.has(key),
      toggle,
      toggleAll: all,
      clear,
    };
  }, [chosen, pageKeys, toggle, all, clear]);
}
