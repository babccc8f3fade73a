/**
 * GET /devices/alerts and the aggregation of 001 §4: a device's open alerts, sorted into the page's tabs.
 */
import { z } from 'zod';
import { ALERT_GROUPS } from '../agent/events.js';
import type { DeviceKind } from './device.js';

export const deviceAlert = z.object({
  code: z.number(),
  group_id: z.enum(ALERT_GROUPS),
  title: z.string(),
  description: z.string(),
});
export type DeviceAlert = z.infer<typeof deviceAlert>;
export const deviceAlertsResponse = z.object({ alerts: z.array(deviceAlert) });
export type DeviceAlertsResponse = z.infer<typeof deviceAlertsResponse>;

/** The machine alert tabs and their codes (001 §4 'Alert aggregation'). */
export const MACHINE_ALERT_TABS = [
  { key: 'internet', label: 'Internet', codes: [200, 300, 309] },
  // 100000: ours, a replacement awaiting an administrator (REPLACEMENT_ALERT_CODE, device-identity.ts).
  { key: 'tamper', label: 'Tamper', codes: [302, 308, 100_000] },
  { key: 'validation', label: 'Validation', codes: [201, 207, 301, 303, 304, 305, 306, 307, 310, 311] },
] as const;
/**
 * Ours: machine alerts whose code is in none of the three tabs (an update_failure 410, say) go to an
 * 'Other' tab, shown only when it holds some, so every open alert the list badge counts is visible
 * on the page (docs/decisions/devices.md "Device details: status, alerts and system information (issue 26)").
 */
export const OTHER_ALERT_TAB = { key: 'other', label: 'Other' } as const;
export type AlertTabKey = (typeof MACHINE_ALERT_TABS)[number]['key'] | typeof OTHER_ALERT_TAB.key | 'all';

export type AlertTab = { key: AlertTabKey; label: string; alerts: DeviceAlert[] };
export type AlertAggregation = {
  tabs: AlertTab[];
  /** Machines: every one of the three tabs holds a critical warning. Mobiles: an update_failure exists. */
  critical: boolean;
  /** The first tab with alerts, in tab order (machines: internet, tamper, validation, other); null without alerts. */
  initialTab: AlertTabKey | null;
  /** Every alert given, each in exactly one tab. */
  total: number;
};

const TAB_CODES: ReadonlySet<number> = new Set(MACHINE_ALERT_TABS.flatMap((t) => [...t.codes]));

/**
 * 001 §4: machines sort their alerts into internet / tamper / validation tabs by code and are critical
 * only if all three tabs hold a critical warning; a code in none of them goes to the 'Other' tab (ours,
 * not part of the critical rule); mobiles have one tab and are critical if any alert is an update_failure.
 */
export function aggregateAlerts(kind: DeviceKind, alerts: readonly DeviceAlert[]): AlertAggregation {
  if (kind === 'mobile') {
    const list = [...alerts];
    return {
      tabs: [{ key: 'all', label: 'Alerts', alerts: list }],
      critical: list.some((a) => a.group_id === 'update_failure'),
      initialTab: list.length > 0 ? 'all' : null,
      total: list.length,
    };
  }
  const specTabs: AlertTab[] = MACHINE_ALERT_TABS.map((t) => ({
    key: t.key,
    label: t.label,
    alerts: alerts.filter((a) => (t.codes as readonly number[]).includes(a.code)),
  }));
  const other = alerts.filter((a) => !TAB_CODES.has(a.code));
  const tabs = other.length > 0 ? [...specTabs, { ...OTHER_ALERT_TAB, alerts: other }] : specTabs;
  return {
    tabs,
    critical: specTabs.every((t) => t.alerts.some((a) => a.group_id === 'critical_warning')),
    initialTab: tabs.find((t) => t.alerts.length > 0)?.key ?? null,
    total: tabs.reduce((n, t) => n + t.alerts.length, 0),
  };
}
