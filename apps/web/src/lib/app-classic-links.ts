/**
 * The mobile apps' links into the classic console (001 §2.3-2.4: the mobile app request page opens in a
 * new tab with request_add; 002 §2.6: the device apps page's 'Add App', each row's schedule). The
 * paths are ours (docs/decisions/apps.md "Apps screens"); shared by the app request lists and the apps pages.
 */
import { classicPageUrl } from './classic-console';

export const CLASSIC_APP_PATHS = {
  request: '/apps/mobile/request',
  schedule: '/apps/mobile/schedule',
  app: '/apps/mobile/app',
} as const;

/** 'Request App' of the app request lists (001 §2.4). */
export function requestAppUrl(base: string): string {
  return classicPageUrl(base, CLASSIC_APP_PATHS.request, { request_add: '1' });
}

/** 'Add App' of a device's apps page (002 §2.6): the request page for that mobile. */
export function addAppUrl(base: string, serial: string): string {
  return classicPageUrl(base, CLASSIC_APP_PATHS.request, { id: serial, request_add: '1' });
}

/** Where an app's schedule for a device or a user is set (002 §2.6 'schedule link'). */
export function appScheduleUrl(base: string, target: { serial: string } | { userId: number }, packageName: string) {
  const who: Record<string, string> = 'serial' in target ? { id: target.serial } : { user_id: String(target.userId) };
  return classicPageUrl(base, CLASSIC_APP_PATHS.schedule, { ...who, package: packageName });
}

/** The app's page for a device in the classic console (the device apps page's more menu). */
export function classicAppUrl(base: string, serial: string, packageName: string): string {
  return classicPageUrl(base, CLASSIC_APP_PATHS.app, { id: serial, package: packageName });
}
