/**
 * Totals of large lists, kept a short while (docs/decisions.md "Large lists' totals"). Counting every
 * matching row costs in proportion to the rows (tens of milliseconds at 100,000 devices), on every
 * page and every poll, although paging through a list does not change its total. A total at or above
 * `minCached` rows is kept for `ttlMs` per key (the account and the list's filters and search, never
 * the page or sort); smaller totals are counted afresh each time, so small lists, which are most, are
 * always exact. Concurrent requests for one key share one count. `forget(accountId)` drops an
 * account's totals at once (a change this process made).
 */
export type CountCache = {
  total(accountId: number, key: string, count: () => Promise<number>): Promise<number>;
  forget(accountId: number): void;
};

export function createCountCache(o: {
  ttlMs: number;
  minCached: number;
  maxEntries?: number;
  now?: () => number;
}): CountCache {
  const now = o.now ?? Date.now;
  const maxEntries = o.maxEntries ?? 1_000;
  const kept = new Map<string, { total: number; until: number }>();
  const running = new Map<string, Promise<number>>();
  const id = (accountId: number, key: string) => `${accountId}\u0000${key}`;

  return {
    async total(accountId, key, count) {
      const k = id(accountId, key);
      const hit = kept.get(k);
      if (hit && hit.until > now()) return hit.total;
      if (hit) kept.delete(k);
      const inFlight = running.get(k);
      if (inFlight) return inFlight;
      const p = count().finally(() => running.delete(k));
      running.set(k, p);
      const total = await p;
      if (total >= o.minCached) {
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
        kept.set(k, { total, until: now() + o.ttlMs });
      }
      return total;
    },
    forget(accountId) {
      const prefix = `${accountId}\u0000`;
      for (const k of kept.keys()) if (k.startsWith(prefix)) kept.delete(k);
    },
  };
}
