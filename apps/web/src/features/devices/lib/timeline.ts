/** Who did a timeline entry: an administrator's username, or the device itself ('' on the wire). */
import type { DeviceTimelineEntry } from '@wayguard/contracts';

export function timelineActor(entry: Pick<DeviceTimelineEntry, 'actor'>): string {
  return entry.actor ? `by ${entry.actor}` : 'by the device';
}
