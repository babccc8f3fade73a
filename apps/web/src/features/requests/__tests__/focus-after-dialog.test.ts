import { describe, expect, it } from 'vitest';
import { rowAfterDialog } from '../lib/triage';

const rows = (...ids: number[]) => ids.map((id) => ({ id }));

describe('focus after a row dialog (issue 26)', () => {
  it('goes back to the row that opened it while it is on the page', () => {
    expect(rowAfterDialog(rows(1, 2, 3), { key: 2, index: 1 })).toBe(2);
  });
  it('goes to the row now at its place when a decision removed it, the last when it was last', () => {
    expect(rowAfterDialog(rows(1, 3), { key: 2, index: 1 })).toBe(3);
    expect(rowAfterDialog(rows(1, 2), { key: 3, index: 2 })).toBe(2);
    expect(rowAfterDialog(rows(4, 5), { key: 3, index: -1 })).toBe(4);
  });
  it('has nowhere to go on an empty page', () => {
    expect(rowAfterDialog([], { key: 3, index: 0 })).toBeNull();
  });
});
