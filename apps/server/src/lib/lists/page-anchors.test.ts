import { describe, expect, it } from 'vitest';
import { createPageAnchors } from './page-anchors.js';

describe('page anchors', () => {
  it("remembers where a page began (inclusive) and where the next begins (after its last row's key)", () => {
    const a = createPageAnchors({ ttlMs: 1000, now: () => 0 });
    a.remember(1, 'v', 40, ['m', 7], ['p', 9]);
    expect(a.find(1, 'v', 40, 0)).toEqual({ page: 40, key: ['m', 7], inclusive: true });
    expect(a.find(1, 'v', 41, 0)).toEqual({ page: 41, key: ['p', 9], inclusive: false });
    expect(a.find(1, 'v', 39, 5)).toBeUndefined();
  });

  it('finds the nearest start at most maxPagesBefore pages back, per account and view', () => {
    const a = createPageAnchors({ ttlMs: 1000, now: () => 0 });
    a.remember(1, 'v', 10, ['a'], ['b']);
    expect(a.find(1, 'v', 14, 3)?.page).toBe(11);
    expect(a.find(1, 'v', 15, 3)).toBeUndefined();
    expect(a.find(2, 'v', 11, 3)).toBeUndefined();
    expect(a.find(1, 'w', 11, 3)).toBeUndefined();
  });

  it('keeps starts for ttlMs, and forgets an account at once', () => {
    let t = 0;
    const a = createPageAnchors({ ttlMs: 1000, now: () => t });
    a.remember(1, 'v', 5, ['a'], ['b']);
    a.remember(2, 'v', 5, ['a'], ['b']);
    t = 999;
    expect(a.find(1, 'v', 5, 0)).toBeDefined();
    a.forget(1);
    expect(a.find(1, 'v', 5, 0)).toBeUndefined();
    expect(a.find(2, 'v', 5, 0)).toBeDefined();
    t = 1000;
    expect(a.find(2, 'v', 5, 0)).toBeUndefined();
  });

  it('holds at most maxPagesPerView starts per view, the oldest going first', () => {
    const a = createPageAnchors({ ttlMs: 1000, maxPagesPerView: 4, now: () => 0 });
    a.remember(1, 'v', 1, ['a'], ['b']);
    a.remember(1, 'v', 3, ['c'], ['d']);
    a.remember(1, 'v', 5, ['e'], ['f']);
    expect(a.find(1, 'v', 1, 0)).toBeUndefined();
    expect(a.find(1, 'v', 2, 0)).toBeUndefined();
    expect(a.find(1, 'v', 5, 0)?.key).toEqual(['e']);
  });

  it('reads a deep page once for the requests that ask for it meanwhile, then afresh', async () => {
    const a = createPageAnchors({ ttlMs: 1000 });
    let reads = 0;
    let release!: (rows: string[]) => void;
    const read = () => {
      reads += 1;
      return new Promise<string[]>((r) => (release = r));
    };
    const first = a.readOnce(1, 'v', 1000, read);
    const second = a.readOnce(1, 'v', 1000, read);
    const otherPage = a.readOnce(1, 'v', 999, async () => ['other']);
    release(['row']);
    expect(await Promise.all([first, second, otherPage])).toEqual([['row'], ['row'], ['other']]);
    expect(reads).toBe(1);
    await a.readOnce(1, 'v', 1000, async () => {
      reads += 1;
      return ['again'];
    });
    expect(reads).toBe(2);
  });
});
