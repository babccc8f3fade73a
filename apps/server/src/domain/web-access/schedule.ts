/**
 * Whether a rule's weekly schedule is active at an instant (docs/design/policy.md 'Rules': windows in the
 * account's time zone; contracts web-access/schedule.ts holds the shape). The local weekday and
 * minute come from Intl.DateTimeFormat in the IANA zone, so the wall clock decides on
 * daylight-saving days: a skipped hour is in no window, a repeated hour is in its windows twice.
 */
import { windowCovers, type WeeklySchedule } from '@wayguard/contracts';
import { perZoneFormat } from '../../lib/zoned-time.js';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatter = perZoneFormat('en-US', { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The local weekday (0 = Sunday) and minute of the day (0-1439) of `at` in `timeZone`. */
export function localWeekMinute(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = formatter(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAYS[part('weekday')];
  if (day === undefined) throw new Error(`No weekday for ${at.toISOString()} in ${timeZone}`);
  return { day, minute: (Number(part('hour')) % 24) * 60 + Number(part('minute')) };
}

/** A schedule is active when one of its windows covers the local time of `at`. */
export function scheduleActiveAt(schedule: WeeklySchedule, at: Date, timeZone: string): boolean {
  const { day, minute } = localWeekMinute(at, timeZone);
  return schedule.windows.some((w) => windowCovers(w, day, minute));
}
