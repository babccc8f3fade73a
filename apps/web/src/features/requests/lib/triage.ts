/**
 * Keyboard triage of the pending list (issue 11 'Keyboard triage'; docs/decisions/requests.md
 * "Requests: impact preview and keyboard triage"): the shortcuts and what each does, when a key press is one (never
 * while typing in a field, with Ctrl, Alt or Meta held, or while a dialog or menu is open: the caller checks that), the
 * row a move lands on, and the sentences announced to screen readers.
 */
import type { RequestItem } from '@wayguard/contracts';
import { formatDateTime } from '../../../lib/dates';
import { byText } from './columns';

export type TriageCommand =
  'next' | 'previous' | 'first' | 'last' | 'select' | 'approve' | 'approveSelected' | 'deny' | 'open' | 'help';

/** The shortcuts as the help dialog lists them, in order. */
export const TRIAGE_SHORTCUTS: { keys: string[]; does: string; command: TriageCommand }[] = [
  { keys: ['J', '↓'], does: 'Next request', command: 'next' },
  { keys: ['K', '↑'], does: 'Previous request', command: 'previous' },
  { keys: ['Home'], does: 'First request on the page', command: 'first' },
  { keys: ['End'], does: 'Last request on the page', command: 'last' },
  { keys: ['X', 'Space'], does: 'Select or unselect the request', command: 'select' },
  { keys: ['O'], does: 'Open or close the request’s details', command: 'open' },
  { keys: ['A'], does: 'Approve the request for the whole account (opens the approval)', command: 'approve' },
  { keys: ['Shift', 'A'], does: 'Approve the selected requests (opens the approval)', command: 'approveSelected' },
  { keys: ['D'], does: 'Deny the request (opens the denial)', command: 'deny' },
  { keys: ['?'], does: 'Show these shortcuts', command: 'help' },
];

export type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean };

/**
 * The command of a key press, or null. Arrows, Home and End move only when focus is in the table (they
 * scroll the page elsewhere); Space is the focused checkbox's own (it selects natively).
 */
export function triageCommand(e: KeyPress, inTable: boolean): TriageCommand | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case 'j':
    case 'J':
      return e.shiftKey ? null : 'next';
    case 'k':
    case 'K':
      return e.shiftKey ? null : 'previous';
    case 'ArrowDown':
      return inTable ? 'next' : null;
    case 'ArrowUp':
      return inTable ? 'previous' : null;
    case 'Home':
      return inTable ? 'first' : null;
    case 'End':
      return inTable ? 'last' : null;
    case 'x':
      return 'select';
    case 'o':
      return 'open';
    case 'a':
      return 'approve';
    case 'A':
      return 'approveSelected';
    case 'd':
      return 'deny';
    case '?':
      return 'help';
    default:
      return null;
  }
}

const TEXT_INPUTS = new Set([
  'text',
  'search',
  'email',
  'number',
  'password',
  'tel',
  'url',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** Whether the element takes typed text: shortcuts stay out of its way. */
export function isTypingTarget(el: Pick<Element, 'tagName' | 'getAttribute'> | null): boolean {
  if (!el) return false;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return TEXT_INPUTS.has((el.getAttribute('type') ?? 'text').toLowerCase());
  if (el.getAttribute('contenteditable') === 'true' || el.getAttribute('contenteditable') === '') return true;
  return TEXT_ROLES.has(el.getAttribute('role') ?? '');
}

/** The row index a move lands on: -1 (none yet) moves to the first; the ends hold. */
export function movedIndex(current: number, count: number, command: 'next' | 'previous' | 'first' | 'last'): number {
  if (count === 0) return -1;
  switch (command) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'next':
      return current < 0 ? 0 : Math.min(current + 1, count - 1);
    case 'previous':
      return current < 0 ? 0 : Math.max(current - 1, 0);
  }
}

type Row = Pick<RequestItem, 'website' | 'title' | 'type' | 'by' | 'requester_count' | 'requested'>;
const nameOf = (r: Row) => (r.type === 'media' && r.title ? r.title : r.website);

/** Where a move landed: 'Request 3 of 25: example.com, asked by Ben Smith on 2026/05/10 09:30, selected.' */
export function rowAnnouncement(row: Row, index: number, count: number, selected: boolean): string {
  return `Request ${index + 1} of ${count}: ${nameOf(row)}, asked by ${byText(row)} on ${formatDateTime(row.requested)}${selected ? ', selected' : ''}.`;
}

export function selectAnnouncement(row: Row, selected: boolean, total: number): string {
  const n = total === 1 ? '1 request selected' : `${total} requests selected`;
  return `${nameOf(row)} ${selected ? 'selected' : 'unselected'}. ${n}.`;
}

export function openAnnouncement(row: Row, opened: boolean): string {
  return `Details of ${nameOf(row)} ${opened ? 'shown below the row' : 'hidden'}.`;
}

export const NO_ROW_ANNOUNCEMENT = 'No request chosen: press J to move to the first one.';
export const NO_SELECTION_ANNOUNCEMENT = 'No request selected: press X to select the current one.';
export const EMPTY_ANNOUNCEMENT = 'There are no requests on this page.';

/** The row a dialog was opened for: its key and its place on the page then. */
export type DialogOrigin = { key: number; index: number };

/**
 * Where focus goes when a row's dialog closes: back to that row, or, when a decision removed it from
 * the page, to the row now at its place (the last one when it was the last); null when none is left.
 */
export function rowAfterDialog(rows: readonly { id: number }[], origin: DialogOrigin): number | null {
  if (rows.some((r) => r.id === origin.key)) return origin.key;
  if (rows.length === 0) return null;
  return rows[Math.min(Math.max(origin.index, 0), rows.length - 1)]!.id;
}
