/** Helpers shared by the public auth pages' specs (login, activation, reset password). */
import * as OTPAuth from 'otpauth';
import { expect, type Page } from '@playwright/test';

/** The current (or a past) TOTP code for a base32 secret, as an authenticator app shows it. */
export function totp(secretBase32: string, timestamp = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secretBase32),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp });
}

export async function submitCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Fills the six-digit code entry (the first box takes the whole code) and submits it. */
export async function submitMfaCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Authentication code digit 1 of 6').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signed in: the address left /login and the console shows the user or a post-login gate (000 §4.2). */
export async function expectSignedIn(page: Page, fullName: string): Promise<void> {
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
  const landed = page
    .getByText(fullName)
    .or(page.getByRole('dialog', { name: 'Terms of Use' }))
    .or(page.getByRole('dialog', { name: 'Confirm User Details' }));
  await expect(landed.first()).toBeVisible({ timeout: 15_000 });
}

/** Ticks the captcha and waits for the in-browser proof of work. */
export async function solveCaptcha(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout: 45_000 });
}
