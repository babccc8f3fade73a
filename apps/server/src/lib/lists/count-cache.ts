/**
 * Totals of large lists, kept a short while (docs/decisions/devices.md "Large lists' totals"). Counting every
 * matching row costs in proportion to the rows (tens of milliseconds at 100,000 devices), on every
 * page and every poll, although paging through a list does not change its total. A total at or above
 * `minCached` rows is kept for `ttlMs` per key (the account and the list's filters and search, never
 * the page or sort); smaller totals are counted afresh each time, so small lists, which are most, are
 * always exact. Concurrent requests for one key share one count. `forget(accountId)` drops an
 * account's totals at once (a change this process made).
 * A kept total past its `ttlMs` but younger than `ttlMs + staleMs` is still answered, and counted
 * afresh meanwhile in the background (once per key), so that no request waits for the recount of a
 * large list (it was the slowest 1 % of the devices list's pages: tools/bench/devices.mjs).
 * What is kept may be more than one number (the requests lists keep their six counts as one grouped
 * count): `sizeOf` then tells how many rows it counted, which decides whether it is kept.
 */
import { keptNamed } from '../kept/registry.js';
import { SingleFlight } from '../kept/single-flight.js';
import { Ttl } from '../kept/ttl.js';

export type CountCache<T = number> = {
  total(accountId: number, key: string, count: () => Promise<T>): Promise<T>;
  forget(accountId: number): void;
};

export function createCountCache<T = number>(o: {
  ttlMs: number;
  minCached: number;
  staleMs?: number;
  maxEntries?: number;
  now?: () => number;
  /** The rows a count counted (default: the count itself, a number). */
  sizeOf?: (counted: T) => number;
}): CountCache<T> {
  keptNamed('large-totals');
  const staleMs = o.staleMs ?? 0;
  const sizeOf = o.sizeOf ?? ((counted: T) => counted as unknown as number);
  const kept = new Ttl<string, T>({
    ttlMs: o.ttlMs,
    maxEntries: o.maxEntries ?? 1_000,
    ...(o.now ? { now: o.now } : {}),
  });
  const running = new SingleFlight<string, T>();
  const id = (accountId: number, key: string) => `${accountId}\u0000${key}`;

  /** Counts once per key at a time, keeping a large total; a forget() meanwhile keeps nothing. */
  const recount = (k: string, count: () => Promise<T>) =>
    running.run(k, count, (total) => {
      if (sizeOf(total) >= o.minCached) kept.set(k, total);
    });

  return {
    async total(accountId, key, count) {
      const k = id(accountId, key);
      const hit = kept.entry(k);
      const t = kept.now();
      if (hit && hit.until > t) return hit.value;
      if (hit && hit.until + staleMs > t) {
        // A failed background recount leaves the kept total to expire; the next request counts itself.
        recount(k, count).catch(() => undefined);
        return hit.value;
      }
      if (hit) kept.delete(k);
      return recount(k, count);
    },
    forget(accountId) {
      const prefix = `${accountId}\u0000`;
      kept.deleteWhere((k) => k.startsWith(prefix));
      // A count running now may have read the rows before the change: it must not be kept.
      running.forgetWhere((k) => k.startsWith(prefix));
    },
  };
}
