/**
 * The device pages' links into the classic console (001 §2.2-2.3: legacy pages open in a new tab with
 * query parameters id, unlock, repair, status), built on registration_info's classic_console_url.
 * The classic console's paths are ours (docs/decisions/devices.md "Classic console paths").
 */
import { classicPageUrl } from '../../../lib/classic-console';

export const CLASSIC_DEVICE_PATHS = {
  processHistory: '/process-history',
  machine: '/machine',
  mobile: '/mobile',
  safeSearchSchedule: '/machine/safe-search-schedule',
} as const;

/** A machine's Apps entry: the process history page, by serial (001 §2.2). */
export function processHistoryUrl(base: string, serial: string): string {
  return classicPageUrl(base, CLASSIC_DEVICE_PATHS.processHistory, { serial });
}

/** Hardware Repair's 'Request' (001 §2.3). */
export function hardwareRepairUrl(base: string, serial: string): string {
  return classicPageUrl(base, CLASSIC_DEVICE_PATHS.machine, { id: serial, repair: '1' });
}

/** Unlock Device of a machine (001 §2.3). */
export function unlockMachineUrl(base: string, serial: string): string {
  return classicPageUrl(base, CLASSIC_DEVICE_PATHS.machine, { id: serial, unlock: '1' });
}

/** Lock or Unlock Device of a mobile (001 §2.3). */
export function mobileLockStatusUrl(base: string, serial: string): string {
  return classicPageUrl(base, CLASSIC_DEVICE_PATHS.mobile, { id: serial, status: '1' });
}

/** Safe Search's Schedule, machines only (002 §2.2). */
export function safeSearchScheduleUrl(base: string, serial: string): string {
  return classicPageUrl(base, CLASSIC_DEVICE_PATHS.safeSearchSchedule, { id: serial });
}
