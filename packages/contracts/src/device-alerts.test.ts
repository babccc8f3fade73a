import { describe, expect, it } from 'vitest';
import { aggregateAlerts, type DeviceAlert } from './devices/alerts.js';

const alert = (code: number, group_id: DeviceAlert['group_id'] = 'critical_warning'): DeviceAlert => ({
  code,
  group_id,
  title: `Alert ${code}`,
  description: '',
});

describe('aggregateAlerts: the Device Alerts card (001 §4)', () => {
  it("puts a machine alert whose code is in no tab in an 'Other' tab, so every alert is shown", () => {
    const agg = aggregateAlerts('machine', [alert(410, 'update_failure')]);
    expect(agg.total).toBe(1);
    expect(agg.tabs.map((t) => t.key)).toEqual(['internet', 'tamper', 'validation', 'other']);
    expect(agg.tabs.find((t) => t.key === 'other')?.alerts.map((a) => a.code)).toEqual([410]);
    expect(agg.initialTab).toBe('other');
  });

  it('counts every alert exactly once and opens on the first spec tab with alerts', () => {
    const agg = aggregateAlerts('machine', [alert(999, 'general_alert'), alert(302), alert(200), alert(201)]);
    expect(agg.total).toBe(4);
    expect(agg.tabs.map((t) => [t.key, t.alerts.length])).toEqual([
      ['internet', 1],
      ['tamper', 1],
      ['validation', 1],
      ['other', 1],
    ]);
    expect(agg.initialTab).toBe('internet');
  });

  it("shows no 'Other' tab when every code has its tab", () => {
    const agg = aggregateAlerts('machine', [alert(308, 'service_alert')]);
    expect(agg.tabs.map((t) => t.key)).toEqual(['internet', 'tamper', 'validation']);
    expect(agg.initialTab).toBe('tamper');
  });

  it("keeps the critical rule to the three spec tabs: an 'Other' critical warning neither makes nor breaks it", () => {
    expect(aggregateAlerts('machine', [alert(200), alert(302), alert(201)]).critical).toBe(true);
    expect(aggregateAlerts('machine', [alert(200), alert(302), alert(201), alert(999, 'general_alert')]).critical).toBe(
      true,
    );
    expect(aggregateAlerts('machine', [alert(200), alert(302), alert(999)]).critical).toBe(false);
  });

  it('shows a mobile every alert in one tab, critical with an update failure', () => {
    const agg = aggregateAlerts('mobile', [alert(410, 'update_failure'), alert(5, 'general_alert')]);
    expect(agg.tabs).toHaveLength(1);
    expect(agg.total).toBe(2);
    expect(agg.critical).toBe(true);
  });
});
