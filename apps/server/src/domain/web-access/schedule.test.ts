/** Schedules on the account's wall clock: windows, midnight, and Europe/London's 2026 clock changes. */
import { describe, expect, it } from 'vitest';
import type { WeeklySchedule } from '@wayguard/contracts';
import { localWeekMinute, scheduleActiveAt } from './schedule.js';

const LONDON = 'Europe/London';
const at = (iso: string) => new Date(iso);
const only = (day: number, from: number, to: number): WeeklySchedule => ({
  windows: [{ day, from_minute: from, to_minute: to }],
});
const active = (s: WeeklySchedule, iso: string, zone = LONDON) => scheduleActiveAt(s, at(iso), zone);
const hm = (h: number, m = 0) => h * 60 + m;

describe('local weekday and minute', () => {
  it('reads the wall clock of the zone', () => {
    expect(localWeekMinute(at('2026-06-01T10:00:00Z'), LONDON)).toEqual({ day: 1, minute: hm(11) });
    expect(localWeekMinute(at('2026-01-05T10:00:00Z'), LONDON)).toEqual({ day: 1, minute: hm(10) });
    expect(localWeekMinute(at('2026-06-01T23:30:00Z'), 'Asia/Kolkata')).toEqual({ day: 2, minute: hm(5) });
    expect(localWeekMinute(at('2026-06-01T02:00:00Z'), 'America/New_York')).toEqual({ day: 0, minute: hm(22) });
    expect(localWeekMinute(at('2026-06-01T00:00:00Z'), 'UTC')).toEqual({ day: 1, minute: 0 });
  });
});

describe('a schedule', () => {
  const schoolHours = only(1, hm(8, 30), hm(15, 30)); // Monday 08:30-15:30
  it('is active inside a window and not outside it, on local time (BST here)', () => {
    expect(active(schoolHours, '2026-06-01T07:29:00Z')).toBe(false); // 08:29 BST
    expect(active(schoolHours, '2026-06-01T07:30:00Z')).toBe(true); // 08:30
    expect(active(schoolHours, '2026-06-01T14:29:00Z')).toBe(true); // 15:29
    expect(active(schoolHours, '2026-06-01T14:30:00Z')).toBe(false); // 15:30: the end is not inside
    expect(active(schoolHours, '2026-06-02T10:00:00Z')).toBe(false); // Tuesday
  });

  it('runs across midnight into the next day, and the week wraps from Saturday to Sunday', () => {
    const satNight = only(6, hm(22), hm(7)); // Saturday 22:00 to Sunday 07:00
    expect(active(satNight, '2026-01-03T21:59:00Z')).toBe(false); // Sat 21:59 GMT
    expect(active(satNight, '2026-01-03T22:00:00Z')).toBe(true);
    expect(active(satNight, '2026-01-04T03:00:00Z')).toBe(true); // Sun 03:00
    expect(active(satNight, '2026-01-04T06:59:00Z')).toBe(true);
    expect(active(satNight, '2026-01-04T07:00:00Z')).toBe(false);
    expect(active(satNight, '2026-01-05T03:00:00Z')).toBe(false); // Monday night is not Sunday night
  });

  it('is active when any of its windows covers the time', () => {
    const twice: WeeklySchedule = {
      windows: [
        { day: 2, from_minute: hm(7), to_minute: hm(8) },
        { day: 2, from_minute: hm(18), to_minute: hm(20) },
      ],
    };
    expect(active(twice, '2026-01-06T07:30:00Z')).toBe(true);
    expect(active(twice, '2026-01-06T12:00:00Z')).toBe(false);
    expect(active(twice, '2026-01-06T19:00:00Z')).toBe(true);
  });

  describe('on 2026-03-29, when London skips 01:00-02:00', () => {
    it('a window inside the skipped hour never applies', () => {
      const skipped = only(0, hm(1), hm(2));
      for (const iso of ['2026-03-29T00:59:00Z', '2026-03-29T01:00:00Z', '2026-03-29T01:30:00Z'])
        expect(active(skipped, iso), iso).toBe(false);
    });

    it('a window across midnight and the change follows the wall clock', () => {
      const night = only(6, hm(23), hm(2, 30)); // Saturday 23:00 to Sunday 02:30
      expect(active(night, '2026-03-28T23:00:00Z')).toBe(true); // 23:00 GMT
      expect(active(night, '2026-03-29T00:59:00Z')).toBe(true); // 00:59 GMT
      expect(active(night, '2026-03-29T01:15:00Z')).toBe(true); // 02:15 BST
      expect(active(night, '2026-03-29T01:30:00Z')).toBe(false); // 02:30 BST: 2.5 hours of real time
    });

    it('a window after the change starts on the new clock', () => {
      const morning = only(0, hm(2), hm(3));
      expect(active(morning, '2026-03-29T00:59:00Z')).toBe(false);
      expect(active(morning, '2026-03-29T01:00:00Z')).toBe(true); // 02:00 BST
      expect(active(morning, '2026-03-29T02:00:00Z')).toBe(false); // 03:00 BST
    });
  });

  describe('on 2026-10-25, when London repeats 01:00-02:00', () => {
    it('a window in the repeated hour applies both times', () => {
      const repeated = only(0, hm(1), hm(1, 30));
      expect(active(repeated, '2026-10-24T23:59:00Z')).toBe(false); // 00:59 BST
      expect(active(repeated, '2026-10-25T00:00:00Z')).toBe(true); // 01:00 BST
      expect(active(repeated, '2026-10-25T00:29:00Z')).toBe(true);
      expect(active(repeated, '2026-10-25T00:30:00Z')).toBe(false); // 01:30 BST
      expect(active(repeated, '2026-10-25T01:00:00Z')).toBe(true); // 01:00 GMT, again
      expect(active(repeated, '2026-10-25T01:29:00Z')).toBe(true);
      expect(active(repeated, '2026-10-25T01:30:00Z')).toBe(false);
    });

    it('a window across midnight ends at its wall-clock time', () => {
      const night = only(6, hm(22), hm(3)); // Saturday 22:00 to Sunday 03:00
      expect(active(night, '2026-10-24T20:59:00Z')).toBe(false); // 21:59 BST
      expect(active(night, '2026-10-24T21:00:00Z')).toBe(true); // 22:00 BST
      expect(active(night, '2026-10-25T02:59:00Z')).toBe(true); // 02:59 GMT
      expect(active(night, '2026-10-25T03:00:00Z')).toBe(false); // 03:00 GMT: 6 hours of real time
    });
  });
});
