import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_FILTER_PRESETS } from '@wayguard/contracts';
import {
  ALL_DATES,
  clickDay,
  clickedDay,
  dateRangeFilter,
  isPickableDay,
  isValidRange,
  presetDays,
  rangeLabel,
  rangeSeconds,
  type DateRange,
} from '../filters/date-range';

// A fixed 'now' in the test machine's zone: the filter works in the browser's time zone.
const now = dayjs('2026-11-23T15:30:00');
const filter = dateRangeFilter({ apiFrom: 'from', apiTo: 'to', now: () => now });
const qs = (s: string) => new URLSearchParams(s);
const custom = (from: string, to: string): DateRange => ({ preset: 'custom', from, to });

describe('date filter presets', () => {
  it("offers the spec's options in its order", () => {
    expect(DATE_FILTER_PRESETS.map((p) => p.label)).toEqual([
      'Show all',
      'Today',
      'Last 7 days',
      'Last 30 days',
      'Last 6 months',
      'Custom dates',
    ]);
  });

  it('covers the days up to today, counting today', () => {
    expect(presetDays('today', now)).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    expect(presetDays('last_7_days', now)).toEqual({ start: '2026-11-17', end: '2026-11-23' });
    expect(presetDays('last_30_days', now)).toEqual({ start: '2026-10-25', end: '2026-11-23' });
    expect(presetDays('last_6_months', now)).toEqual({ start: '2026-05-23', end: '2026-11-23' });
    expect(presetDays('all', now)).toBeNull();
  });

  it('sends unix seconds from the start of the first day to the end of the last; Show all sends nothing', () => {
    expect(filter.toApi({ preset: 'today', from: null, to: null })).toEqual({
      from: dayjs('2026-11-23T00:00:00').unix(),
      to: dayjs('2026-11-23T23:59:59').unix(),
    });
    expect(rangeSeconds(custom('2026-11-01', '2026-11-02'), now)).toEqual({
      from: dayjs('2026-11-01T00:00:00').unix(),
      to: dayjs('2026-11-02T23:59:59').unix(),
    });
    expect(filter.toApi(ALL_DATES)).toEqual({});
  });
});

describe('date range rules (001 §5)', () => {
  it('allows no future day, no impossible day, no other format', () => {
    expect(isPickableDay('2026-11-23', now)).toBe(true);
    expect(isPickableDay('2026-11-24', now)).toBe(false);
    expect(isPickableDay('2026-02-30', now)).toBe(false);
    expect(isPickableDay('2026/11/01', now)).toBe(false);
    expect(isPickableDay(null, now)).toBe(false);
  });

  it('wants To not before From, both days given', () => {
    expect(isValidRange(custom('2026-11-01', '2026-11-01'), now)).toBe(true);
    expect(isValidRange(custom('2026-11-02', '2026-11-01'), now)).toBe(false);
    expect(isValidRange({ preset: 'custom', from: '2026-11-01', to: null }, now)).toBe(false);
    expect(isValidRange(custom('2026-11-01', '2026-12-01'), now)).toBe(false);
  });

  it('shows days as YYYY/MM/DD', () => {
    expect(rangeLabel(custom('2026-01-05', '2026-02-07'))).toBe('2026/01/05 – 2026/02/07');
    expect(rangeLabel(custom('2026-01-05', '2026-01-05'))).toBe('2026/01/05');
    expect(rangeLabel({ preset: 'last_7_days', from: null, to: null })).toBe('Last 7 days');
    expect(rangeLabel(ALL_DATES)).toBe('Show all');
  });
});

describe('calendar clicks (001 §4 Date filter)', () => {
  it('first click sets the start, the second the end', () => {
    const first = clickDay({ start: null, end: null }, '2026-11-05');
    expect(first).toEqual({ start: '2026-11-05', end: null });
    expect(clickDay(first, '2026-11-09')).toEqual({ start: '2026-11-05', end: '2026-11-09' });
    expect(clickDay(first, '2026-11-05')).toEqual({ start: '2026-11-05', end: '2026-11-05' });
  });

  it('a click before the start resets the start; a click after a whole range starts a new one', () => {
    expect(clickDay({ start: '2026-11-05', end: null }, '2026-11-01')).toEqual({ start: '2026-11-01', end: null });
    expect(clickDay({ start: '2026-11-05', end: '2026-11-09' }, '2026-11-20')).toEqual({
      start: '2026-11-20',
      end: null,
    });
  });

  it("tells the clicked day from the calendar's sorted range", () => {
    const picked = { start: '2026-11-05', end: null };
    // A day before the start: the calendar answers [day, start].
    expect(clickedDay(picked, ['2026-11-01', '2026-11-05'])).toBe('2026-11-01');
    expect(clickedDay(picked, ['2026-11-05', '2026-11-09'])).toBe('2026-11-09');
    // The start again: the calendar clears the range.
    expect(clickedDay(picked, [null, null])).toBe('2026-11-05');
    expect(clickedDay({ start: null, end: null }, ['2026-11-07', null])).toBe('2026-11-07');
  });
});

describe('date range in the address', () => {
  it('keeps a preset by name, so it stays relative to the day the view is opened', () => {
    const a = qs('');
    filter.write(a, { preset: 'last_30_days', from: null, to: null });
    expect(a.toString()).toBe('date=last_30_days');
    expect(filter.read(a)).toEqual({ preset: 'last_30_days', from: null, to: null });
  });

  it('keeps custom days, and reads a broken custom range or an unknown preset as Show all', () => {
    const a = qs('');
    filter.write(a, custom('2026-11-01', '2026-11-20'));
    expect(a.toString()).toBe('date=custom&from=2026-11-01&to=2026-11-20');
    expect(filter.read(a)).toEqual(custom('2026-11-01', '2026-11-20'));
    expect(filter.read(qs('date=custom&from=2026-11-20&to=2026-11-01'))).toEqual(ALL_DATES);
    expect(filter.read(qs('date=custom&from=2026-11-01&to=2027-01-01'))).toEqual(ALL_DATES);
    expect(filter.read(qs('date=yesterday'))).toEqual(ALL_DATES);
  });

  it('writes nothing for the initial range and counts only another as applied', () => {
    const a = qs('');
    filter.write(a, ALL_DATES);
    expect(a.toString()).toBe('');
    expect(filter.applied(ALL_DATES)).toBe(0);
    expect(filter.applied({ preset: 'today', from: null, to: null })).toBe(1);
  });
});
