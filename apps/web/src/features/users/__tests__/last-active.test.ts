import { describe, expect, it } from 'vitest';
import { formatLastActive, lastActiveMarker } from '../lib/last-active';

const none = {
  awaiting_activation: false,
  password_reset: false,
  deactivated: false,
  not_active_last_30_days: false,
  active_last_30_days: false,
  active_past_hour: false,
  failed_email_delivery: false,
};

describe('lastActiveMarker (000 §4.4 precedence)', () => {
  it('puts the status before the activity window', () => {
    expect(lastActiveMarker({ ...none, awaiting_activation: true, active_past_hour: true }).label).toBe(
      'Awaiting activation',
    );
    expect(lastActiveMarker({ ...none, password_reset: true, deactivated: true }).label).toBe(
      'Password has been reset',
    );
    expect(lastActiveMarker({ ...none, deactivated: true, active_last_30_days: true }).label).toBe('Deactivated');
  });

  it('then 30d+, 30d, 1h, else Never', () => {
    expect(lastActiveMarker({ ...none, not_active_last_30_days: true }).label).toBe('30d+');
    expect(lastActiveMarker({ ...none, active_last_30_days: true }).label).toBe('30d');
    expect(lastActiveMarker({ ...none, active_past_hour: true }).label).toBe('1h');
    expect(lastActiveMarker({ ...none, failed_email_delivery: true }).label).toBe('Never');
  });
});

describe('formatLastActive', () => {
  const now = new Date(2026, 10, 21, 15, 0, 0);
  const at = (d: Date) => Math.floor(d.getTime() / 1000);

  it('reads Today, Yesterday and N days ago by calendar day', () => {
    expect(formatLastActive(at(new Date(2026, 10, 21, 0, 5)), now)).toBe('Today');
    expect(formatLastActive(at(new Date(2026, 10, 20, 23, 55)), now)).toBe('Yesterday');
    expect(formatLastActive(at(new Date(2026, 10, 19, 12, 0)), now)).toBe('2 days ago');
    expect(formatLastActive(at(new Date(2026, 10, 15, 12, 0)), now)).toBe('6 days ago');
  });

  it('shows the date from 7 days on, and Never for zero', () => {
    expect(formatLastActive(at(new Date(2026, 10, 14, 12, 0)), now)).toBe('14 Nov 2026');
    expect(formatLastActive(0, now)).toBe('Never');
  });
});
