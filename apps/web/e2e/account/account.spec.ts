/**
 * Account Info (000 §2.6, §3.6, §5, §6, §7.2): every card against GET /account, the Account Details
 * and Social Media Profiles edit modes with their messages, the Android registration links, the
 * endpoint-security card's copy actions, the read-only view of a non-admin and accessibility scans.
 * The logo editor has its own spec (account-logo.spec.ts).
 */
import dayjs from 'dayjs';
import { MSG } from '@wayguard/contracts';
import { expect as baseExpect, expectNoA11yViolations, test } from '../fixtures';
import { API, registrationInfo } from '../shell-helpers';
import {
  MIA,
  card,
  getAccount,
  openAccount,
  postAsPage,
  reloadAccount,
  restoreAccount,
  toastWith,
  withAccount,
} from './account-helpers';

// The machine these run on may be busy: give each expectation more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const COUNTS = [
  ['machine_count', 'PC machines'],
  ['mobile_count', 'Mobile devices'],
  ['user_count', 'Users'],
  ['registered_not_billed_count', 'Registered, not billed'],
  ['billed_not_registered_count', 'Billed, not registered'],
] as const;

test.describe('account info', () => {
  // generous: several tests sign in more than once or run axe more than once
  test.describe.configure({ timeout: 180_000 });
  test('every card shows the account of GET /account', async ({ page }) => {
    await openAccount(page);
    await expect(page).toHaveTitle('Wayguard | Account Info');
    const a = await getAccount(page);
    const info = await registrationInfo(page);

    const information = card(page, 'Account Information');
    await expect(information.getByTestId('account_name')).toHaveText(a.account_name);
    await expect(information.getByTestId('account_number')).toHaveText(a.account_number);
    await expect(information.getByTestId('s3_account_number')).toHaveText(a.s3_account_number);
    await expect(information.getByTestId('console_registered')).toHaveText(
      dayjs.unix(a.console_registered).format('D MMM YYYY'),
    );
    await expect(information.getByTestId('country_name')).toHaveText(a.country_name);
    await expect(information.getByTestId('support_provided_by')).toHaveText(a.support_provided_by);

    const details = card(page, 'Account Details');
    for (const [i, line] of a.address.entries()) {
      await expect(details.getByText(line.label, { exact: true })).toBeVisible();
      await expect(details.getByTestId(`address-${i + 1}`)).toHaveText(line.value || 'Not set');
    }
    const country = info.country_codes.find((c) => c.id === a.telephone?.country_code_id);
    expect(country).toBeTruthy();
    await expect(details.getByTestId('telephone')).toHaveText(
      `+${country?.digits} ${a.telephone?.area_code} ${a.telephone?.number} (${country?.country_name})`,
    );

    const counts = card(page, 'On This Account');
    for (const [key, label] of COUNTS) {
      await expect(counts.getByText(label, { exact: true })).toBeVisible();
      await expect(counts.getByTestId(key)).toHaveText(a[key].toLocaleString('en-US'));
    }
    // counts come from real rows: the demo account has devices and users
    expect(a.machine_count + a.mobile_count).toBeGreaterThan(0);
    expect(a.user_count).toBeGreaterThan(0);

    const social = card(page, 'Social Media Profiles');
    const labels = await social.locator('dt').allTextContents();
    expect(labels).toEqual(['Facebook', 'Twitter', 'YouTube']);
    for (const s of a.social_media) {
      const key = s.label.toLowerCase();
      if (s.value) {
        const link = social.getByTestId(`social-${key}`).getByRole('link', { name: s.value });
        await expect(link).toHaveAttribute('href', `${s.website}${s.value}`);
        await expect(link).toHaveAttribute('target', '_blank');
      } else {
        await expect(social.getByTestId(`social-${key}`)).toHaveText('Not set');
      }
    }

    const android = card(page, 'Android Registration');
    await expect(android.getByTestId('sfa-status')).toHaveText('Registered');
    await expect(android.getByTestId('sfa-enterprise')).toHaveText(a.sfa.enterprise_id);
    await expect(android.getByTestId('sfa-administrator')).toHaveText(a.sfa.administrator);
    await expect(android.getByTestId('sfa-date')).toHaveText(dayjs.unix(a.sfa.date_registered).format('D MMM YYYY'));

    expect(a.eset.is_enabled).toBe(true);
    const eset = card(page, 'Endpoint Security Console');
    await expect(eset.getByRole('link', { name: a.eset.login_url })).toHaveAttribute('href', a.eset.login_url);
    await expect(eset.getByRole('link', { name: a.eset.login_url })).toHaveAttribute('target', '_blank');
    const rows = eset.getByTestId('eset-administrators').locator('tbody tr');
    await expect(rows).toHaveCount(a.eset.administrators.length);
    for (const [i, admin] of a.eset.administrators.entries()) {
      await expect(rows.nth(i).locator('td').nth(0)).toHaveText(String(admin.id));
      await expect(rows.nth(i).locator('td').nth(1)).toHaveText(admin.name);
    }

    // account-logo.spec adds and removes this account's logo meanwhile: the button must match the logo
    // the account had when the page loaded, so read both again until no change fell between them.
    await expect(async () => {
      await reloadAccount(page);
      const { logo } = await getAccount(page);
      const button = card(page, 'Account Logo').getByRole('button', { name: logo ? 'Change logo' : 'Add logo' });
      await expect(button).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });

    // Users is the users list's total, and opens that list (by keyboard), which shows the same number.
    // Other specs add users meanwhile: compare the list with the account as read right after it.
    const usersLink = card(page, 'On This Account').getByTestId('user_count').getByRole('link');
    await usersLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users$/);
    await expect(async () => {
      const range = await page.getByTestId('list-range').textContent({ timeout: 5_000 });
      const { user_count } = await getAccount(page);
      expect(range).toContain(`of ${user_count} items`);
    }).toPass({ timeout: 60_000 });
  });

  test('account details: required lines, the telephone trio, Cancel and Save', async ({ page }) => {
    await openAccount(page);
    const before = await getAccount(page);
    const details = card(page, 'Account Details');
    try {
      await details.getByRole('button', { name: 'Edit account details' }).click();
      const save = details.getByRole('button', { name: 'Save' });
      const line1 = details.getByRole('textbox', { name: 'Address Line 1' });
      const line3 = details.getByRole('textbox', { name: 'Address Line 3' });
      const line5 = details.getByRole('textbox', { name: 'Address Line 5' });
      const area = details.getByRole('textbox', { name: 'Area code' });
      const number = details.getByRole('textbox', { name: 'Telephone number' });
      const country = details.getByRole('combobox', { name: 'Country code' });
      await expect(line1).toBeFocused();
      await expect(line1).toHaveValue(before.address[0]!.value);
      await expect(line1).toHaveAttribute('name', 'adressLine1');
      await expect(area).toHaveAttribute('name', 'areaCodePhone');
      await expect(save).toBeDisabled(); // nothing to save

      // a required line
      await line1.fill('');
      await expect(details.getByText(MSG.addressLineRequired('Address Line 1'), { exact: true })).toBeVisible();
      await expect(line1).toHaveAttribute('aria-invalid', 'true');
      await expect(save).toBeDisabled();
      await line1.fill(before.address[0]!.value);
      await expect(details.getByText(MSG.addressLineRequired('Address Line 1'))).toHaveCount(0);
      await expect(save).toBeDisabled(); // back to what is stored
      // a line that is not required may be empty
      await line3.fill('');
      await expect(line3).not.toHaveAttribute('aria-invalid', 'true');
      await expect(save).toBeEnabled();
      // at most 32 characters
      await line5.fill('x'.repeat(33));
      await expect(details.getByText('Maximum character length is 32.')).toBeVisible();
      await expect(save).toBeDisabled();
      await line5.fill('');

      // the telephone: all three parts or none, with the lower-case texts
      await area.fill('');
      await expect(details.getByText('Please select an area code', { exact: true })).toBeVisible();
      await expect(save).toBeDisabled();
      await area.fill('12345');
      await expect(area).toHaveValue('1234'); // the area code takes at most 4 characters
      await expect(details.getByText('Please select an area code')).toHaveCount(0);
      await number.fill('');
      await expect(details.getByText('Please enter a telephone number', { exact: true })).toBeVisible();
      await number.fill('496099');
      await details.getByRole('button', { name: 'Clear country code' }).click();
      await expect(country).toHaveValue('');
      await expect(details.getByText('Please select a country code', { exact: true })).toBeVisible();
      await expect(save).toBeDisabled();

      // Cancel resets the form and leaves edit mode
      await details.getByRole('button', { name: 'Cancel' }).click();
      await expect(details.getByTestId('address-3')).toHaveText(before.address[2]!.value);
      await expect(details.getByRole('button', { name: 'Edit account details' })).toBeFocused();
      await details.getByRole('button', { name: 'Edit account details' }).click();
      await expect(line3).toHaveValue(before.address[2]!.value);
      await expect(area).toHaveValue(before.telephone!.area_code);
      await expect(save).toBeDisabled();

      // a save: disabled while saving, then the toast, the refetched account and view mode
      await line5.fill('Room 101');
      await area.fill('0162');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(`**${API}/account`, async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await held;
        await route.fallback();
      });
      const posted = page.waitForRequest((r) => r.url().endsWith(`${API}/account`) && r.method() === 'POST');
      const refetched = page.waitForResponse(
        (r) => r.url().endsWith(`${API}/account`) && r.request().method() === 'GET',
      );
      await save.click();
      const body = (await posted).postDataJSON() as unknown;
      expect(body).toEqual({
        address: [...before.address.slice(0, 4).map((l) => l.value), 'Room 101'],
        telephone: { ...before.telephone, area_code: '0162' },
      });
      await expect(save).toBeDisabled();
      release();
      await refetched;
      await expect(toastWith(page, MSG.accountUpdated)).toBeVisible();
      await expect(details.getByTestId('address-5')).toHaveText('Room 101');
      await expect(details.getByTestId('telephone')).toContainText('0162');
      const after = await getAccount(page);
      expect(after.address[4]!.value).toBe('Room 101');
      expect(after.telephone?.area_code).toBe('0162');
    } finally {
      await page.unroute(`**${API}/account`);
      await restoreAccount(page, before);
    }
  });

  test('account details: the telephone can be removed, and a server refusal shows its text', async ({ page }) => {
    await openAccount(page);
    const before = await getAccount(page);
    const details = card(page, 'Account Details');
    try {
      await details.getByRole('button', { name: 'Edit account details' }).click();
      await details.getByRole('button', { name: 'Clear country code' }).click();
      await details.getByRole('textbox', { name: 'Area code' }).fill('');
      await details.getByRole('textbox', { name: 'Telephone number' }).fill('');
      await expect(details.getByRole('alert')).toHaveCount(0);

      // the server's error text, as an error toast; the form stays open
      await page.route(`**${API}/account`, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 400, json: { success: false, error: 'Address Line 1 is required' } })
          : route.fallback(),
      );
      await details.getByRole('button', { name: 'Save' }).click();
      await expect(toastWith(page, 'Address Line 1 is required')).toBeVisible();
      await expect(details.getByRole('button', { name: 'Save' })).toBeEnabled();
      await page.unroute(`**${API}/account`);

      await details.getByRole('button', { name: 'Save' }).click();
      await expect(toastWith(page, MSG.accountUpdated)).toBeVisible();
      await expect(details.getByTestId('telephone')).toHaveText('Not set');
      expect((await getAccount(page)).telephone).toBeNull();
    } finally {
      await page.unroute(`**${API}/account`);
      await restoreAccount(page, before);
    }
  });

  test('a 403 on save sends the user home', async ({ page }) => {
    await openAccount(page);
    await card(page, 'Account Details').getByRole('button', { name: 'Edit account details' }).click();
    await card(page, 'Account Details').getByRole('textbox', { name: 'Address Line 5' }).fill('Forbidden');
    await page.route(`**${API}/account`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 403, json: { success: false, error: 'Forbidden' } })
        : route.fallback(),
    );
    await card(page, 'Account Details').getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/');
  });

  test('social media profiles: order, 32 characters, Cancel and Save', async ({ page }) => {
    await openAccount(page);
    const before = await getAccount(page);
    const social = card(page, 'Social Media Profiles');
    try {
      await social.getByRole('button', { name: 'Edit social media profiles' }).click();
      const inputs = social.getByRole('textbox');
      await expect(inputs).toHaveCount(3);
      const names = await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).name));
      expect(names).toEqual(['facebook', 'twitter', 'youtube']);
      const save = social.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();

      const youtube = social.getByRole('textbox', { name: 'YouTube' });
      await youtube.fill('y'.repeat(33));
      await expect(social.getByText('Maximum character length is 32.')).toBeVisible();
      await expect(save).toBeDisabled();
      await youtube.fill('y'.repeat(32));
      await expect(social.getByText('Maximum character length is 32.')).toHaveCount(0);
      await expect(save).toBeEnabled();

      await social.getByRole('button', { name: 'Cancel' }).click();
      await expect(social.getByTestId('social-youtube')).toHaveText(before.social_media[2]!.value || 'Not set');
      await social.getByRole('button', { name: 'Edit social media profiles' }).click();
      await expect(youtube).toHaveValue(before.social_media[2]!.value);

      await youtube.fill('northfield-e2e');
      const posted = page.waitForRequest((r) => r.url().endsWith('/account/social_media'));
      await save.click();
      expect((await posted).postDataJSON()).toEqual({
        profiles: [
          { value: before.social_media[0]!.value },
          { value: before.social_media[1]!.value },
          { value: 'northfield-e2e' },
        ],
      });
      await expect(toastWith(page, MSG.accountUpdated)).toBeVisible();
      const link = social.getByRole('link', { name: 'northfield-e2e' });
      await expect(link).toHaveAttribute('href', 'https://www.youtube.com/northfield-e2e');
      await expect(link).toHaveAttribute('target', '_blank');
      expect((await getAccount(page)).social_media[2]!.value).toBe('northfield-e2e');
    } finally {
      await restoreAccount(page, before);
    }
  });

  test('android registration: a menu when it can re-register, else one link', async ({ page }) => {
    await openAccount(page);
    const info = await registrationInfo(page);
    const base = info.classic_console_url.replace(/\/+$/, '');
    const android = card(page, 'Android Registration');

    await android.getByRole('button', { name: 'Registration' }).click();
    const menu = page.getByRole('menu');
    const items = menu.getByRole('menuitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Unregister');
    await expect(items.nth(1)).toContainText('Re-register');
    for (const [i, action] of ['unregister', 'reregister'].entries()) {
      await expect(items.nth(i)).toHaveAttribute('href', `${base}/android/registration?action=${action}`);
      await expect(items.nth(i)).toHaveAttribute('target', '_blank');
    }
    await page.keyboard.press('Escape');

    // no re-registration, an enterprise: Unregister
    await withAccount(page, (a) => ({ ...a, sfa: { ...a.sfa, can_reregister: false } }));
    await reloadAccount(page);
    let link = android.getByRole('link', { name: /^Unregister/ });
    await expect(link).toHaveAttribute('href', `${base}/android/registration?action=unregister`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(android.getByRole('button', { name: 'Registration' })).toHaveCount(0);

    // no enterprise: Register
    await page.unrouteAll();
    await withAccount(page, (a) => ({
      ...a,
      sfa: { can_reregister: false, enterprise_id: '', administrator: '', date_registered: 0 },
    }));
    await reloadAccount(page);
    await expect(android.getByTestId('sfa-status')).toHaveText('Not registered');
    link = android.getByRole('link', { name: /^Register/ });
    await expect(link).toHaveAttribute('href', `${base}/android/registration?action=register`);
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('endpoint security: copy actions, and no card when it is not enabled', async ({ page, context }) => {
    await openAccount(page);
    const origin = new URL(page.url()).origin;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const a = await getAccount(page);
    const first = a.eset.administrators[0]!;
    const eset = card(page, 'Endpoint Security Console');

    await eset.getByRole('button', { name: `Copy ID of ${first.name}` }).click();
    await expect(toastWith(page, 'Administrator data copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(first.id));
    await eset.getByRole('button', { name: `Copy name of ${first.name}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(first.name);

    await withAccount(page, (x) => ({ ...x, eset: { is_enabled: false, login_url: '', administrators: [] } }));
    await reloadAccount(page);
    await expect(card(page, 'Account Information')).toBeVisible();
    await expect(card(page, 'Endpoint Security Console')).toHaveCount(0);
  });

  test('a Request Admin sees the account without edit controls', async ({ page }) => {
    await openAccount(page, MIA);
    expect((await registrationInfo(page)).user_type).toBe('requests_admin');
    await expect(page.getByTestId('account-read-only')).toBeVisible();
    const a = await getAccount(page);
    await expect(card(page, 'Account Information').getByTestId('account_name')).toHaveText(a.account_name);
    await expect(card(page, 'Android Registration').getByTestId('sfa-status')).toBeVisible();
    await expect(card(page, 'Endpoint Security Console')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /logo/i })).toHaveCount(0);
    await expect(card(page, 'Android Registration').getByRole('link')).toHaveCount(0);
    await expect(card(page, 'Android Registration').getByRole('button')).toHaveCount(0);
    // the server agrees
    expect(
      (
        await postAsPage(page, '/account/social_media', { profiles: [{ value: '' }, { value: '' }, { value: '' }] })
      ).status(),
    ).toBe(403);

    // add_logo=1 only leaves the address
    await page.goto('/account?add_logo=1');
    await expect(page).toHaveURL('/account');
    await expect(card(page, 'Account Logo')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('passes the accessibility scan in view and edit modes, light and dark', async ({ page }) => {
    await openAccount(page);
    await expect(card(page, 'Endpoint Security Console')).toBeVisible();
    await expectNoA11yViolations(page);
    await card(page, 'Account Details').getByRole('button', { name: 'Edit account details' }).click();
    await card(page, 'Social Media Profiles').getByRole('button', { name: 'Edit social media profiles' }).click();
    await card(page, 'Account Details').getByRole('textbox', { name: 'Address Line 1' }).fill('');
    await card(page, 'Social Media Profiles').getByRole('textbox', { name: 'Facebook' }).fill('f'.repeat(33));
    await expect(page.getByText('Maximum character length is 32.')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Switch to dark color scheme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoA11yViolations(page);
    await card(page, 'Android Registration').getByRole('button', { name: 'Registration' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
