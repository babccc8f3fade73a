/**
 * A device as the console and the device API name it: its kind, its id on the wire (its serial, always
 * with its type: 001 §2.2 'id is the serial or id'), the name's limits, and when it counts as online.
 */
import { z } from 'zod';
import { DEVICE_ID_MAX } from '../constants.js';

export const DEVICE_KINDS = ['machine', 'mobile'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const deviceKind = z.enum(DEVICE_KINDS);

/** Device name limits (001 §5, §9: at least 3; the column holds 64). */
export const DEVICE_NAME_MIN = 3;
export const DEVICE_NAME_MAX = 64;
/** A device counts as online when it checked in within this many minutes (ours: three check-in intervals). */
export const DEVICE_ONLINE_MINUTES = 15;
/** Device details are cached for 5 minutes (001 §2.2, §9; 000 §9). */
export const DEVICE_DETAILS_CACHE_MS = 5 * 60_000;
/** '---' for a missing value (001 §2.2). */
export const MISSING_VALUE = '---';

/** Online: checked in within DEVICE_ONLINE_MINUTES of `nowMs` (last online in unix seconds; 0 = never). */
export function deviceOnline(lastOnline: number, nowMs: number = Date.now()): boolean {
  return lastOnline > 0 && lastOnline * 1000 >= nowMs - DEVICE_ONLINE_MINUTES * 60_000;
}

export const deviceIdField = z.string().trim().min(1).max(DEVICE_ID_MAX);
/** `id` and `type` of one device, in a query string or a body. */
export const deviceQuery = z.object({ id: deviceIdField, type: deviceKind });
export type DeviceQuery = z.infer<typeof deviceQuery>;
