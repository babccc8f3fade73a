/**
 * How a device's values read on screen (001 §2.1-2.2): kind names, the alert badge with its accessible
 * label, '---' for a missing value, OS with its version, the user link's address and relative times.
 */
import {
  alertBadge,
  MISSING_VALUE,
  type DeviceDetails,
  type DeviceKind,
  type DeviceListItem,
  type DeviceUser,
} from '@wayguard/contracts';
import { paths } from '../../../lib/paths';

export const DEVICE_KIND_LABELS: Record<DeviceKind, string> = { machine: 'PC', mobile: 'Mobile' };

/** A value, or '---' when it is missing (empty, null, undefined). */
export function orMissing(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return MISSING_VALUE;
  const text = String(value).trim();
  return text === '' ? MISSING_VALUE : text;
}

/** 'Windows 11', 'Android', or '---'. */
export function osLabel(os: string, version: string | null | undefined): string {
  return orMissing(
    [os, version ?? '']
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' '),
  );
}

export type AlertBadgeView = { severity: 'critical' | 'important'; count: number; color: string; label: string };

/** The list's alert badge (001 §2.1): critical count in red if above 0, else important count in orange. */
export function alertBadgeView(
  row: Pick<DeviceListItem, 'critical_alert_count' | 'important_alert_count'>,
): AlertBadgeView | null {
  const badge = alertBadge(row);
  if (!badge) return null;
  const noun = badge.count === 1 ? 'alert' : 'alerts';
  return {
    ...badge,
    color: badge.severity === 'critical' ? 'red' : 'orange',
    label: `${badge.count} ${badge.severity} ${noun}`,
  };
}

/** A device user's page: a console user's, or a server or local user's (001 §2.1). */
export function deviceUserPath(user: Pick<DeviceUser, 'id' | 'type'>): string {
  return user.type === 'user' ? paths.users.details.href(user.id) : paths.users.serverUser.href(user.id);
}

export const NEVER = 'Never';

/**
 * A past moment relative to now: 'Never' for 0, 'Just now', 'N minutes ago', 'N hours ago',
 * 'Yesterday', 'N days ago', 'N months ago', 'N years ago'.
 */
export function relativeTime(unixSeconds: number, nowMs: number = Date.now()): string {
  if (!unixSeconds) return NEVER;
  const seconds = Math.max(0, Math.round(nowMs / 1000 - unixSeconds));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Yesterday';
  if (days < 30) return plural(days, 'day');
  const months = Math.floor(days / 30);
  if (months < 12) return plural(months, 'month');
  return plural(Math.floor(days / 365), 'year');
}

/**
 * The policy as a person reads it (issue 26): its number and whether the device applies it, 'Version 3 ·
 * Applied' or 'Version 4 · Pending'; no number before the device's first policy.
 */
export function policyStateText(policy: Pick<DeviceDetails['policy'], 'state' | 'number'>): string {
  const state = policy.state === 'applied' ? 'Applied' : 'Pending';
  return policy.number > 0 ? `Version ${policy.number} · ${state}` : state;
}
