/**
 * Helpers for the signed-in console's specs (shell, dashboard, gating, guard). Signing in through the
 * form is for the specs about signing in and the guard; the others open the console with a saved
 * state (`openAs`, sessions.ts).
 */
import { expect, type Page } from '@playwright/test';
import { rail, signInThroughForm, type Credentials } from './sessions';

export { API, registrationInfo } from './api-helpers';
export { openAs, rail } from './sessions';

/** Signs in through the login form; `origin` is where the guard would have sent the user back to. */
export const logIn = signInThroughForm;

/** Signs in through the login form and waits for the shell (a user with no pending gate). */
export async function logInToShell(page: Page, user: Credentials, origin?: string): Promise<void> {
  await logIn(page, user, origin);
  await expect(rail(page)).toBeVisible();
}

export async function sessionMarker(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('wg.session'));
}
