/** The devices list's row texts: alert badge, '---', OS, user links and relative times (001 §2.1-2.2). */
import { describe, expect, it } from 'vitest';
import {
  alertBadgeView,
  deviceUserPath,
  orMissing,
  osLabel,
  policyStateText,
  relativeTime,
} from '../lib/device-labels';
import { sortUsersByLastActive } from '../lib/device-users';

describe('alertBadgeView', () => {
  it('shows the critical count in red when above 0, with an accessible label', () => {
    expect(alertBadgeView({ critical_alert_count: 2, important_alert_count: 5 })).toEqual({
      severity: 'critical',
      count: 2,
      color: 'red',
      label: '2 critical alerts',
    });
  });
  it('else the important count in orange, singular for one', () => {
    expect(alertBadgeView({ critical_alert_count: 0, important_alert_count: 1 })).toEqual({
      severity: 'important',
      count: 1,
      color: 'orange',
      label: '1 important alert',
    });
  });
  it('shows nothing without alerts', () => {
    expect(alertBadgeView({ critical_alert_count: 0, important_alert_count: 0 })).toBeNull();
  });
});

describe('value texts', () => {
  it("reads '---' for a missing value and keeps a present one", () => {
    expect(orMissing('')).toBe('---');
    expect(orMissing('  ')).toBe('---');
    expect(orMissing(null)).toBe('---');
    expect(orMissing(undefined)).toBe('---');
    expect(orMissing('5.14.2')).toBe('5.14.2');
    expect(orMissing(0)).toBe('0');
  });
  it('joins OS and version', () => {
    expect(osLabel('Windows', '11')).toBe('Windows 11');
    expect(osLabel('Android', '')).toBe('Android');
    expect(osLabel('', null)).toBe('---');
  });
});

describe('deviceUserPath', () => {
  it('links a console user to /users/{id} and a server or local user to /users/server_users/{id}', () => {
    expect(deviceUserPath({ id: 4, type: 'user' })).toBe('/users/4');
    expect(deviceUserPath({ id: 9, type: 'server_user' })).toBe('/users/server_users/9');
    expect(deviceUserPath({ id: 10, type: 'local_user' })).toBe('/users/server_users/10');
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const ago = (seconds: number) => now / 1000 - seconds;
  it("says 'Never' for 0", () => expect(relativeTime(0, now)).toBe('Never'));
  it.each([
    [20, 'Just now'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3600, '1 hour ago'],
    [3 * 3600, '3 hours ago'],
    [24 * 3600, 'Yesterday'],
    [3 * 86400, '3 days ago'],
    [65 * 86400, '2 months ago'],
    [800 * 86400, '2 years ago'],
  ])('%i seconds ago reads %s', (seconds, text) => {
    expect(relativeTime(ago(seconds), now)).toBe(text);
  });
});

describe('sortUsersByLastActive', () => {
  it('puts the newest last_active first without changing the input', () => {
    const users = [
      { name: 'b', last_active: 10 },
      { name: 'a', last_active: 30 },
      { name: 'c', last_active: 0 },
    ];
    expect(sortUsersByLastActive(users).map((u) => u.name)).toEqual(['a', 'b', 'c']);
    expect(users.map((u) => u.name)).toEqual(['b', 'a', 'c']);
  });
});

describe('policyStateText (issue 26)', () => {
  it('names the policy by its number, never its hash', () => {
    expect(policyStateText({ state: 'applied', number: 3 })).toBe('Version 3 · Applied');
    expect(policyStateText({ state: 'pending', number: 4 })).toBe('Version 4 · Pending');
    expect(policyStateText({ state: 'pending', number: 0 })).toBe('Pending');
  });
});
