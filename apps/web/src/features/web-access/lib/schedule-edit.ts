/**
 * The weekly schedule editor's pure half (docs/design/policy.md 'Rules'; contracts web-access/schedule.ts):
 * windows as the form holds them (day, 'HH:MM' from and to), turned into the contract's windows and
 * back, checked with the contract's schema so the editor and the server say the same thing.
 *
 * A window whose end is before its start crosses midnight into the next day; an end of 00:00 is the
 * end of the day (to_minute 1440).
 */
import {
  MINUTES_PER_DAY,
  SCHEDULE_WINDOWS_MAX,
  weeklySchedule,
  type ScheduleWindow,
  type WeeklySchedule,
} from '@wayguard/contracts';

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export type WindowDraft = { day: number; from: string; to: string };

/** 'HH:MM' (24 hours) to minutes after midnight, or null when it is not a time. */
export function parseTime(value: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight as 'HH:MM'; the end of the day (1440) reads 00:00. */
export function formatTime(minutes: number): string {
  const m = minutes % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export const toDraft = (w: ScheduleWindow): WindowDraft => ({
  day: w.day,
  from: formatTime(w.from_minute),
  to: formatTime(w.to_minute),
});

/** A new window: the day after the last one's (Monday first), 09:00 to 17:00. */
export function newWindow(windows: readonly WindowDraft[]): WindowDraft {
  const last = windows.at(-1);
  return { day: last ? (last.day + 1) % 7 : 1, from: '09:00', to: '17:00' };
}

export const canAddWindow = (windows: readonly unknown[]) => windows.length < SCHEDULE_WINDOWS_MAX;

export type ScheduleCheck = { ok: true; schedule: WeeklySchedule } | { ok: false; errors: ScheduleErrors };
/** `form`: about the whole schedule; `windows[i]`: about one window. */
export type ScheduleErrors = { form?: string; windows: Record<number, string> };

export const TIME_INVALID = 'Please enter a time as HH:MM';

/** The drafts as the contract's schedule, or the messages to show (the contract's own). */
export function checkSchedule(drafts: readonly WindowDraft[]): ScheduleCheck {
  const errors: ScheduleErrors = { windows: {} };
  const windows: ScheduleWindow[] = [];
  drafts.forEach((d, i) => {
    const from = parseTime(d.from);
    const to = parseTime(d.to);
    if (from === null || to === null) {
      errors.windows[i] = TIME_INVALID;
      return;
    }
    // 00:00 as an end is the end of the day; as a start with the same end it stays empty (refused).
    windows.push({ day: d.day, from_minute: from, to_minute: to === 0 && from !== 0 ? MINUTES_PER_DAY : to });
  });
  if (Object.keys(errors.windows).length > 0) return { ok: false, errors };
  const parsed = weeklySchedule.safeParse({ windows });
  if (parsed.success) return { ok: true, schedule: parsed.data };
  for (const issue of parsed.error.issues) {
    const [key, index] = issue.path;
    if (key === 'windows' && typeof index === 'number') errors.windows[index] ??= issue.message;
    else errors.form ??= issue.message;
  }
  return { ok: false, errors };
}

/** Whether a window runs past midnight into the next day. */
export function crossesMidnight(w: Pick<ScheduleWindow, 'from_minute' | 'to_minute'>): boolean {
  return w.from_minute > w.to_minute;
}

/** 'Mon 22:00 – Tue 07:00', 'Sat 09:00 – 24:00'. */
export function describeWindow(w: ScheduleWindow): string {
  const end = w.to_minute === MINUTES_PER_DAY ? '24:00' : formatTime(w.to_minute);
  const endDay = crossesMidnight(w) ? `${DAY_SHORT[(w.day + 1) % 7]} ` : '';
  return `${DAY_SHORT[w.day]} ${formatTime(w.from_minute)} – ${endDay}${end}`;
}

/** The schedule in a line, e.g. 'Mon 09:00 – 17:00, Tue 09:00 – 17:00'. */
export function describeSchedule(schedule: WeeklySchedule | null): string {
  return schedule ? schedule.windows.map(describeWindow).join(', ') : '';
}

/** The editor's starting rule: the node's own rule, else the opposite of what applies now. */
export function initialScheduleRule(row: {
  own_access: 'ALLOW' | 'BLOCK' | 'INHERIT';
  access: 'ALLOW' | 'BLOCK';
}): 'allow' | 'block' {
  if (row.own_access === 'ALLOW') return 'allow';
  if (row.own_access === 'BLOCK') return 'block';
  return row.access === 'ALLOW' ? 'block' : 'allow';
}

/** The rule's end, kept when the schedule changes; an end already past is dropped (the server refuses it). */
export function keptExpiry(expiresAt: string | null, now = Date.now()): string | undefined {
  if (!expiresAt) return undefined;
  const t = Date.parse(expiresAt);
  return Number.isFinite(t) && t > now ? expiresAt : undefined;
}
