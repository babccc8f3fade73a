/** The weekly schedule editor's rules: times, midnight, the contract's checks, the starting rule, the kept end. */
import { describe, expect, it } from 'vitest';
import { WEB_ACCESS_MSG } from '@wayguard/contracts';
import {
  TIME_INVALID,
  canAddWindow,
  checkSchedule,
  describeSchedule,
  describeWindow,
  formatTime,
  initialScheduleRule,
  keptExpiry,
  newWindow,
  parseTime,
  toDraft,
} from '../lib/schedule-edit';

describe('times', () => {
  it('reads HH:MM as minutes after midnight and refuses anything else', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('09:30')).toBe(570);
    expect(parseTime('23:59')).toBe(1439);
    for (const bad of ['24:00', '9:30', '09:60', '', 'noon', '09:30:00']) expect(parseTime(bad)).toBeNull();
  });
  it('writes minutes as HH:MM, the end of the day as 00:00', () => {
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(570)).toBe('09:30');
    expect(formatTime(1440)).toBe('00:00');
  });
  it('turns a window into the form and back', () => {
    const w = { day: 6, from_minute: 1320, to_minute: 420 };
    expect(toDraft(w)).toEqual({ day: 6, from: '22:00', to: '07:00' });
    expect(checkSchedule([toDraft(w)])).toEqual({ ok: true, schedule: { windows: [w] } });
  });
});

describe('checkSchedule', () => {
  it('takes an end of 00:00 as the end of the day', () => {
    expect(checkSchedule([{ day: 1, from: '18:00', to: '00:00' }])).toEqual({
      ok: true,
      schedule: { windows: [{ day: 1, from_minute: 1080, to_minute: 1440 }] },
    });
  });
  it('keeps a window that crosses midnight', () => {
    const r = checkSchedule([{ day: 5, from: '22:00', to: '06:30' }]);
    expect(r.ok && r.schedule.windows[0]).toEqual({ day: 5, from_minute: 1320, to_minute: 390 });
  });
  it("refuses an empty window with the contract's message, on that window", () => {
    const r = checkSchedule([
      { day: 1, from: '09:00', to: '17:00' },
      { day: 2, from: '10:00', to: '10:00' },
    ]);
    expect(r).toEqual({ ok: false, errors: { windows: { 1: WEB_ACCESS_MSG.scheduleWindowEmpty } } });
  });
  it('refuses a whole day from 00:00 to 00:00 as empty', () => {
    const r = checkSchedule([{ day: 0, from: '00:00', to: '00:00' }]);
    expect(r.ok).toBe(false);
  });
  it('refuses no window at all', () => {
    expect(checkSchedule([])).toEqual({ ok: false, errors: { form: WEB_ACCESS_MSG.scheduleEmpty, windows: {} } });
  });
  it('refuses a time that is not a time, before asking the contract', () => {
    expect(checkSchedule([{ day: 1, from: '', to: '17:00' }])).toEqual({
      ok: false,
      errors: { windows: { 0: TIME_INVALID } },
    });
  });
});

describe('windows', () => {
  it('starts a new window on the day after the last, Monday first', () => {
    expect(newWindow([])).toEqual({ day: 1, from: '09:00', to: '17:00' });
    expect(newWindow([{ day: 6, from: '09:00', to: '17:00' }]).day).toBe(0);
  });
  it('stops adding at the contract limit', () => {
    expect(canAddWindow(Array.from({ length: 27 }))).toBe(true);
    expect(canAddWindow(Array.from({ length: 28 }))).toBe(false);
  });
  it('describes windows in words, naming the next day past midnight', () => {
    expect(describeWindow({ day: 1, from_minute: 540, to_minute: 1020 })).toBe('Mon 09:00 – 17:00');
    expect(describeWindow({ day: 6, from_minute: 1320, to_minute: 420 })).toBe('Sat 22:00 – Sun 07:00');
    expect(describeWindow({ day: 3, from_minute: 1080, to_minute: 1440 })).toBe('Wed 18:00 – 24:00');
    expect(describeSchedule(null)).toBe('');
    expect(
      describeSchedule({
        windows: [
          { day: 1, from_minute: 540, to_minute: 600 },
          { day: 2, from_minute: 540, to_minute: 600 },
        ],
      }),
    ).toBe('Mon 09:00 – 10:00, Tue 09:00 – 10:00');
  });
});

describe('the rule the editor starts with', () => {
  it("is the node's own rule, else the opposite of what applies now", () => {
    expect(initialScheduleRule({ own_access: 'ALLOW', access: 'BLOCK' })).toBe('allow');
    expect(initialScheduleRule({ own_access: 'BLOCK', access: 'ALLOW' })).toBe('block');
    expect(initialScheduleRule({ own_access: 'INHERIT', access: 'ALLOW' })).toBe('block');
    expect(initialScheduleRule({ own_access: 'INHERIT', access: 'BLOCK' })).toBe('allow');
  });
});

describe('keptExpiry', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  it('keeps an end in the future and drops one past, missing or unreadable', () => {
    expect(keptExpiry('2026-11-26T10:00:00Z', now)).toBe('2026-11-26T10:00:00Z');
    expect(keptExpiry('2026-11-24T10:00:00Z', now)).toBeUndefined();
    expect(keptExpiry(null, now)).toBeUndefined();
    expect(keptExpiry('soon', now)).toBeUndefined();
  });
});
