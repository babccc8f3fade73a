/**
 * What the devices list keeps between requests at scale, per account and list view, each at the stamp of
 * the account's `devices` and `users` versions (list_versions, bumped by triggers on every change to what
 * the list shows or filters on but check-ins: migration 0028), read before it is counted:
 * - totals (lib/lists/count-cache.ts) of 5,000 devices or more; smaller ones are always counted;
 * - where deep pages begin (lib/lists/page-anchors.ts), so that page 1,000 is a seek.
 * A change in any process (an enrolment, a rename, a deactivation, a retirement) moves the stamp, so every
 * process counts afresh on its next request. A view whose rows move with check-ins or the clock (online
 * status is a function of the clock; alerts and the agent's version come from the device) keeps today's
 * time to live as well: 15 seconds (the dashboard's polling interval), a total answered 15 seconds more
 * while it is counted afresh in the background. Other views are kept until their stamp moves (at most
 * `DEVICES_STABLE_KEEP_MS`, a fallback only).
 */
import { createCountCache, type CountCache } from '../../lib/lists/count-cache.js';
import { createPageAnchors, type PageAnchors } from '../../lib/lists/page-anchors.js';

export const DEVICES_TOTAL_CACHED_FROM = 5_000;
export const DEVICES_TOTAL_TTL_MS = 15_000;
export const DEVICES_TOTAL_STALE_MS = 15_000;
/** How long a view that does not move with check-ins or the clock is kept at one stamp (a fallback). */
export const DEVICES_STABLE_KEEP_MS = 10 * 60_000;
/** Pages that begin this many rows or more into the list are found from a remembered start when there is one. */
export const DEVICES_SEEK_FROM_ROW = 1_000;
/** The versions (list_versions.list) that stamp what the list keeps: its devices and their users' names. */
export const DEVICES_LIST_VERSIONS = ['devices', 'users'] as const;

/** The kept totals and page starts, by whether the view moves with check-ins or the clock (`moving`). */
export type DevicesListKept = {
  totals(moving: boolean): CountCache;
  anchors(moving: boolean): PageAnchors;
};

export function createDevicesListKept(o: { cachedFrom?: number } = {}): DevicesListKept {
  const minCached = o.cachedFrom ?? DEVICES_TOTAL_CACHED_FROM;
  const totals = {
    moving: createCountCache({ ttlMs: DEVICES_TOTAL_TTL_MS, staleMs: DEVICES_TOTAL_STALE_MS, minCached }),
    stable: createCountCache({ ttlMs: DEVICES_STABLE_KEEP_MS, minCached }),
  };
  const anchors = {
    moving: createPageAnchors({ ttlMs: DEVICES_TOTAL_TTL_MS }),
    stable: createPageAnchors({ ttlMs: DEVICES_STABLE_KEEP_MS }),
  };
  return {
    totals: (moving) => (moving ? totals.moving : totals.stable),
    anchors: (moving) => (moving ? anchors.moving : anchors.stable),
  };
}

/** The process's kept devices list answers. */
export const devicesListKept = createDevicesListKept();
