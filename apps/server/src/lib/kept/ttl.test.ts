import { describe, expect, it } from 'vitest';
import { Ttl } from './ttl.js';

describe('Ttl', () => {
  it('answers a value until its time is up, then drops it', () => {
    let t = 0;
    const m = new Ttl<string, number>({ ttlMs: 100, maxEntries: 10, now: () => t });
    m.set('a', 1);
    m.set('b', 2, 300);
    t = 99;
    expect(m.get('a')).toBe(1);
    t = 100;
    expect(m.get('a')).toBeUndefined();
    expect(m.entry('a')).toBeUndefined();
    expect(m.entry('b')).toEqual({ value: 2, until: 300 });
    m.update('b', (v) => v + 1);
    expect(m.get('b')).toBe(3);
    expect(m.entry('b')?.until).toBe(300);
  });

  it('is bounded: the oldest set goes first; prune drops what expired', () => {
    let t = 0;
    const m = new Ttl<string, number>({ ttlMs: 100, maxEntries: 2, now: () => t });
    m.set('a', 1);
    m.set('b', 2);
    m.get('a');
    m.set('c', 3);
    expect(m.entries().map(([k]) => k)).toEqual(['b', 'c']);
    t = 50;
    m.set('c', 4);
    t = 120;
    m.prune();
    expect(m.entries()).toEqual([['c', 4]]);
  });
});
