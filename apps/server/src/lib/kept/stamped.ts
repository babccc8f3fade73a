/**
 * Values kept at a stamp (versions.ts, or anything the caller reads before building: a node's chain,
 * a device's stored policy version): a kept value is answered only while the caller's stamp is the
 * one it was built at (and, with `untilOf`, until its own time is up: an answer that moves with the
 * clock). Reads of one key at one stamp share one build (single-flight.ts); the values are kept least
 * recently used first, bounded by entries or bytes (lru.ts).
 */
import { Lru } from './lru.js';
import { keptNamed, type KeptName } from './registry.js';
import { SingleFlight } from './single-flight.js';

export type Stamped<V> = {
  /** The value kept for `key` at `stamp`, else `build()` kept at it. */
  at(key: string, stamp: string, build: () => Promise<V>, now?: number): Promise<V>;
  /** The value kept for `key` at `stamp`, or undefined (nothing is built). */
  peek(key: string, stamp: string, now?: number): V | undefined;
  /** Keeps a value built by the caller. */
  keep(key: string, stamp: string, value: V): void;
  forget(key: string): void;
  forgetWhere(test: (key: string) => boolean): void;
  clear(): void;
};

export function createStamped<V>(o: {
  /** Its entry in registry.ts. */
  kept: KeptName;
  maxEntries?: number;
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** The time until which a value holds whatever its stamp (default: always). */
  untilOf?: (value: V) => number;
}): Stamped<V> {
  keptNamed(o.kept);
  const sizeOf = o.sizeOf;
  const kept = new Lru<string, { stamp: string; value: V }>({
    ...(o.maxEntries !== undefined ? { maxEntries: o.maxEntries } : {}),
    ...(o.maxBytes !== undefined ? { maxBytes: o.maxBytes } : {}),
    ...(sizeOf ? { sizeOf: (e: { value: V }) => sizeOf(e.value) } : {}),
  });
  const building = new SingleFlight<string, V>();
  const holds = (value: V, now: number | undefined) => !o.untilOf || (now ?? Date.now()) < o.untilOf(value);

  function peek(key: string, stamp: string, now?: number): V | undefined {
    const hit = kept.peek(key);
    if (!hit || hit.stamp !== stamp || !holds(hit.value, now)) return undefined;
    return kept.get(key)!.value;
  }
  const keep = (key: string, stamp: string, value: V) => void kept.set(key, { stamp, value });

  return {
    at(key, stamp, build, now) {
      const hit = peek(key, stamp, now);
      if (hit !== undefined) return Promise.resolve(hit);
      return building.run(`${stamp}\u0000${key}`, build, (value) => keep(key, stamp, value));
    },
    peek,
    keep,
    forget(key) {
      kept.delete(key);
      building.forgetWhere((k) => k.endsWith(`\u0000${key}`));
    },
    forgetWhere(test) {
      kept.deleteWhere((k) => test(k));
      building.forgetWhere((k) => test(k.slice(k.indexOf('\u0000') + 1)));
    },
    clear() {
      kept.clear();
      building.clear();
    },
  };
}
