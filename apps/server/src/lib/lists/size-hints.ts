/**
 * The last total a list view (account, filters, search) had in this process, kept `ttlMs`: a hint for
 * choosing how to read its next page, never an answer. A list whose view was small a moment ago can
 * read its page and its exact total in one statement (modules/users/repository.ts); a wrong hint
 * only costs speed, as the statement reads the total afresh.
 */
import { keptNamed } from '../kept/registry.js';
import { Ttl } from '../kept/ttl.js';

export type SizeHints = {
  get(accountId: number, key: string): number | undefined;
  set(accountId: number, key: string, total: number): void;
};

export function createSizeHints(o: { ttlMs: number; maxEntries?: number; now?: () => number }): SizeHints {
  keptNamed('size-hints');
  const kept = new Ttl<string, number>({
    ttlMs: o.ttlMs,
    maxEntries: o.maxEntries ?? 10_000,
    ...(o.now ? { now: o.now } : {}),
  });
  const id = (accountId: number, key: string) => `${accountId}\u0000${key}`;
  return {
    get: (accountId, key) => kept.get(id(accountId, key)),
    set: (accountId, key, total) => kept.set(id(accountId, key), total),
  };
}
