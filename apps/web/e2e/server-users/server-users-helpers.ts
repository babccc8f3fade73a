/** Helpers of the server user specs: ids by username, signed-in API calls, and the demo users they use. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ServerUserDetails } from '@wayguard/contracts';
import { API, findListedUser } from '../api-helpers';
import { openAs } from '../sessions';
import { staff } from '../demo';

export { postAsPage } from '../api-helpers';

/** Signed-in staff of Northfield (filler users): a Console Admin and a Request Admin. */
export const STAFF = {
  consoleAdmin: staff('amelia.adams41'),
  requestsAdmin: staff('isla.green49'),
} as const;

/** Server and local users of the demo data, and who may change what in these specs. */
export const SU = {
  /** Read only: a domain user with two PCs. */
  ahmed: 'year7.ahmed@northfield.local',
  /** Read only: settings views. */
  carlos: 'year8.carlos@northfield.local',
  /** Options switched on and back off. */
  farah: 'year10.farah@northfield.local',
  /** Deleted, then undeleted. */
  george: 'year11.george@northfield.local',
  /** Deleted in the demo data: undeleted, then deleted again. */
  library: 'staff.library@northfield.local',
  /** Read only: a local Windows user without devices. */
  lab02: 'student@NF-LAB02',
} as const;

/** Opens the console signed in as `user`, with the saved state (sessions.ts). */
export const signIn = openAs;

/** The id of a server or local user found through the users list of the signed-in session. */
export async function serverUserId(request: APIRequestContext, username: string): Promise<number> {
  const row = await findListedUser(request, username, (u) => ['server_user', 'local_user'].includes(u.type.type));
  return row.id;
}

export async function serverUserDetails(page: Page, id: number): Promise<ServerUserDetails> {
  const res = await page.request.get(`${API}/server_users/details`, { params: { id } });
  expect(res.status()).toBe(200);
  return (await res.json()) as ServerUserDetails;
}

export const serverUserUrl = (id: number) => `/users/server_users/${id}`;
export const settingsUrl = (id: number) => `${serverUserUrl(id)}/settings`;

/** The page's left menu of the server user pages. */
export const userMenu = (page: Page) => page.getByRole('navigation', { name: 'User pages' });

/** A toast (Mantine notifications are alerts) with this text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
