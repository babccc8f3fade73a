// @vitest-environment happy-dom
/**
 * Keyboard triage of the pending list (issue 11), on a table in the document: J/K move the current row
 * (focus on its checkbox, announced), X selects, A and D open the approval and the denial of the current
 * row, Shift+A the approval of the selected rows, ? the help; nothing fires while typing; when the current
 * row leaves the page the row at its place becomes current.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestItem } from '@wayguard/contracts';
import type { RowSelection } from '../../../components/list';
import { useTriage } from '../hooks/use-triage';
import { EMPTY_ANNOUNCEMENT, NO_SELECTION_ANNOUNCEMENT, rowAnnouncement } from '../lib/triage';

const row = (id: number): RequestItem =>
  ({
    id,
    type: 'website',
    website: `site${id}.example`,
    title: '',
    by: 'Ben Smith',
    requester_count: 1,
    requested: 0,
  }) as never;
const ROWS = [row(1), row(2), row(3)];

function selection(): RowSelection {
  const keys: number[] = [];
  return {
    keys,
    header: 'none' as never,
    isSelected: (k) => keys.includes(Number(k)),
    toggle: (k, on) => {
      const i = keys.indexOf(Number(k));
      if (on && i < 0) keys.push(Number(k));
      if (!on && i >= 0) keys.splice(i, 1);
    },
    toggleAll: () => undefined,
    clear: () => keys.splice(0),
  };
}

let table: HTMLTableElement;
let live: HTMLDivElement;

function drawRows(rows: RequestItem[]) {
  table.innerHTML = `<tbody>${rows
    .map((r) => `<tr data-row-key="${r.id}"><td><input type="checkbox" aria-label="Select ${r.website}"></td></tr>`)
    .join('')}</tbody>`;
}

function setup(rows = ROWS) {
  drawRows(rows);
  const handlers = { onApprove: vi.fn(), onApproveSelected: vi.fn(), onDeny: vi.fn() };
  const sel = selection();
  const hook = renderHook(
    (props: { rows: RequestItem[] }) =>
      useTriage({
        enabled: true,
        rows: props.rows,
        selection: sel,
        tableRef: { current: table },
        liveRef: { current: live },
        ...handlers,
      }),
    { initialProps: { rows } },
  );
  return { ...hook, handlers, sel };
}

const press = (key: string, target: EventTarget = document.body, shiftKey = false) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
  });
/** The live region's text, without the invisible space that makes a repeat announced again. */
const said = () => (live.textContent ?? '').replace(/\u00a0$/, '');

beforeEach(() => {
  table = document.createElement('table');
  live = document.createElement('div');
  document.body.append(table, live);
});
afterEach(() => {
  cleanup();
  table.remove();
  live.remove();
});

describe('useTriage', () => {
  it('J moves to the next row: focus on its checkbox, announced; K back', () => {
    setup();
    press('j');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Select site1.example');
    expect(said()).toBe(rowAnnouncement(ROWS[0]!, 0, 3, false));
    press('j');
    expect(said()).toBe(rowAnnouncement(ROWS[1]!, 1, 3, false));
    press('k');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Select site1.example');
  });

  it('A and D open the approval and the denial of the current row', () => {
    const { handlers } = setup();
    press('j');
    press('j');
    press('a');
    expect(handlers.onApprove).toHaveBeenCalledWith(ROWS[1]);
    press('d');
    expect(handlers.onDeny).toHaveBeenCalledWith(ROWS[1]);
  });

  it('X selects the current row; Shift+A approves the selected rows, and says when none is', () => {
    const { handlers, sel } = setup();
    press('A', document.body, true);
    expect(said()).toBe(NO_SELECTION_ANNOUNCEMENT);
    expect(handlers.onApproveSelected).not.toHaveBeenCalled();
    press('j');
    press('x');
    expect(sel.keys).toEqual([1]);
    press('A', document.body, true);
    expect(handlers.onApproveSelected).toHaveBeenCalledWith([ROWS[0]]);
  });

  it('? opens the help; nothing fires while typing in a field', () => {
    const { result, handlers } = setup();
    const input = document.createElement('input');
    document.body.append(input);
    press('j', input);
    press('a', input);
    expect(handlers.onApprove).not.toHaveBeenCalled();
    expect(said()).toBe('');
    input.remove();
    press('?');
    expect(result.current.helpOpen).toBe(true);
  });

  it('when the current row leaves the page, the row at its place becomes current; an empty page is said', () => {
    const { rerender, handlers } = setup();
    press('j');
    press('j');
    const left = [ROWS[0]!, ROWS[2]!];
    drawRows(left);
    rerender({ rows: left });
    expect(said()).toBe(`Now at ${rowAnnouncement(ROWS[2]!, 1, 2, false)}`);
    press('a');
    expect(handlers.onApprove).toHaveBeenCalledWith(ROWS[2]);
    drawRows([]);
    rerender({ rows: [] });
    expect(said()).toBe(EMPTY_ANNOUNCEMENT);
  });
});
