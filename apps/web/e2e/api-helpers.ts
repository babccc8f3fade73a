/** Calls to the console API with a page's session, shared by the specs' helpers. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_BASE, type RegistrationInfo, type UsersListResponse } from '@wayguard/contracts';

export const API = API_BASE;

/** A POST with the page's session (cookie and CSRF token), as another tab of the same user would send it. */
export async function postAsPage(page: Page, path: string, data: unknown) {
  const csrf = await page.evaluate(() => localStorage.getItem('wg.csrf'));
  return page.request.post(`${API}${path}`, { data, headers: { 'x-csrf-token': csrf ?? '' } });
}

/** The session's registration info, read with the browser's own cookie. */
export async function registrationInfo(page: Page): Promise<RegistrationInfo> {
  const res = await page.request.get(`${API}/registration_info`);
  expect(res.status()).toBe(200);
  return (await res.json()) as RegistrationInfo;
}

/** The users list row of exactly this username (console, server or local user) that `keep` accepts. */
export async function findListedUser(
  request: APIRequestContext,
  username: string,
  keep: (row: UsersListResponse['users'][number]) => boolean = () => true,
): Promise<UsersListResponse['users'][number]> {
  const res = await request.get(`${API}/users`, { params: { query: username, count: '100' } });
  expect(res.status()).toBe(200);
  const row = ((await res.json()) as UsersListResponse).users.find((u) => u.username === username && keep(u));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}
