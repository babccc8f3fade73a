/**
 * The review team's sign-in in the e2e specs (issue 25): username and password, then the code from the
 * member's fixed demo TOTP secret. A code is accepted once and the server takes the next 30-second step's
 * code too: each sign-in uses a step no earlier sign-in of this worker used, waiting for the clock to
 * reach it when two sign-ins came within one step; a code refused as used (a retried test in a new
 * worker) is followed by the next step's.
 */
import { PROVIDER_BASE, PROVIDER_MSG } from '@wayguard/contracts';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { totp } from '../auth-helpers';
import { DEMO_PROVIDER, type TeamMember } from '../demo';

/** The demo's review team members (apps/server/src/seed/provider-staff.ts, README's demo table). */
export const TEAM = {
  ...DEMO_PROVIDER,
  trainee: { username: 'trainee', fullName: 'Jordan Lee (Wayguard Team)' },
} as const;

const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);
/** The last step each secret's code was sent for, in this worker. */
const lastStep = new Map<string, number>();

/** Enters the code of a step not used before (the code step is showing) and waits for the queue. */
export async function enterTeamCode(page: Page, member: TeamMember): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const step = Math.max(stepNow(), (lastStep.get(member.totpSecret) ?? -1) + 1);
    // The server takes one step ahead of its clock: wait until this one is at most one ahead.
    await expect.poll(stepNow, { timeout: 2 * STEP_MS }).toBeGreaterThanOrEqual(step - 1);
    lastStep.set(member.totpSecret, step);
    await page.getByLabel('Authentication code digit 1 of 6').fill(totp(member.totpSecret, step * STEP_MS));
    const answer = page.waitForResponse((r) => r.url().endsWith(`${PROVIDER_BASE}/login`));
    await page.getByRole('button', { name: 'Verify' }).click();
    if ((await answer).status() === 200) {
      await expect(page.getByRole('heading', { level: 1, name: PROVIDER_MSG.title })).toBeVisible();
      return;
    }
  }
  throw new Error(`the codes of ${member.username} were refused three times`);
}

/** Signs `member` in on `page` (at /provider/login): password, then code. */
export async function signInTeam(page: Page, member: TeamMember): Promise<void> {
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_MSG.codeTitle })).toBeVisible();
  await enterTeamCode(page, member);
}
