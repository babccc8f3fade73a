import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

describe('Lru', () => {
  it('drops the oldest entry past maxEntries; get makes an entry the newest, peek does not', () => {
    const m = new Lru<string, number>({ maxEntries: 2 });
    m.set('a', 1);
    m.set('b', 2);
    expect(m.peek('a')).toBe(1);
    m.set('c', 3);
    expect(m.has('a')).toBe(false);
    expect(m.get('b')).toBe(2);
    m.set('d', 4);
    expect([...m.entries()].map(([k]) => k)).toEqual(['b', 'd']);
  });

  it('is bounded by bytes, and does not keep an entry larger than an eighth of them', () => {
    const m = new Lru<string, Buffer>({ maxBytes: 80, sizeOf: (b) => b.length });
    expect(m.set('big', Buffer.alloc(11))).toBe(false);
    expect(m.has('big')).toBe(false);
    for (let i = 0; i < 9; i++) m.set(`k${i}`, Buffer.alloc(10));
    expect(m.size).toBe(8);
    expect(m.bytes).toBe(80);
    expect(m.has('k0')).toBe(false);
    m.set('k1', Buffer.alloc(5));
    expect(m.bytes).toBe(75);
    m.deleteWhere((k) => k === 'k2' || k === 'k3');
    expect(m.bytes).toBe(55);
    m.clear();
    expect([m.size, m.bytes]).toEqual([0, 0]);
  });

  it('refuses to be unbounded', () => {
    expect(() => new Lru({})).toThrow(/bound/);
  });
});
