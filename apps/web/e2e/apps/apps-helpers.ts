/**
 * Helpers of the apps specs (issue 12; 001 §2.4, §4; 002 §2.6, §4.4): who signs in, the app request
 * lists and apps pages as the API answers them, and the screen's pieces. The Northfield specs change
 * only Northfield's demo app requests and app assignments (demo-apps.ts), each file its own apps.
 */
import type { Page } from '@playwright/test';
import type { AppRequestsListResponse, MobileAppsResponse } from '@wayguard/contracts';
import { API, postAsPage } from '../api-helpers';
import { expect } from '../requests/requests-helpers';

export { CONSOLE_USER, REQ_ADMIN, expect, openAs, toastWith } from '../requests/requests-helpers';

/** Northfield's teacher (Taylor Brooks, several tablets) and the first tablet, which reports its installs. */
export const TEACHER = { username: 'teacher' } as const;
export const TABLET = 'NFMB2001';

export async function apiAppRequests(
  page: Page,
  params: { state: 'pending' | 'approved' | 'denied'; status: 'admin' | 'tech' | 'all' },
): Promise<AppRequestsListResponse> {
  const res = await page.request.get(`${API}/app_requests`, { params: { count: '100', ...params } });
  expect(res.status()).toBe(200);
  return (await res.json()) as AppRequestsListResponse;
}

export async function apiMobileApps(
  page: Page,
  params: { id: string } | { user_id: string },
): Promise<MobileAppsResponse> {
  const res = await page.request.get(`${API}/devices/mobile_apps`, { params: { count: '100', ...params } });
  expect(res.status()).toBe(200);
  return (await res.json()) as MobileAppsResponse;
}

/** POST /app_requests with the page's session (another admin acting meanwhile). */
export async function denyByApi(page: Page, packageName: string, status: 'admin' | 'tech' = 'admin') {
  const res = await postAsPage(page, '/app_requests', { package_name: [packageName], action: 'deny', status });
  expect(res.status(), await res.text()).toBe(200);
}

export const appsTable = (page: Page, caption: 'App requests' | 'Apps') => page.getByRole('table', { name: caption });

/** The app names the table shows, in order. */
export async function shownApps(page: Page, caption: 'App requests' | 'Apps'): Promise<string[]> {
  return (await appsTable(page, caption).locator('tbody th[scope="row"]').allInnerTexts()).map((t) => t.trim());
}
