import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.js';

describe('count cache', () => {
  it('counts small totals afresh every time', async () => {
    const c = createCountCache({ ttlMs: 1000, minCached: 100 });
    let n = 0;
    expect(await c.total(1, 'k', async () => ++n)).toBe(1);
    expect(await c.total(1, 'k', async () => ++n)).toBe(2);
  });

  it('keeps a large total until its time is up, per account and key', async () => {
    let t = 0;
    const c = createCountCache({ ttlMs: 1000, minCached: 100, now: () => t });
    expect(await c.total(1, 'k', async () => 500)).toBe(500);
    expect(await c.total(1, 'k', async () => 600)).toBe(500);
    expect(await c.total(2, 'k', async () => 700)).toBe(700);
    expect(await c.total(1, 'other', async () => 800)).toBe(800);
    t = 1000;
    expect(await c.total(1, 'k', async () => 600)).toBe(600);
  });

  it('answers a kept total that just expired, and counts it afresh in the background once', async () => {
    let t = 0;
    const c = createCountCache({ ttlMs: 1000, staleMs: 1000, minCached: 100, now: () => t });
    expect(await c.total(1, 'k', async () => 500)).toBe(500);
    t = 1500;
    let calls = 0;
    let release!: (n: number) => void;
    const slow = () => {
      calls += 1;
      return new Promise<number>((r) => (release = r));
    };
    expect(await c.total(1, 'k', slow)).toBe(500);
    expect(await c.total(1, 'k', slow)).toBe(500);
    expect(calls).toBe(1);
    release(650);
    await Promise.resolve();
    await Promise.resolve();
    expect(await c.total(1, 'k', async () => 999)).toBe(650);
    // Past the stale window, the request counts itself.
    t = 1500 + 2000;
    expect(await c.total(1, 'k', async () => 700)).toBe(700);
  });

  it('does not keep a count that was running when the account was forgotten', async () => {
    const c = createCountCache({ ttlMs: 60_000, minCached: 1 });
    let release!: (n: number) => void;
    const running = c.total(1, 'k', () => new Promise<number>((r) => (release = r)));
    c.forget(1);
    release(5);
    expect(await running).toBe(5);
    expect(await c.total(1, 'k', async () => 6)).toBe(6);
  });

  it('forgets an account at once', async () => {
    const c = createCountCache({ ttlMs: 60_000, minCached: 1 });
    await c.total(1, 'k', async () => 5);
    await c.total(2, 'k', async () => 5);
    c.forget(1);
    expect(await c.total(1, 'k', async () => 6)).toBe(6);
    expect(await c.total(2, 'k', async () => 6)).toBe(5);
  });

  it('shares one count between concurrent requests', async () => {
    const c = createCountCache({ ttlMs: 0, minCached: 1_000_000 });
    let calls = 0;
    let release!: (n: number) => void;
    const slow = () => {
      calls += 1;
      return new Promise<number>((r) => (release = r));
    };
    const a = c.total(1, 'k', slow);
    const b = c.total(1, 'k', slow);
    release(42);
    expect(await Promise.all([a, b])).toEqual([42, 42]);
    expect(calls).toBe(1);
  });

  it('holds at most maxEntries totals', async () => {
    const c = createCountCache({ ttlMs: 60_000, minCached: 1, maxEntries: 2 });
    await c.total(1, 'a', async () => 1);
    await c.total(1, 'b', async () => 1);
    await c.total(1, 'c', async () => 1);
    expect(await c.total(1, 'a', async () => 9)).toBe(9);
  });

  it('keeps a grouped count by the rows it counted (sizeOf)', async () => {
    const c = createCountCache<Record<string, number>>({
      ttlMs: 1000,
      minCached: 100,
      now: () => 0,
      sizeOf: (cells) => Object.values(cells).reduce((n, x) => n + x, 0),
    });
    expect(await c.total(1, 'small', async () => ({ a: 40, b: 50 }))).toEqual({ a: 40, b: 50 });
    expect(await c.total(1, 'small', async () => ({ a: 41, b: 50 }))).toEqual({ a: 41, b: 50 });
    expect(await c.total(1, 'large', async () => ({ a: 60, b: 50 }))).toEqual({ a: 60, b: 50 });
    expect(await c.total(1, 'large', async () => ({ a: 61, b: 50 }))).toEqual({ a: 60, b: 50 });
  });
});
