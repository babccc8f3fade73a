import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../test/db.js';
import { clear, hit, peek, purgeStaleCounters } from './rate-limit.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t.pool.end());
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
const freshKey = () => `test:${n++}:${Date.now()}`;
/** Freezes the clock at `ms` (only Date; the database and timers run as usual). */
const at = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });

describe('hit', () => {
  it('counts hits in a window that opens at the first hit', async () => {
    const key = freshKey();
    const start = Date.now();
    at(start);
    expect(await hit(t.db, key, 60)).toEqual({ count: 1, retryAfterSeconds: 60 });
    at(start + 10_000);
    expect(await hit(t.db, key, 60)).toEqual({ count: 2, retryAfterSeconds: 50 });
    at(start + 59_500);
    expect(await hit(t.db, key, 60)).toEqual({ count: 3, retryAfterSeconds: 1 });
    at(start + 60_000);
    expect(await hit(t.db, key, 60)).toEqual({ count: 1, retryAfterSeconds: 60 });
  });

  it('does not restart a window at a clock minute boundary', async () => {
    const key = freshKey();
    const boundary = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    at(boundary - 500);
    await hit(t.db, key, 60);
    at(boundary + 500);
    expect((await hit(t.db, key, 60)).count).toBe(2);
  });

  it('keeps keys apart', async () => {
    const a = freshKey();
    const b = freshKey();
    await hit(t.db, a, 60);
    await hit(t.db, a, 60);
    expect((await hit(t.db, b, 60)).count).toBe(1);
  });

  it('counts concurrent hits exactly once each', async () => {
    const key = freshKey();
    const counts = (await Promise.all(Array.from({ length: 25 }, () => hit(t.db, key, 60)))).map((w) => w.count);
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});

describe('peek, clear and purge', () => {
  it('reads the count of the open window without adding to it', async () => {
    const key = freshKey();
    const start = Date.now();
    at(start);
    expect(await peek(t.db, key, 60)).toBe(0);
    await hit(t.db, key, 60);
    await hit(t.db, key, 60);
    expect(await peek(t.db, key, 60)).toBe(2);
    expect(await peek(t.db, key, 60)).toBe(2);
    at(start + 60_000);
    expect(await peek(t.db, key, 60)).toBe(0);
  });

  it('clears a key', async () => {
    const key = freshKey();
    await hit(t.db, key, 60);
    await clear(t.db, key);
    expect(await peek(t.db, key, 60)).toBe(0);
    expect((await hit(t.db, key, 60)).count).toBe(1);
  });

  it('purges only counters older than asked', async () => {
    const old = freshKey();
    const recent = freshKey();
    const start = Date.now();
    at(start - 2 * 3_600_000);
    await hit(t.db, old, 60);
    at(start);
    await hit(t.db, recent, 60);
    await purgeStaleCounters(t.db, 3_600);
    at(start - 2 * 3_600_000 + 1000);
    expect(await peek(t.db, old, 60)).toBe(0);
    at(start);
    expect(await peek(t.db, recent, 60)).toBe(1);
  });
});
