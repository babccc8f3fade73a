/**
 * Date range with presets, the request lists' 'Date filter' (000 §9 'Date filter options'; 001 §4
 * 'Date filter', §5 'Date range', §9 'Date presets'): Show all, Today, Last 7 days, Last 30 days,
 * Last 6 months, Custom dates. No future dates; To not before From; in the calendar the first click
 * sets the start, the second the end, and a click before the start starts again from there. Days show
 * as YYYY/MM/DD.
 *
 * The address keeps the preset (so 'Last 7 days' stays the last seven days when the view is restored a
 * week later) and, for Custom, the two days as YYYY-MM-DD. The list call gets unix seconds from the
 * start of the first day to the end of the last, in the browser's time zone (lib/dates.ts). The UI
 * piece is DateRangeFilter.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FILTER_PRESETS, type DateFilterPreset } from '@wayguard/contracts';
import type { FilterKind } from './filter-kind';

/** A day as the address and the calendar hold it. */
export const DAY_FORMAT = 'YYYY-MM-DD';
/** A day as the spec shows it (001 §5). */
export const DAY_LABEL_FORMAT = 'YYYY/MM/DD';

export type DateRange = { preset: DateFilterPreset; from: string | null; to: string | null };

/** Days being picked in the calendar: a start, then an end. */
export type DayPick = { start: string | null; end: string | null };

export const ALL_DATES: DateRange = { preset: 'all', from: null, to: null };

const PRESET_KEYS = new Set<string>(DATE_FILTER_PRESETS.map((p) => p.key));

export function today(now: Dayjs = dayjs()): string {
  return now.format(DAY_FORMAT);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30), not after today. */
export function isPickableDay(day: string | null, now: Dayjs = dayjs()): day is string {
  if (day === null || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = dayjs(day);
  return d.isValid() && d.format(DAY_FORMAT) === day && day <= today(now);
}

/** The first and last day a preset covers, counting today; null for Show all (and Custom, whose days are its own). */
export function presetDays(preset: DateFilterPreset, now: Dayjs = dayjs()): DayPick | null {
  const end = today(now);
  const back = (n: number, unit: 'day' | 'month') => now.subtract(n, unit).format(DAY_FORMAT);
  switch (preset) {
    case 'today':
      return { start: end, end };
    case 'last_7_days':
      return { start: back(6, 'day'), end };
    case 'last_30_days':
      return { start: back(29, 'day'), end };
    case 'last_6_months':
      return { start: back(6, 'month'), end };
    default:
      return null;
  }
}

/** The calendar's next click (001 §4): a start, then an end; a click before the start (or after a full range) starts again. */
export function clickDay(pick: DayPick, day: string): DayPick {
  if (pick.start === null || pick.end !== null || day < pick.start) return { start: day, end: null };
  return { start: pick.start, end: day };
}

/**
 * The day that was clicked, told from the calendar's own idea of the new range (Mantine's range
 * picker sorts the two days and clears the range on a second click of the start; 001 §4 wants neither).
 */
export function clickedDay(before: DayPick, after: [string | null, string | null]): string | null {
  const [a, b] = after;
  if (before.start !== null && before.end === null) {
    if (a === null && b === null) return before.start;
    if (a !== null && b !== null) return a === before.start ? b : a;
  }
  return a;
}

/** A range is whole when it has no dates (Show all, a preset) or two pickable days in order. */
export function isValidRange(range: DateRange, now: Dayjs = dayjs()): boolean {
  if (range.preset !== 'custom') return true;
  return isPickableDay(range.from, now) && isPickableDay(range.to, now) && range.from <= range.to;
}

/** The days a range covers (a preset's as of today), or null for Show all. */
export function rangeDays(range: DateRange, now: Dayjs = dayjs()): DayPick | null {
  if (range.preset === 'custom') return { start: range.from, end: range.to };
  return presetDays(range.preset, now);
}

/** The filter button's text: the preset's name, or the custom days as 'YYYY/MM/DD – YYYY/MM/DD'. */
export function rangeLabel(range: DateRange): string {
  if (range.preset === 'custom' && range.from && range.to) {
    const f = (d: string) => dayjs(d).format(DAY_LABEL_FORMAT);
    return range.from === range.to ? f(range.from) : `${f(range.from)} – ${f(range.to)}`;
  }
  return DATE_FILTER_PRESETS.find((p) => p.key === range.preset)?.label ?? 'Show all';
}

/** Unix seconds from the start of the first day to the end of the last, in the browser's time zone. */
export function rangeSeconds(range: DateRange, now: Dayjs = dayjs()): { from: number; to: number } | null {
  const days = rangeDays(range, now);
  if (!days?.start || !days.end) return null;
  return { from: dayjs(days.start).startOf('day').unix(), to: dayjs(days.end).endOf('day').unix() };
}

type Options<P extends string> = {
  /** Address parameters: the preset, and the custom days. */
  param?: string;
  fromParam?: string;
  toParam?: string;
  /** The list call's names for the unix-second bounds (001 §7 GET /requests: from, to). */
  apiFrom: P;
  apiTo: P;
  initial?: DateRange;
  /** Today, for tests; the browser's clock otherwise. */
  now?: () => Dayjs;
};

export function dateRangeFilter<P extends string>({
  param = 'date',
  fromParam = 'from',
  toParam = 'to',
  apiFrom,
  apiTo,
  initial = ALL_DATES,
  now = () => dayjs(),
}: Options<P>): FilterKind<DateRange, P> {
  const same = (a: DateRange, b: DateRange) => a.preset === b.preset && a.from === b.from && a.to === b.to;
  return {
    params: [param, fromParam, toParam],
    apiParams: [apiFrom, apiTo],
    initial,
    read: (address) => {
      const preset = address.get(param);
      if (preset === null || !PRESET_KEYS.has(preset)) return initial;
      if (preset !== 'custom') return { preset: preset as DateFilterPreset, from: null, to: null };
      const range: DateRange = { preset: 'custom', from: address.get(fromParam), to: address.get(toParam) };
      return isValidRange(range, now()) ? range : initial;
    },
    write: (address, range) => {
      if (same(range, initial) || !isValidRange(range, now())) return;
      address.set(param, range.preset);
      if (range.preset === 'custom' && range.from && range.to) {
        address.set(fromParam, range.from);
        address.set(toParam, range.to);
      }
    },
    toApi: (range) => {
      const s = rangeSeconds(range, now());
      return s ? ({ [apiFrom]: s.from, [apiTo]: s.to } as Partial<Record<P, number>>) : {};
    },
    applied: (range) => (same(range, initial) ? 0 : 1),
  };
}
