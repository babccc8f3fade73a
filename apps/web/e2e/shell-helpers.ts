/** Helpers for the signed-in console's specs (shell, dashboard, gating, guard). */
import { expect, type Page } from '@playwright/test';
import type { RegistrationInfo } from '@wayguard/contracts';

export const API = '/api/mobile/admin';

type Credentials = { username: string; password: string };

/** Signs in through the login form; `origin` is where the guard would have sent the user back to. */
export async function logIn(page: Page, user: Credentials, origin?: string): Promise<void> {
  await page.goto(origin ? `/login?origin=${encodeURIComponent(origin)}` : '/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
}

/** Signs in and waits for the shell (a user with no pending gate). */
export async function logInToShell(page: Page, user: Credentials, origin?: string): Promise<void> {
  await logIn(page, user, origin);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

/** The session's registration info, read with the browser's own cookie. */
export async function registrationInfo(page: Page): Promise<RegistrationInfo> {
  const res = await page.request.get(`${API}/registration_info`);
  expect(res.status()).toBe(200);
  return (await res.json()) as RegistrationInfo;
}

export async function sessionMarker(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('wg.session'));
}

export function rail(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}
