/**
 * The last total a list view (account, filters, search) had in this process, kept `ttlMs`: a hint for
 * choosing how to read its next page, never an answer. A list whose view was small a moment ago can
 * read its page and its exact total in one statement (modules/users/repository.ts); a wrong hint
 * only costs speed, as the statement reads the total afresh.
 */
export type SizeHints = {
  get(accountId: number, key: string): number | undefined;
  set(accountId: number, key: string, total: number): void;
};

export function createSizeHints(o: { ttlMs: number; maxEntries?: number; now?: () => number }): SizeHints {
  const now = o.now ?? Date.now;
  const maxEntries = o.maxEntries ?? 10_000;
  const kept = new Map<string, { total: number; until: number }>();
  const id = (accountId: number, key: string) => `${accountId}\u0000${key}`;
  return {
    get(accountId, key) {
      const k = id(accountId, key);
      const hit = kept.get(k);
      if (!hit) return undefined;
      if (hit.until > now()) return hit.total;
      kept.delete(k);
      return undefined;
    },
    set(accountId, key, total) {
      const k = id(accountId, key);
      kept.delete(k);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
      kept.set(k, { total, until: now() + o.ttlMs });
    },
  };
}
