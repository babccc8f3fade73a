/**
 * Focus after a row's dialog (issue 26: keyboard triage lost focus to the page after every dialog).
 * The request dialogs are mounted only while open, so Mantine's own focus return never runs, and the
 * element that opened one may be gone once the decision removed its row. When the dialog closes and
 * focus was left on nothing, it goes back to the element that opened the dialog if it is still there,
 * else to the row's first control (its checkbox, else its first button), or to the next row's when the
 * row left the page (lib/triage.ts rowAfterDialog).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { rowAfterDialog, type DialogOrigin } from '../lib/triage';

/** After Mantine's own focus handling of a closing overlay (10 ms). */
const AFTER_CLOSE_MS = 20;

const lost = (el: Element | null) => !el || el === document.body || !document.contains(el);

export function useRowFocusReturn(
  tableRef: RefObject<HTMLElement | null>,
  rows: readonly { id: number }[] | undefined,
  /** The first row of the open dialog, or null when none is open. */
  dialogRow: number | null,
) {
  const origin = useRef<(DialogOrigin & { opener: HTMLElement | null }) | null>(null);
  const latestRows = useRef(rows);
  useEffect(() => {
    latestRows.current = rows;
  });
  // The last element focused outside dialogs and menus: what opened the dialog (a menu's item counts
  // as the menu's button, a shortcut as the row's checkbox), even once the dialog took focus.
  const lastOutside = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const el = e.target;
      if (el instanceof HTMLElement && !el.closest('[role="dialog"], [role="menu"]')) lastOutside.current = el;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  useEffect(() => {
    if (dialogRow !== null) {
      const index = (latestRows.current ?? []).findIndex((r) => r.id === dialogRow);
      const opener = lastOutside.current;
      origin.current = { key: dialogRow, index, opener };
      return;
    }
    const from = origin.current;
    origin.current = null;
    if (!from) return;
    const timer = window.setTimeout(() => {
      if (!lost(document.activeElement)) return;
      if (from.opener && document.contains(from.opener)) return from.opener.focus();
      const key = rowAfterDialog(latestRows.current ?? [], from);
      if (key === null) return;
      const tr = tableRef.current?.querySelector<HTMLElement>(`tbody tr[data-row-key="${key}"]`);
      const target =
        tr?.querySelector<HTMLElement>('input[type="checkbox"]') ?? tr?.querySelector<HTMLElement>('button');
      target?.focus();
    }, AFTER_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [dialogRow, tableRef]);
}
