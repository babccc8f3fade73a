/**
 * The provider's review team area (issue 11): its own sign-in (a refusal inline, then the queue), the
 * queue of every account's escalated requests (the demo's three Northfield ones), Deny with notes
 * (Submit from 4 characters) and Approve for the account, each with its toast; axe on both screens.
 */
import { PROVIDER_MSG } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from './fixtures';

const STAFF = { username: 'provider', password: 'DemoProvider2026!', fullName: 'Sam Rivera (Wayguard Team)' };

test('the review team signs in, denies one escalated request with notes and approves another; axe', async ({
  page,
}) => {
  // The console's session gate plays no part: without a team session the area asks for the team's sign-in.
  await page.goto('/provider');
  await expect(page).toHaveURL(/\/provider\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_MSG.signInTitle })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel('Username').fill(STAFF.username);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: PROVIDER_MSG.badCredentials })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_MSG.title })).toBeVisible();
  await expect(page.getByText(`Signed in as ${STAFF.fullName}`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests waiting for review' });
  const rows = table.locator('tbody tr');
  await expect(rows.first().getByRole('button', { name: PROVIDER_MSG.approve })).toBeVisible();
  await expect(table).toContainText('Northfield Academy');
  await expect(table).toContainText('Please check this site for us');
  await expectNoA11yViolations(page);
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(2);

  // Deny the first (oldest escalation) with notes, from the keyboard.
  const first = rows.first();
  const denied = (await first.locator('th').first().innerText()).split('\n')[1] ?? '';
  await first.getByRole('button', { name: new RegExp(`^${PROVIDER_MSG.deny}`) }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: PROVIDER_MSG.denyTitle });
  await expect(dialog).toBeVisible();
  const notes = dialog.getByLabel(PROVIDER_MSG.notesLabel);
  await expect(notes).toBeFocused();
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await notes.fill('abc');
  await expect(submit).toBeDisabled();
  await notes.fill('Not suitable for pupils');
  await expect(submit).toBeEnabled();
  await expectNoA11yViolations(page);
  await submit.click();
  await expect(page.getByText(/The (website|media) request was denied/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(before - 1);
  if (denied) await expect(table).not.toContainText(denied);

  // Approve the next one for its account.
  await rows
    .first()
    .getByRole('button', { name: new RegExp(`^${PROVIDER_MSG.approve}`) })
    .click();
  await expect(page.getByText(/The (website|media) request was approved for the account/)).toBeVisible();
  await expect(rows).toHaveCount(before - 2 > 0 ? before - 2 : 1);

  // Sign out: the area asks for the team's sign-in again.
  await page.getByRole('button', { name: PROVIDER_MSG.signOut }).click();
  await expect(page).toHaveURL(/\/provider\/login$/);
  await page.goto('/provider');
  await expect(page).toHaveURL(/\/provider\/login$/);
});
