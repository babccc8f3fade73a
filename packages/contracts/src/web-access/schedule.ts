/**
 * A rule's weekly schedule (docs/design/policy.md 'Rules': weekly windows in the account's time zone; the
 * 'scheduled' / 'not-scheduled' access filters of 002 §2.4). A rule with a schedule applies only
 * inside one of its windows, read on the wall clock of the account's time zone.
 *
 * A window is { day, from_minute, to_minute }: `day` 0-6 is the day it starts (0 = Sunday, as
 * JavaScript's getDay), minutes count from local midnight. from < to: that day from `from_minute` up
 * to (not including) `to_minute`; to_minute 1440 is the end of the day. from > to: the window
 * crosses midnight, running from `from_minute` on `day` to `to_minute` on the next day (Saturday
 * 22:00 to Sunday 07:00 is { day: 6, from_minute: 1320, to_minute: 420 }). from = to is refused.
 * On daylight-saving days the wall clock decides: an hour the clock skips is never inside a window,
 * an hour it repeats is inside twice.
 */
import { z } from 'zod';
import { WEB_ACCESS_MSG } from './messages.js';

export const MINUTES_PER_DAY = 1440;
/** At most this many windows per schedule (ours: one or two a day is the norm; 4 a day is plenty). */
export const SCHEDULE_WINDOWS_MAX = 28;

export const scheduleWindow = z
  .object({
    day: z.number().int().min(0).max(6),
    from_minute: z
      .number()
      .int()
      .min(0)
      .max(MINUTES_PER_DAY - 1),
    to_minute: z.number().int().min(1).max(MINUTES_PER_DAY),
  })
  .refine((w) => w.from_minute !== w.to_minute, { message: WEB_ACCESS_MSG.scheduleWindowEmpty, path: ['to_minute'] });
export type ScheduleWindow = z.infer<typeof scheduleWindow>;

export const weeklySchedule = z.object({
  windows: z.array(scheduleWindow).min(1, WEB_ACCESS_MSG.scheduleEmpty).max(SCHEDULE_WINDOWS_MAX),
});
export type WeeklySchedule = z.infer<typeof weeklySchedule>;

/** Whether a window covers local `minute` (0-1439) of local weekday `day` (0 = Sunday). */
export function windowCovers(w: ScheduleWindow, day: number, minute: number): boolean {
  if (w.from_minute < w.to_minute) return w.day === day && minute >= w.from_minute && minute < w.to_minute;
  return (w.day === day && minute >= w.from_minute) || ((w.day + 1) % 7 === day && minute < w.to_minute);
}
