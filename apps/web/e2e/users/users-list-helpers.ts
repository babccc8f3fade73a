/** Helpers of the users list specs: who signs in, the list as the API answers it, the table as shown. */
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import type { UsersListResponse } from '@wayguard/contracts';
import { API, findListedUser } from '../api-helpers';
import { openAs } from '../sessions';
import { staff } from '../demo';

export { postAsPage } from '../api-helpers';

/**
 * These specs run while other engineers' runs load the same machine: waits are long, so that a slow
 * moment is not a failure (a real failure still fails, only later).
 */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** A Console Admin of Northfield (the signed-in admin of these specs) and a Request Admin (read only). */
export const ADMIN = { ...staff('katie.adams11'), fullName: 'Katie Adams' } as const;
export const REQUEST_ADMIN = staff('ella.jones5');

/** Demo users these specs may change (and put back), by what they are in the demo data. */
export const MINE = {
  activated: ['ben.hughes2', 'chloe.evans3', 'daniel.baker4', 'grace.clarke7', 'harry.king8'],
  awaiting: 'jack.davies10',
  passwordReset: 'nathan.baker14',
  deactivated: 'liam.hughes12',
  serverUser: 'year9.eli@northfield.local',
} as const;

/** Opens the console signed in as `user`, with the saved state (sessions.ts). */
export const signIn = openAs;

export async function signInAdmin(page: Page): Promise<void> {
  await openAs(page, ADMIN);
}

/** The default list parameters as the address holds them. */
export const DEFAULT_PARAMS = { page: '1', count: '25', sort_by: 'username', reverse_order: '0' } as const;

export async function apiUsers(page: Page, params: Record<string, string>): Promise<UsersListResponse> {
  const res = await page.request.get(`${API}/users`, { params });
  expect(res.status()).toBe(200);
  return (await res.json()) as UsersListResponse;
}

/** The id of a user (console, server or local) with exactly this username. */
export async function userId(page: Page, username: string): Promise<number> {
  return (await findListedUser(page.request, username)).id;
}

export const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

/** Waits until the table shows the answer to its current parameters (not the previous page, not skeletons). */
export async function settled(page: Page): Promise<void> {
  await expect(usersTable(page)).toHaveAttribute('aria-busy', 'false');
}

/** The usernames shown, in order (each row's header cell). */
export async function shownUsernames(page: Page): Promise<string[]> {
  await settled(page);
  return usersTable(page).locator('tbody th[scope="row"]').allTextContents();
}

/** The parameters in the address, as a plain object. */
export function addressParams(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/**
 * The table shows the API's page for the address's parameters. Other specs change users at the same
 * time, so a mismatch is retried with a fresh read of both (reloading also proves the state survives).
 */
export async function expectRowsMatchApi(page: Page): Promise<void> {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const shown = await shownUsernames(page);
    const { users } = await apiUsers(page, addressParams(page));
    expect(shown).toEqual(users.map((u) => u.username));
  }).toPass({ timeout: 30_000 });
}

/** The table row of a user (its row header is the username). */
export function userRow(page: Page, username: string): Locator {
  return usersTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: username, exact: true }) });
}

/** Searches the list for one username and waits for its row, as the search's answer shows it. */
export async function findUser(page: Page, username: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Search users' });
  await box.fill(username);
  const answer = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === `${API}/users` && url.searchParams.get('query') === username;
  });
  await box.press('Enter');
  await answer;
  await settled(page);
  const row = userRow(page, username);
  await expect(row).toBeVisible();
  return row;
}

export async function openRowMenu(page: Page, username: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${username}`, exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

declare global {
  interface Window {
    __wgToasts?: string[];
  }
}

/**
 * Records the text of every toast (Mantine notifications are role=alert) as it appears. A success
 * toast lasts 3 s; on a loaded machine a poll can miss it, a MutationObserver cannot.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__wgToasts = [];
    const seen = window.__wgToasts;
    const scan = () => {
      for (const el of document.querySelectorAll('[role="alert"]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** A toast with this text has appeared since the page loaded (recordToasts). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => (await page.evaluate(() => window.__wgToasts ?? [])).some((t) => t.includes(text)), {
      message: `toast '${text}'`,
    })
    .toBe(true);
}

/** Forgets the toasts seen so far (to expect the same text again). */
export async function clearToasts(page: Page): Promise<void> {
  await page.evaluate(() => window.__wgToasts?.splice(0));
}
