/**
 * Ours: GET /devices/timeline, a device's history (what happened, when, by whom), newest first.
 */
import { z } from 'zod';
import { deviceQuery } from './device.js';

export const DEVICE_TIMELINE_KINDS = [
  'enrolled',
  're_enrolled',
  'alert_raised',
  'alert_cleared',
  'renamed',
  'settings_changed',
  'command_sent',
  'command_delivered',
  'command_completed',
  'command_failed',
  'command_expired',
  'command_cancelled',
  'policy_applied',
  'request_sent',
  'replacement_requested',
  'replacement_approved',
  'replacement_refused',
  'retired',
  'user_linked',
] as const;
export type DeviceTimelineKind = (typeof DEVICE_TIMELINE_KINDS)[number];
export const DEVICE_TIMELINE_PAGE = 50;

/** GET /devices/timeline: `before` (an entry id) pages back in time. */
export const deviceTimelineQuery = deviceQuery.extend({
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const deviceTimelineEntry = z.object({
  id: z.number(),
  kind: z.enum(DEVICE_TIMELINE_KINDS),
  /** Unix seconds. */
  at: z.number(),
  /** What happened, in one line ("Renamed from NF-LAB-PC01 to Library PC 1"). */
  text: z.string(),
  /** Who did it: an administrator's username, or '' for the device itself. */
  actor: z.string(),
});
export type DeviceTimelineEntry = z.infer<typeof deviceTimelineEntry>;
export const deviceTimelineResponse = z.object({
  entries: z.array(deviceTimelineEntry),
  /** Pass as `before` for the next (older) page; null at the start of the device's history. */
  next_before: z.number().nullable(),
});
export type DeviceTimelineResponse = z.infer<typeof deviceTimelineResponse>;
