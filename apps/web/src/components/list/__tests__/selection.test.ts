import { describe, expect, it } from 'vitest';
import { headerState, selectedOnPage, toggleAll, toggleRow } from '../selection';

const page = [1, 2, 3];

describe('row selection', () => {
  it('shows the header checkbox clear, indeterminate or checked', () => {
    expect(headerState(page, new Set())).toBe('none');
    expect(headerState(page, new Set([2]))).toBe('some');
    expect(headerState(page, new Set([1, 2, 3]))).toBe('all');
    // Rows chosen elsewhere do not count for this page.
    expect(headerState(page, new Set([9]))).toBe('none');
  });

  it('ticks and unticks one row', () => {
    const one = toggleRow(new Set(), 2, true);
    expect([...one]).toEqual([2]);
    expect([...toggleRow(one, 2, false)]).toEqual([]);
  });

  it('the header chooses the whole page, and clears it when all of it is chosen', () => {
    expect([...toggleAll(new Set([2]), page)]).toEqual([1, 2, 3]);
    expect([...toggleAll(new Set([1, 2, 3]), page)]).toEqual([]);
  });

  it('keeps only the chosen rows still on the page, in page order', () => {
    expect(selectedOnPage(new Set([3, 1, 7]), page)).toEqual([1, 3]);
  });
});
