/** Helpers of the user details and settings specs (000 §2.8, 002 §2.7): who signs in, ids, the page's parts. */
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import type { UserDetails } from '@wayguard/contracts';
import { API, findListedUser } from '../api-helpers';
import { openAs } from '../sessions';
import { staff } from '../demo';

export { postAsPage } from '../api-helpers';

/** Longer waits than the config's 10 s: these flows are long and the machine may be shared by parallel runs. */
export const expect = baseExpect.configure({ timeout: 25_000 });

/** The Console Admin of these specs (own profile: e-mail, password, two-factor). */
export const KATIE = { ...staff('katie.adams31'), fullName: 'Katie Adams' } as const;
/** A Wayguard User who looks at their own settings and at other users (read only). */
export const LIAM = { ...staff('liam.hughes32'), fullName: 'Liam Hughes' } as const;

/** Demo users these specs may change, by what they are in the demo data. */
export const TARGETS = {
  /** activated Wayguard Users */
  profileEdit: 'ben.hughes22',
  typeChange: 'daniel.baker24',
  /** activated Wayguard User with a failed e-mail delivery (index 39 of the seed's combined list, 39 % 17 = 5) */
  failedEmail: 'jack.davies30',
  requestsAdmin: 'isla.green29',
  passwordReset: 'grace.clarke27',
  awaiting: 'harry.king28',
  deactivated: 'chloe.evans23',
  resetTarget: 'sophie.green39',
} as const;

/** Opens the console signed in as `user`, with the saved state (sessions.ts; these users have no gate). */
export const signIn = openAs;

/** The id of the user with exactly this username. */
export async function userId(page: Page, username: string): Promise<number> {
  return (await findListedUser(page.request, username)).id;
}

export async function apiUser(page: Page, id: number): Promise<UserDetails> {
  const res = await page.request.get(`${API}/users/details`, { params: { id: String(id) } });
  expect(res.status()).toBe(200);
  return (await res.json()) as UserDetails;
}

/** Opens /users/{id}[/settings] of a username and waits for the page; answers the id. */
export async function openUser(page: Page, username: string, sub: '' | '/settings' = ''): Promise<number> {
  const id = await userId(page, username);
  await page.goto(`/users/${id}${sub}`);
  await expect(page.getByTestId('user-status')).toBeVisible();
  return id;
}

/** A toast (Mantine notifications are alerts) with this text. */
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

export const userMenu = (page: Page) => page.getByRole('navigation', { name: 'User pages' });
export const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** A value of a label/value card (Profile Information, Profile Details, User Access). */
export function valueOf(page: Page, card: string, label: string) {
  return section(page, card)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Puts a password back through the API (sign-in, then POST /change_password), so that a failed test
 * cannot leave the demo user with another password. Does nothing when `current` does not sign in.
 */
export async function restorePassword(
  request: APIRequestContext,
  username: string,
  current: string,
  wanted: string,
): Promise<void> {
  const headers = { 'x-forwarded-for': `10.201.${Math.floor(Math.random() * 250)}.1`, 'x-csrf-token': 'anonymous' };
  const login = await request.post(`${API}/login`, { data: { username, password: current }, headers });
  const body = (await login.json()) as { success: boolean; csrf_token: string | null };
  if (!body.success || !body.csrf_token) return;
  const res = await request.post(`${API}/change_password`, {
    data: { password: wanted },
    headers: { ...headers, 'x-csrf-token': body.csrf_token },
  });
  expect(res.status()).toBe(200);
}
