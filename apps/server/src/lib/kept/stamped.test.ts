import { describe, expect, it } from 'vitest';
import { createStamped } from './stamped.js';

describe('createStamped', () => {
  it('answers a value only at the stamp it was built at; one build per key and stamp at a time', async () => {
    const s = createStamped<string>({ kept: 'website-pages', maxEntries: 10 });
    let builds = 0;
    const build = (v: string) => async () => (builds++, v);
    const [a, b] = await Promise.all([s.at('k', 'v1', build('one')), s.at('k', 'v1', build('other'))]);
    expect([a, b, builds]).toEqual(['one', 'one', 1]);
    expect(await s.at('k', 'v1', build('again'))).toBe('one');
    expect(s.peek('k', 'v2')).toBeUndefined();
    expect(await s.at('k', 'v2', build('two'))).toBe('two');
    expect(s.peek('k', 'v1')).toBeUndefined();
    expect(builds).toBe(2);
  });

  it('with untilOf, a value holds until its own time whatever its stamp', async () => {
    const s = createStamped<{ v: number; until: number }>({
      kept: 'device-policies',
      maxEntries: 4,
      untilOf: (x) => x.until,
    });
    s.keep('k', 'v1', { v: 1, until: 100 });
    expect(s.peek('k', 'v1', 99)?.v).toBe(1);
    expect(s.peek('k', 'v1', 100)).toBeUndefined();
    expect((await s.at('k', 'v1', async () => ({ v: 2, until: 200 }), 150)).v).toBe(2);
  });

  it('is bounded by bytes; forgets by key and by test', async () => {
    const s = createStamped<Buffer>({ kept: 'list-answers', maxBytes: 8 * 4, sizeOf: (b) => b.length });
    for (const k of ['a', 'b', 'c']) s.keep(k, 'v', Buffer.alloc(4));
    expect(s.peek('a', 'v')).toBeDefined();
    s.keep('big', 'v', Buffer.alloc(5));
    expect(s.peek('big', 'v')).toBeUndefined();
    s.forget('a');
    expect(s.peek('a', 'v')).toBeUndefined();
    s.forgetWhere((k) => k === 'b');
    expect(s.peek('b', 'v')).toBeUndefined();
    expect(s.peek('c', 'v')).toBeDefined();
    s.clear();
    expect(s.peek('c', 'v')).toBeUndefined();
  });

  it('refuses a name the registry does not hold', () => {
    expect(() => createStamped({ kept: 'nothing' as 'list-answers', maxEntries: 1 })).toThrow(/registry/);
  });
});
