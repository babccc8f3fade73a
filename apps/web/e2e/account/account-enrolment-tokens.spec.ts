/**
 * Enrolment Tokens on the account page (ours, docs/decisions/devices.md "Enrolment tokens"): the list, New Token with
 * its rules, the token shown once with Copy, and Revoke with a confirmation. Works in the Riverside account (the family
 * admin), so no Northfield spec sees its tokens; read-only users do not see the card.
 */
import { ENROLMENT_TOKEN, ENROLMENT_TOKEN_MSG, type EnrolmentTokensResponse } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { API } from '../shell-helpers';
import { MIA, openAccount, toastWith } from './account-helpers';

test.describe('enrolment tokens', () => {
  test('a Console Admin lists, creates (shown once, copied) and revokes a token', async ({ page, context }) => {
    await openAccount(page, DEMO.family);
    const tokensCard = page.getByRole('region', { name: 'Enrolment Tokens' });
    const table = tokensCard.getByRole('table', { name: 'Enrolment tokens' });
    const familyPhones = table.getByRole('row').filter({ hasText: 'Family phones' });
    await expect(familyPhones).toContainText('Active');
    await expect(familyPhones).toContainText('2 of 5');
    await expect(familyPhones).toContainText(new RegExp(`${ENROLMENT_TOKEN.prefix}\\S{6}…`));
    await expectNoA11yViolations(page);

    // The form's rules: a name is required, the numbers in range.
    await tokensCard.getByRole('button', { name: 'New Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New enrolment token' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByLabel('Valid for (days)').fill('0');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByText(ENROLMENT_TOKEN_MSG.labelRequired)).toBeVisible();
    await expect(dialog.getByText(ENROLMENT_TOKEN_MSG.daysRange)).toBeVisible();
    await expectNoA11yViolations(page);

    const label = `Tablets ${Date.now()}`;
    await dialog.getByLabel('Name').fill(label);
    await dialog.getByLabel('Devices it may enrol').fill('12');
    await dialog.getByLabel('Valid for (days)').fill('7');
    await expect(dialog.getByText(ENROLMENT_TOKEN_MSG.daysRange)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create token' }).click();

    // Shown once, with Copy.
    const created = page.getByRole('dialog', { name: 'Enrolment token created' });
    await expect(created.getByText(ENROLMENT_TOKEN_MSG.created)).toBeVisible();
    const secret = (await created.getByTestId('enrolment-token-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(new RegExp(`^${ENROLMENT_TOKEN.prefix}[A-Za-z0-9_-]{32}$`));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await created.getByRole('button', { name: 'Copy token' }).click();
    await expect(toastWith(page, 'Token copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoA11yViolations(page);
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toHaveCount(0);

    const row = table.getByRole('row').filter({ hasText: label });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('0 of 12');
    await expect(row).toContainText(`${secret.slice(0, ENROLMENT_TOKEN.prefix.length + 6)}…`);
    await expect(page.getByText(secret)).toHaveCount(0);
    const listed = (await (await page.request.get(`${API}/enrolment_tokens`)).json()) as EnrolmentTokensResponse;
    expect(JSON.stringify(listed)).not.toContain(secret);

    // Revoke asks first; Cancel leaves it; Revoke revokes.
    await row.getByRole('button', { name: `Revoke ${label}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' });
    await expect(confirm).toContainText(label);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Revoke ${label}` }).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(toastWith(page, ENROLMENT_TOKEN_MSG.revoked)).toBeVisible();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  });

  test('a Request Admin does not see the card', async ({ page }) => {
    await openAccount(page, MIA);
    await expect(page.getByRole('region', { name: 'Account Information' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Enrolment Tokens' })).toHaveCount(0);
  });
});
