import { describe, expect, it } from 'vitest';
import { createSizeHints } from './size-hints.js';

describe('size hints', () => {
  it('keeps the last total per account and view for ttlMs', () => {
    let t = 0;
    const h = createSizeHints({ ttlMs: 1000, now: () => t });
    expect(h.get(1, 'v')).toBeUndefined();
    h.set(1, 'v', 85);
    h.set(1, 'v', 86);
    expect(h.get(1, 'v')).toBe(86);
    expect(h.get(2, 'v')).toBeUndefined();
    expect(h.get(1, 'w')).toBeUndefined();
    t = 1000;
    expect(h.get(1, 'v')).toBeUndefined();
  });

  it('holds at most maxEntries views, the oldest going first', () => {
    const h = createSizeHints({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    h.set(1, 'a', 1);
    h.set(1, 'b', 2);
    h.set(1, 'c', 3);
    expect(h.get(1, 'a')).toBeUndefined();
    expect([h.get(1, 'b'), h.get(1, 'c')]).toEqual([2, 3]);
  });
});
