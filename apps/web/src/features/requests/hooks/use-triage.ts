/**
 * Keyboard triage of the pending list (issue 11; lib/triage.ts holds the shortcuts and texts): moves
 * between rows (focus goes to the row's checkbox, so Space selects and screen readers read the row),
 * selects, opens the row's accordion, opens the approval (the whole account: the default) or the
 * denial, opens the help dialog on '?', and announces each step in a polite live region. No shortcut
 * fires while typing in a field or while a dialog or menu is open. When the current row leaves the
 * page (approved or denied), the row now at its place becomes current.
 *
 * The current row lives in refs and the live region is written directly: nothing re-renders the list.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { RequestItem } from '@wayguard/contracts';
import type { RowSelection } from '../../../components/list';
import {
  EMPTY_ANNOUNCEMENT,
  NO_ROW_ANNOUNCEMENT,
  NO_SELECTION_ANNOUNCEMENT,
  isTypingTarget,
  movedIndex,
  openAnnouncement,
  rowAnnouncement,
  selectAnnouncement,
  triageCommand,
} from '../lib/triage';

type Options = {
  enabled: boolean;
  rows: RequestItem[] | undefined;
  selection: RowSelection;
  /** Holds the table: rows are found by their data-row-key. */
  tableRef: RefObject<HTMLElement | null>;
  /** The live region the announcements are written to. */
  liveRef: RefObject<HTMLElement | null>;
  onApprove: (row: RequestItem) => void;
  onApproveSelected: (rows: RequestItem[]) => void;
  onDeny: (row: RequestItem) => void;
};

/** A dialog, menu or listbox is on screen: the keys are its own. */
function overlayOpen(): boolean {
  const open = document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]');
  return [...open].some((el) => el.getClientRects().length > 0);
}

export function useTriage(o: Options) {
  const [helpOpen, setHelpOpen] = useState(false);
  const current = useRef<{ key: number | null; index: number }>({ key: null, index: -1 });
  const latest = useRef(o);
  const toggle = useRef(false);
  useEffect(() => {
    latest.current = o;
  });

  const announce = useCallback((text: string) => {
    const region = latest.current.liveRef.current;
    if (!region) return;
    // A repeated sentence is announced again: it differs by an invisible space.
    toggle.current = !toggle.current;
    region.textContent = toggle.current ? text : `${text}\u00a0`;
  }, []);

  const rowElement = (key: number) =>
    latest.current.tableRef.current?.querySelector<HTMLElement>(`tbody tr[data-row-key="${key}"]`) ?? null;

  const focusRow = useCallback((key: number) => {
    const tr = rowElement(key);
    const target = tr?.querySelector<HTMLElement>('input[type="checkbox"]') ?? tr?.querySelector<HTMLElement>('button');
    target?.focus();
    tr?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  // Focus on a row by mouse or Tab makes it the current one.
  useEffect(() => {
    const table = o.tableRef.current;
    if (!o.enabled || !table) return;
    const onFocus = (e: FocusEvent) => {
      const tr = (e.target as Element | null)?.closest?.('tbody tr[data-row-key]');
      const rows = latest.current.rows ?? [];
      const key = Number(tr?.getAttribute('data-row-key'));
      const index = rows.findIndex((r) => r.id === key);
      if (index >= 0) current.current = { key, index };
    };
    table.addEventListener('focusin', onFocus);
    return () => table.removeEventListener('focusin', onFocus);
  }, [o.enabled, o.tableRef]);

  // The current row left the page (a decision): the row now at its place becomes current.
  useEffect(() => {
    const rows = o.rows;
    const { key, index } = current.current;
    if (!o.enabled || !rows || key === null || rows.some((r) => r.id === key)) return;
    if (rows.length === 0) {
      current.current = { key: null, index: -1 };
      announce(EMPTY_ANNOUNCEMENT);
      return;
    }
    const i = Math.min(index, rows.length - 1);
    const row = rows[i]!;
    current.current = { key: row.id, index: i };
    const focus = document.activeElement;
    if (!focus || focus === document.body || !document.contains(focus)) focusRow(row.id);
    announce(`Now at ${rowAnnouncement(row, i, rows.length, o.selection.isSelected(row.id))}`);
  }, [o.enabled, o.rows, o.selection, announce, focusRow]);

  useEffect(() => {
    if (!o.enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target as Element | null) || overlayOpen()) return;
      const { rows = [], selection, tableRef } = latest.current;
      const inTable = tableRef.current?.contains(document.activeElement) ?? false;
      const command = triageCommand(e, inTable);
      if (!command) return;
      e.preventDefault();
      if (command === 'help') {
        setHelpOpen(true);
        return;
      }
      if (rows.length === 0) return announce(EMPTY_ANNOUNCEMENT);
      if (command === 'approveSelected') {
        const chosen = rows.filter((r) => selection.isSelected(r.id));
        if (chosen.length === 0) return announce(NO_SELECTION_ANNOUNCEMENT);
        announce(`Approval of ${chosen.length} selected requests opened.`);
        return latest.current.onApproveSelected(chosen);
      }
      const at = rows.findIndex((r) => r.id === current.current.key);
      if (command === 'next' || command === 'previous' || command === 'first' || command === 'last') {
        const i = movedIndex(at, rows.length, command);
        const row = rows[i]!;
        current.current = { key: row.id, index: i };
        focusRow(row.id);
        return announce(rowAnnouncement(row, i, rows.length, selection.isSelected(row.id)));
      }
      const row = rows[at];
      if (!row) return announce(NO_ROW_ANNOUNCEMENT);
      switch (command) {
        case 'select': {
          const on = !selection.isSelected(row.id);
          selection.toggle(row.id, on);
          return announce(selectAnnouncement(row, on, selection.keys.length + (on ? 1 : -1)));
        }
        case 'open': {
          const button = rowElement(row.id)?.querySelector<HTMLElement>('button[aria-controls]');
          if (!button) return;
          const opened = button.getAttribute('aria-expanded') !== 'true';
          button.click();
          return announce(openAnnouncement(row, opened));
        }
        case 'approve':
          announce(
            `Approval of ${row.type === 'media' && row.title ? row.title : row.website} for the whole account opened.`,
          );
          return latest.current.onApprove(row);
        case 'deny':
          announce(`Denial of ${row.type === 'media' && row.title ? row.title : row.website} opened.`);
          return latest.current.onDeny(row);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [o.enabled, announce, focusRow]);

  return { helpOpen, openHelp: () => setHelpOpen(true), closeHelp: () => setHelpOpen(false), announce };
}
