/**
 * What the devices list keeps between requests at scale, per account and list view:
 * - totals (lib/lists/count-cache.ts): a total of 5,000 devices or more is kept 15 seconds (the
 *   dashboard's polling interval), and answered 15 seconds more while it is counted afresh in the
 *   background; smaller ones are always counted;
 * - where deep pages begin (lib/lists/page-anchors.ts), kept 15 seconds, so that page 1,000 is a seek.
 * A change this process makes to an account's devices (an enrolment, a rename) forgets both at once.
 */
import { createCountCache } from '../../lib/lists/count-cache.js';
import { createPageAnchors } from '../../lib/lists/page-anchors.js';

export const DEVICES_TOTAL_CACHED_FROM = 5_000;
export const DEVICES_TOTAL_TTL_MS = 15_000;
export const DEVICES_TOTAL_STALE_MS = 15_000;
/** Pages that begin this many rows or more into the list are found from a remembered start when there is one. */
export const DEVICES_SEEK_FROM_ROW = 1_000;

export const devicesTotals = createCountCache({
  ttlMs: DEVICES_TOTAL_TTL_MS,
  staleMs: DEVICES_TOTAL_STALE_MS,
  minCached: DEVICES_TOTAL_CACHED_FROM,
});

export const devicesPageAnchors = createPageAnchors({ ttlMs: DEVICES_TOTAL_TTL_MS });

/** Forgets the account's kept totals and page starts (its devices changed). */
export function devicesListChanged(accountId: number): void {
  devicesTotals.forget(accountId);
  devicesPageAnchors.forget(accountId);
}
