/**
 * User details and settings as a Wayguard User (console_user): their own profile (editable, Change
 * password, options read only) and other users (read only). 000 §2.2, §2.8, §6; 002 §4.1, §5, §6.
 */
import { MSG } from '@wayguard/contracts';
import { expectNoA11yViolations, test } from '../fixtures';
import { LIAM, expect, TARGETS, dialog, openUser, section, signIn, userId, userMenu } from './user-details-helpers';

// Long flows with several accessibility scans each; the machine may be shared by parallel runs.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, LIAM);
});

test('the Profile link opens the own page, editable, with read-only settings', async ({ page }) => {
  await page.getByRole('button', { name: `Profile menu for ${LIAM.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const id = await userId(page, LIAM.username);
  await expect(page).toHaveURL(`/users/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LIAM.fullName);
  await expect(page.getByTestId('user-self')).toBeVisible();
  await expect(section(page, 'Profile Information').getByRole('button', { name: 'Edit' })).toBeVisible();

  await userMenu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(`/users/${id}/settings`);
  const types = section(page, 'User Type');
  await expect(types).toContainText('You cannot change your own type.');
  await expect(types.getByRole('button', { name: /^Wayguard User/ })).toHaveAttribute('aria-pressed', 'true');
  for (const name of [/^Console Admin/, /^Request Admin/, /^Wayguard User/])
    await expect(types.getByRole('button', { name })).toBeDisabled();

  const access = section(page, 'User Access');
  await expect(access.getByRole('button')).toHaveText(['Change password']);

  // Mobile App Access is a Wayguard User's option, changed by a Console Admin; no beta, no two-factor.
  const options = section(page, 'User Options');
  await expect(options).toContainText('Only a Console Admin can change these options.');
  await expect(options.getByRole('switch', { name: 'Mobile App Access' })).toBeDisabled();
  await expect(options.getByRole('switch', { name: 'Beta Versions' })).toHaveCount(0);
  await expect(options.getByRole('switch', { name: 'Two-factor authentication' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await access.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog(page, 'Change password')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog(page, 'Change password').getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page, 'Change password')).toHaveCount(0);
});

test('other users are read only', async ({ page }) => {
  await openUser(page, TARGETS.profileEdit);
  await expect(section(page, 'Profile Information').getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await userMenu(page).getByRole('link', { name: 'Settings' }).click();
  const types = section(page, 'User Type');
  await expect(types).toContainText('Only a Console Admin can change the type of a user.');
  for (const name of [/^Console Admin/, /^Request Admin/, /^Wayguard User/])
    await expect(types.getByRole('button', { name })).toBeDisabled();
  const access = section(page, 'User Access');
  await expect(access.getByRole('button')).toHaveCount(0);
  await expect(access).toContainText('Only a Console Admin can change the status of a user.');
  await expectNoA11yViolations(page);

  // A banner without its action for someone who may not take it.
  await openUser(page, TARGETS.awaiting);
  const banner = page.getByRole('region', { name: 'User status' });
  await expect(banner).toContainText(MSG.activationEmailSent);
  await expect(banner.getByRole('button')).toHaveCount(0);
});
