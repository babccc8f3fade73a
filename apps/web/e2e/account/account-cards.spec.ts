/**
 * Account Info details found in review (000 §2.2, §2.6, §5): the endpoint-security login address has a
 * copy action too, the Android registration menu's entries say they open the Classic Admin Console, and
 * a stored account that already misses a required line shows why Save is disabled once anything is changed,
 * never on opening the form (issue 26: no validation message before any input).
 */
import { MSG } from '@wayguard/contracts';
import { expect as baseExpect, expectNoA11yViolations, test } from '../fixtures';
import { card, getAccount, openAccount, reloadAccount, toastWith, withAccount } from './account-helpers';

// The machine these run on may be busy: give each expectation more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('account cards', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the endpoint-security login URL is copied with "Login URL data copied"', async ({ page, context }) => {
    await openAccount(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    const a = await getAccount(page);
    const eset = card(page, 'Endpoint Security Console');
    await eset.getByRole('button', { name: 'Copy login URL' }).click();
    await expect(toastWith(page, MSG.dataCopied('Login URL'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(a.eset.login_url);
  });

  test('the Android registration menu entries show the Classic Admin Console tooltip', async ({ page }) => {
    await openAccount(page);
    const android = card(page, 'Android Registration');
    await android.getByRole('button', { name: 'Registration' }).click();
    const item = page.getByRole('menu').getByRole('menuitem', { name: /^Re-register/ });
    await item.hover();
    await expect(page.getByRole('tooltip').filter({ hasText: MSG.classicTooltip })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a stored account missing a required line: no message on open, highlighted once anything changes', async ({
    page,
  }) => {
    await openAccount(page);
    await withAccount(page, (a) => ({
      ...a,
      address: a.address.map((l, i) => (i === 1 ? { ...l, value: '', required: true } : l)),
    }));
    await reloadAccount(page);
    const details = card(page, 'Account Details');
    const label = (await getAccount(page)).address[1]!.label;
    await details.getByRole('button', { name: 'Edit account details' }).click();
    const line2 = details.getByRole('textbox', { name: label });
    const line5 = details.getByRole('textbox', { name: 'Address Line 5' });
    await expect(line5).toBeVisible();
    // Opening the form shows no message: nothing was typed yet.
    await expect(details.getByText(MSG.addressLineRequired(label))).toHaveCount(0);
    await expect(line2).not.toHaveAttribute('aria-invalid', 'true');
    await expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
    // A change anywhere: the missing line is marked, explaining the disabled Save.
    await line5.fill('Room 4');
    await expect(line2).toHaveAttribute('aria-invalid', 'true');
    await expect(line2).toHaveAccessibleDescription(MSG.addressLineRequired(label));
    await expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
    // the other lines are not marked
    await expect(details.getByRole('textbox', { name: 'Address Line 1' })).not.toHaveAttribute('aria-invalid', 'true');
    await line2.fill('Northfield Road');
    await expect(line2).not.toHaveAttribute('aria-invalid', 'true');
    await expect(details.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

test.describe('account dates', () => {
  // UTC+14: 17 Oct 2025 12:00 UTC is already 18 Oct there.
  test.use({ timezoneId: 'Pacific/Kiritimati' });
  test.describe.configure({ timeout: 120_000 });

  test("show in the user's time zone", async ({ page }) => {
    const noonUtc = Date.UTC(2025, 9, 17, 12) / 1000;
    await openAccount(page);
    await withAccount(page, (a) => ({
      ...a,
      console_registered: noonUtc,
      sfa: { ...a.sfa, date_registered: noonUtc },
    }));
    await reloadAccount(page);
    await expect(card(page, 'Account Information').getByTestId('console_registered')).toHaveText('18 Oct 2025');
    await expect(card(page, 'Android Registration').getByTestId('sfa-date')).toHaveText('18 Oct 2025');
  });
});
