import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { backoffFailure, backoffSeconds, backoffWait, type Backoff } from './backoff.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const B: Backoff = { free: 3, maxSeconds: 60, forgetAfterSeconds: 300 };

describe('backoff', () => {
  it('lets the first failures pass, then doubles the wait up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 8, 9, 30].map((n) => backoffSeconds(n, B))).toEqual([0, 0, 0, 1, 2, 4, 32, 60, 60]);
  });

  it('waits from the last failure, and forgets a key quiet for forgetAfterSeconds', async () => {
    const key = `test-backoff:${Date.now()}`;
    const t0 = Date.now();
    for (let i = 1; i <= 3; i++) expect(await backoffFailure(t.db, key, B, t0)).toBe(i);
    expect(await backoffWait(t.db, key, B, t0)).toBe(1);
    expect(await backoffWait(t.db, key, B, t0 + 1_000)).toBe(0);
    expect(await backoffFailure(t.db, key, B, t0 + 2_000)).toBe(4);
    expect(await backoffWait(t.db, key, B, t0 + 2_500)).toBe(2);
    expect(await backoffWait(t.db, key, B, t0 + 4_000)).toBe(0);
    // Quiet for longer than forgetAfterSeconds: no wait, and the count starts again.
    expect(await backoffWait(t.db, key, B, t0 + 2_000 + 301_000)).toBe(0);
    expect(await backoffFailure(t.db, key, B, t0 + 2_000 + 301_000)).toBe(1);
  });

  it('keeps keys apart', async () => {
    const now = Date.now();
    for (let i = 0; i < 6; i++) await backoffFailure(t.db, 'test-backoff:x|a', B, now);
    expect(await backoffWait(t.db, 'test-backoff:x|a', B, now)).toBe(8);
    expect(await backoffWait(t.db, 'test-backoff:y|a', B, now)).toBe(0);
  });
});
