/**
 * The devices list's totals at scale (lib/lists/count-cache.ts): a total of 5,000 devices or more is
 * kept 15 seconds (the dashboard's polling interval) per account, filters and search; smaller ones
 * are always counted. An enrolment in this process forgets the account's totals at once.
 */
import { createCountCache } from './lists/count-cache.js';

export const DEVICES_TOTAL_CACHED_FROM = 5_000;
export const DEVICES_TOTAL_TTL_MS = 15_000;

export const devicesTotals = createCountCache({ ttlMs: DEVICES_TOTAL_TTL_MS, minCached: DEVICES_TOTAL_CACHED_FROM });
