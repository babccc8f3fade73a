/**
 * The review team's own page (issue 25): a member (the demo's Robin Park, so that provider-review.spec.ts
 * keeps Sam Rivera's codes) signs in with password and code, opens Team from the header, sees every
 * member's status, last sign-in and two-factor, has no Deactivate on their own row, and deactivates the
 * trainee from the keyboard after a confirmation (Escape cancels, focus returns). A second tab with the
 * stale list is refused with the server's text. Axe on the page and on the dialog.
 */
import { PROVIDER_TEAM_MSG } from '@wayguard/contracts';
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { signInTeam, TEAM } from './provider-helpers';
import { toastWith } from '../requests/requests-helpers';

const ME = TEAM.teammate;
const row = (page: Page, name: string) =>
  page.getByRole('table', { name: PROVIDER_TEAM_MSG.tableLabel }).getByRole('row').filter({ hasText: name });
const deactivateButton = (page: Page, name: string) =>
  page.getByRole('button', { name: `${PROVIDER_TEAM_MSG.deactivate} ${name}` });

test('a member deactivates another after a confirmation, from the keyboard; not themself; a stale tab is refused; axe', async ({
  page,
}) => {
  await page.goto('/provider/login');
  await signInTeam(page, ME);
  await page.getByRole('navigation', { name: PROVIDER_TEAM_MSG.navLabel }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/provider\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_TEAM_MSG.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');

  // Every member: own row without Deactivate; the trainee never signed in and has no two-factor yet.
  await expect(row(page, ME.fullName)).toContainText(PROVIDER_TEAM_MSG.you);
  await expect(row(page, ME.fullName)).toContainText(PROVIDER_TEAM_MSG.twoFactorSet);
  await expect(row(page, ME.fullName).getByRole('button')).toHaveCount(0);
  await expect(row(page, TEAM.trainee.fullName)).toContainText(PROVIDER_TEAM_MSG.neverSignedIn);
  await expect(row(page, TEAM.trainee.fullName)).toContainText(PROVIDER_TEAM_MSG.twoFactorNotSet);
  await expect(row(page, TEAM.trainee.fullName)).toContainText(PROVIDER_TEAM_MSG.active);
  await expect(deactivateButton(page, TEAM.provider.fullName)).toBeVisible();
  await expectNoA11yViolations(page);

  // A second tab of the same member, showing the list before the deactivation.
  const stale = await page.context().newPage();
  await stale.goto('/provider/team');
  await expect(deactivateButton(stale, TEAM.trainee.fullName)).toBeVisible();

  // Keyboard: open the confirmation, Escape cancels and gives focus back.
  const button = deactivateButton(page, TEAM.trainee.fullName);
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: PROVIDER_TEAM_MSG.confirmTitle });
  await expect(dialog).toContainText(PROVIDER_TEAM_MSG.confirmText(TEAM.trainee.fullName));
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await expect(row(page, TEAM.trainee.fullName)).toContainText(PROVIDER_TEAM_MSG.active);

  // Again, and confirm with Tab then Enter.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: PROVIDER_TEAM_MSG.deactivate })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toastWith(page, PROVIDER_TEAM_MSG.deactivated(TEAM.trainee.fullName))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, TEAM.trainee.fullName)).toContainText(PROVIDER_TEAM_MSG.deactivatedStatus);
  await expect(deactivateButton(page, TEAM.trainee.fullName)).toHaveCount(0);

  // The stale tab tries the same: the server's refusal as a toast; its list then shows the outcome.
  await deactivateButton(stale, TEAM.trainee.fullName).click();
  await stale
    .getByRole('dialog', { name: PROVIDER_TEAM_MSG.confirmTitle })
    .getByRole('button', { name: PROVIDER_TEAM_MSG.deactivate })
    .click();
  await expect(toastWith(stale, PROVIDER_TEAM_MSG.alreadyDeactivated)).toBeVisible();
  await expect(row(stale, TEAM.trainee.fullName)).toContainText(PROVIDER_TEAM_MSG.deactivatedStatus);
  await stale.close();
});
