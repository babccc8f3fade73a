/**
 * "Last active" as the spec shows it (000 §4.4). In lists: one marker chosen by precedence (status
 * first, then the activity window). Elsewhere: Today, Yesterday, 'N days ago' (under 7 days), a full
 * date, or Never when zero; calendar days in the user's time zone.
 */
import dayjs from 'dayjs';
import type { UserListItem } from '@wayguard/contracts';
import { formatDate } from '../../../lib/dates';

export type LastActiveMarker = {
  /** Short text shown in the list. */
  label: string;
  /** Longer text for a tooltip or an accessible name. */
  description: string;
  key:
    | 'awaiting_activation'
    | 'password_reset'
    | 'deactivated'
    | 'not_active_last_30_days'
    | 'active_last_30_days'
    | 'active_past_hour'
    | 'never';
};

const MARKERS: LastActiveMarker[] = [
  { key: 'awaiting_activation', label: 'Awaiting activation', description: 'Awaiting activation' },
  { key: 'password_reset', label: 'Password has been reset', description: 'Password has been reset' },
  { key: 'deactivated', label: 'Deactivated', description: 'Deactivated' },
  { key: 'not_active_last_30_days', label: '30d+', description: 'Not active in the last 30 days' },
  { key: 'active_last_30_days', label: '30d', description: 'Active in the last 30 days' },
  { key: 'active_past_hour', label: '1h', description: 'Active in the past hour' },
];
const NEVER: LastActiveMarker = { key: 'never', label: 'Never', description: 'Never active' };

/** The list's last-active marker: the first flag that is set, in the spec's order; else Never. */
export function lastActiveMarker(filters: UserListItem['filters']): LastActiveMarker {
  return MARKERS.find((m) => m.key !== 'never' && filters[m.key]) ?? NEVER;
}

/** Today, Yesterday, 'N days ago' (2-6), the date (7+ days), or Never for 0. */
export function formatLastActive(unixSeconds: number, now: Date = new Date()): string {
  if (!unixSeconds) return 'Never';
  const days = dayjs(now).startOf('day').diff(dayjs.unix(unixSeconds).startOf('day'), 'day');
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(unixSeconds);
}
