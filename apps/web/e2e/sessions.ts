/**
 * Signing in for the browser tests. Most specs only need to be signed in: they open the console with
 * a browser state saved once per user (`openAs`; the setup project `auth.setup.ts` saves it), so no
 * test pays for the login page, the password hash and the redirect again. Specs about signing in,
 * gates, sessions and passwords sign in through the form (`signInThroughForm`), and so does any test
 * that ends its session (Logout, a password or two-factor change), so that the saved one lives on.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { API_BASE, CSRF_HEADER, type LoginResponse } from '@wayguard/contracts';

export type Credentials = { username: string; password: string };

type StorageState = Exclude<Parameters<BrowserContext['setStorageState']>[0], string>;

/** Saved states, one file per username (git-ignored; rewritten at every run by the setup project). */
const AUTH_DIR = fileURLToPath(new URL('.auth/', import.meta.url));
const stateFile = (username: string) => `${AUTH_DIR}${username}.json`;

/** The main navigation rail: the shell is there, so the user is in (no gate pending). */
export const rail = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/**
 * Signs `user` in through the API in this browser context and saves the state (the session cookie,
 * the session marker and the CSRF token in local storage, as the login page leaves them).
 */
export async function saveSignedInState(context: BrowserContext, user: Credentials): Promise<void> {
  const res = await context.request.post(`${API_BASE}/login`, {
    data: { username: user.username, password: user.password },
    headers: { [CSRF_HEADER]: 'anonymous' },
  });
  expect(res.status(), `sign-in of ${user.username}`).toBe(200);
  const body = (await res.json()) as LoginResponse;
  expect(body.success && body.csrf_token, `sign-in of ${user.username}: ${body.error_message}`).toBeTruthy();
  const { cookies } = await context.storageState();
  const state: StorageState = {
    cookies,
    origins: [
      {
        origin: new URL(baseURL()).origin,
        localStorage: [
          // Any 32 alphanumerics: the marker only says a session probably exists (src/lib/session-marker.ts).
          { name: 'wg.session', value: 'e2e'.padEnd(32, '0') },
          { name: 'wg.csrf', value: body.csrf_token ?? '' },
        ],
      },
    ],
  };
  await context.setStorageState(state);
  await mkdir(AUTH_DIR, { recursive: true });
  // Written whole, then renamed: a worker reading it at the same time never sees half a file.
  const tmp = `${stateFile(user.username)}.${process.pid}.${Date.now()}`;
  await writeFile(tmp, JSON.stringify(state));
  await rename(tmp, stateFile(user.username));
}

async function savedState(username: string): Promise<StorageState | null> {
  try {
    return JSON.parse(await readFile(stateFile(username), 'utf8')) as StorageState;
  } catch {
    return null;
  }
}

/**
 * Opens `path` signed in as `user` with the saved state, and waits for the shell. A saved session that
 * no longer works (idle timeout, or a test ended it) sends the app to the login page: then a new
 * sign-in replaces it.
 */
export async function openAs(page: Page, user: Credentials, path = '/'): Promise<void> {
  const context = page.context();
  const saved = await savedState(user.username);
  if (saved) await context.setStorageState(saved);
  else await saveSignedInState(context, user);
  await page.goto(path);
  const loginButton = page.getByRole('button', { name: 'Log in' });
  await expect(rail(page).or(loginButton).first()).toBeVisible({ timeout: 30_000 });
  if (await loginButton.isVisible()) {
    await saveSignedInState(context, user);
    await page.goto(path);
  }
  await expect(rail(page)).toBeVisible({ timeout: 30_000 });
}

/** The e2e server's address (playwright.config.ts). */
function baseURL(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts sets no baseURL');
  return url;
}

/**
 * Signs in through the login form (a session of its own); `origin` is where the guard would have sent
 * the user back to. Waits until the address leaves /login.
 */
export async function signInThroughForm(page: Page, user: Credentials, origin?: string): Promise<void> {
  // A sign-in replaces the session the browser holds (the server rotates it): drop a saved one first,
  // which other tests are using at the same time, so that this sign-in never ends theirs.
  await page.context().clearCookies();
  await page.goto(origin ? `/login?origin=${encodeURIComponent(origin)}` : '/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}
