/**
 * Values kept for a time, for what no database version stamps (a large list's total, where a deep
 * page begins, a session row, a device found by its secret): a bounded map (lru.ts) whose entries
 * answer until their time is up, in the order they were set (the oldest dropped first when full).
 */
import { Lru } from './lru.js';

export type TtlOptions = { ttlMs: number; maxEntries: number; now?: () => number };

export class Ttl<K, V> {
  readonly #lru: Lru<K, { value: V; until: number }>;
  readonly ttlMs: number;
  readonly now: () => number;

  constructor(o: TtlOptions) {
    this.#lru = new Lru({ maxEntries: o.maxEntries });
    this.ttlMs = o.ttlMs;
    this.now = o.now ?? Date.now;
  }

  get size(): number {
    return this.#lru.size;
  }

  /** The value while its time is not up (an expired one is dropped). */
  get(key: K, at = this.now()): V | undefined {
    const hit = this.#lru.peek(key);
    if (!hit) return undefined;
    if (hit.until > at) return hit.value;
    this.#lru.delete(key);
    return undefined;
  }

  /** The value with the time until which it is kept, expired or not (a stale answer while recounting). */
  entry(key: K): { value: V; until: number } | undefined {
    return this.#lru.peek(key);
  }

  /** Keeps the value for `ttlMs` (or the given time) from now, as the newest entry. */
  set(key: K, value: V, ttlMs = this.ttlMs, at = this.now()): void {
    this.#lru.set(key, { value, until: at + ttlMs });
  }

  /** Changes a kept value in place, without extending its time. */
  update(key: K, change: (value: V) => V): void {
    const hit = this.#lru.peek(key);
    if (hit) hit.value = change(hit.value);
  }

  delete(key: K): void {
    this.#lru.delete(key);
  }

  deleteWhere(test: (key: K, value: V) => boolean): void {
    this.#lru.deleteWhere((k, e) => test(k, e.value));
  }

  /** Drops the expired entries. */
  prune(at = this.now()): void {
    this.#lru.deleteWhere((_k, e) => e.until <= at);
  }

  clear(): void {
    this.#lru.clear();
  }

  entries(): [K, V][] {
    return [...this.#lru.entries()].map(([k, e]) => [k, e.value]);
  }
}
