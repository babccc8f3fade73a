/**
 * Totals of the websites and media lists kept between requests at scale (lib/lists/count-cache.ts, as
 * the devices list's): a total of 5,000 rows or more, for a view without access filters (kind, search,
 * media types), is kept 15 seconds and answered 15 seconds more while it is counted afresh in the
 * background. Rules never change these totals; the access filters' totals depend on the rules and are
 * always counted. A change this process makes to an account's websites forgets its totals at once.
 */
import { createCountCache } from '../../lib/lists/count-cache.js';

export const websitesTotals = createCountCache({ ttlMs: 15_000, staleMs: 15_000, minCached: 5_000 });

/** Forgets the account's kept totals (its websites or media items changed). */
export function websitesChanged(accountId: number): void {
  websitesTotals.forget(accountId);
}
