/** Helpers of the Account Info specs: the users, GET /account and restoring what a test changed. */
import { expect, type Page } from '@playwright/test';
import type { AccountResponse, SocialMediaRequest, UpdateAccountRequest } from '@wayguard/contracts';
import { API, postAsPage } from '../api-helpers';
import { openAs } from '../sessions';
import { staff } from '../demo';

export { postAsPage };

/** Console Admin of Northfield Academy: the only e2e user that changes the Northfield account. */
export const AMELIA = staff('amelia.adams61');
/** Request Admin of Northfield Academy: may read the account, not change it. */
export const MIA = staff('mia.evans33');

export async function openAccount(page: Page, user: { username: string; password: string } = AMELIA) {
  await openAs(page, user, '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Info' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('account-information')).toBeVisible({ timeout: 30_000 });
}

/** Reloads the page and waits for the account (slow machines: the page suspends until it is loaded). */
export async function reloadAccount(page: Page) {
  await page.reload();
  await expect(page.getByTestId('account-information')).toBeVisible({ timeout: 30_000 });
}

export async function getAccount(page: Page): Promise<AccountResponse> {
  const res = await page.request.get(`${API}/account`);
  expect(res.status()).toBe(200);
  return (await res.json()) as AccountResponse;
}

export function detailsRequest(a: AccountResponse): UpdateAccountRequest {
  return { address: a.address.map((l) => l.value), telephone: a.telephone };
}

export function socialRequest(a: AccountResponse): SocialMediaRequest {
  return { profiles: a.social_media.map((s) => ({ value: s.value })) };
}

/** Puts back the address, telephone and social handles read before a test. */
export async function restoreAccount(page: Page, before: AccountResponse): Promise<void> {
  expect((await postAsPage(page, '/account', detailsRequest(before))).status()).toBe(200);
  expect((await postAsPage(page, '/account/social_media', socialRequest(before))).status()).toBe(200);
}

/** The card (a labelled section) of the account page. */
export const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The success or error toast with this text. */
export const toastWith = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Serves GET /account with some fields changed, for states the demo account is not in. */
export async function withAccount(page: Page, change: (a: AccountResponse) => AccountResponse) {
  await page.route(`**${API}/account`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const res = await route.fetch();
    await route.fulfill({ response: res, json: change((await res.json()) as AccountResponse) });
  });
}
