/**
 * Device settings (001 §2.3, §4, §5, §8; 002 §2.2): a PC's and a tablet's cards, a toggle's toast that
 * stays after reload (the other settings resent unchanged), the password dialog's rules, Lock's
 * confirmation, the offline device's delivery note and the command it leaves, /device/{type}/{id}, and a Console User's read-only view; axe. Changes only
 * NFPC1004 and NFMB2003 (no other spec reads their settings or commands).
 */
import { DEVICE_MSG, type DeviceConfig } from '@wayguard/contracts';
import type { Page } from '@playwright/test';
import { API } from '../api-helpers';
import { expectNoA11yViolations, test } from '../fixtures';
import { openAs } from '../sessions';
import { LIAM } from '../users/user-details-helpers';
import { card, DEVICES, expect, expectToast, openDevice, recordToasts, signInAdmin } from './devices-helpers';

const RESET_URL = (url: URL) => url.pathname === '/api/mobile/admin/devices/reset_mobile_password';

async function apiConfig(page: Page, type: 'machine' | 'mobile', id: string): Promise<DeviceConfig> {
  const res = await page.request.get(`${API}/devices/config`, { params: { id, type } });
  expect(res.status()).toBe(200);
  return (await res.json()) as DeviceConfig;
}
const valueOf = (c: DeviceConfig, key: string) => c.bool_settings.find((s) => s.key === key)?.value;

test.describe.configure({ timeout: 180_000 });

test.describe('device settings', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
    await signInAdmin(page);
  });

  test("a PC's cards; Beta Versions and a section's switch change, toast and stay; axe", async ({ page }) => {
    const { id, name } = DEVICES.toggledPc;
    await openDevice(page, 'machine', id, name, 'settings');
    const repair = card(page, 'Hardware Repair').getByRole('link', { name: /^Request/ });
    await expect(repair).toHaveAttribute('target', '_blank');
    await expect(repair).toHaveAttribute('href', new RegExp(`id=${id}&repair=1$`));
    await expect(card(page, 'Unlock Device').getByRole('link', { name: /^Unlock/ })).toHaveAttribute(
      'href',
      new RegExp(`id=${id}&unlock=1$`),
    );
    // The seeded config holds Safe Search, Website and Media Requests, and Beta Versions.
    await expect(page.getByRole('heading', { level: 2, name: 'Safe Search Internet Filter' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Web Access Options' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Social Media Options' })).toHaveCount(0);
    await expect(card(page, 'Safe Search').getByRole('link', { name: /^Schedule/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(card(page, 'Skype')).toHaveCount(0);
    await expectNoA11yViolations(page);

    const before = await apiConfig(page, 'machine', id);
    const beta = page.getByRole('switch', { name: 'Beta Versions' });
    const wasOn = valueOf(before, 'allow_beta_service_pack_install') === true;
    await expect(beta).toBeChecked({ checked: wasOn });
    await beta.click({ force: true });
    await expectToast(page, DEVICE_MSG.betaChanged);
    await expect(beta).toBeChecked({ checked: !wasOn });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Beta Versions' })).toBeChecked({ checked: !wasOn });
    const after = await apiConfig(page, 'machine', id);
    expect(valueOf(after, 'allow_beta_service_pack_install')).toBe(!wasOn);
    // The other settings were resent unchanged.
    for (const s of before.bool_settings)
      if (s.key !== 'allow_beta_service_pack_install') expect(valueOf(after, s.key), s.key).toBe(s.value);

    const website = page.getByRole('switch', { name: 'Website Requests' });
    const websiteOn = valueOf(after, 'allow_website_requests') === true;
    await website.click({ force: true });
    await expectToast(page, DEVICE_MSG.configChanged);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Website Requests' })).toBeChecked({ checked: !websiteOn });
  });

  test("a tablet's cards, Google Accounts, the password dialog's rules, Lock and its command; axe", async ({
    page,
  }) => {
    const { id, name } = DEVICES.toggledMobile;
    // /device/{type}/{id} is the settings tab too.
    await page.goto(`/device/mobile/${id}`);
    await expect(page).toHaveURL(`/devices/mobile/${id}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: `Device Details for ${name}` })).toBeVisible();
    await expect(card(page, 'Lock or Unlock Device').getByRole('link')).toHaveAttribute('target', '_blank');
    await expect(card(page, 'Hardware Repair')).toHaveCount(0);
    await expect(card(page, 'Safe Search').getByRole('link', { name: /^Schedule/ })).toHaveCount(0);
    await expectNoA11yViolations(page);

    const google = page.getByRole('switch', { name: 'Google Accounts' });
    const wasOn = valueOf(await apiConfig(page, 'mobile', id), 'allow_google_secondary_accounts') === true;
    await google.click({ force: true });
    await expectToast(page, DEVICE_MSG.googleAccountsChanged);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Google Accounts' })).toBeChecked({ checked: !wasOn });

    // The password dialog: Create disabled until valid, the spec's messages on change.
    await card(page, 'Device Password').getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Device Password' });
    const create = dialog.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Tab1et');
    await dialog.getByRole('textbox', { name: 'Confirm password' }).fill('Tab1ex');
    await expect(dialog.getByText('Passwords must match')).toBeVisible();
    await expect(create).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('');
    await expect(dialog.getByText('Please enter a Password')).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Tab1ex');
    await expect(dialog.getByText('Passwords must match')).toHaveCount(0);
    await expect(create).toBeEnabled();

    // A refusal's error_message shows inside the dialog.
    await page.route(RESET_URL, (route) =>
      route.fulfill({ json: { success: false, error_message: 'The device refused the password' } }),
    );
    await create.click();
    await expect(dialog.getByRole('alert')).toHaveText('The device refused the password');
    await page.unroute(RESET_URL);
    await create.click();
    // The tablet is offline (seen 14 hours ago): 001's text, and beside it when the device gets it.
    await expectToast(page, `${DEVICE_MSG.passwordChanged} ${DEVICE_MSG.queuedOffline}`);
    await expect(dialog).toHaveCount(0);

    // Lock asks first (issue 26), naming the device and that it is offline; Escape sends nothing.
    const commandCount = async () =>
      (
        (await (await page.request.get(`${API}/devices/commands`, { params: { id, type: 'mobile' } })).json()) as {
          commands: unknown[];
        }
      ).commands.length;
    const before = await commandCount();
    const lockButton = card(page, 'Lock Screen').getByRole('button', { name: 'Lock' });
    await lockButton.click();
    const confirm = page.getByRole('dialog', { name: DEVICE_MSG.lockConfirmTitle });
    await expect(confirm).toContainText(DEVICE_MSG.lockConfirm(name));
    await expect(confirm.getByTestId('lock-offline-note')).toHaveText(DEVICE_MSG.lockConfirmOffline);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    expect(await commandCount()).toBe(before);

    // Confirmed by keyboard, Lock sends the command, which the Commands card shows as Sent.
    await lockButton.click();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Lock' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectToast(page, `${DEVICE_MSG.lockSent} ${DEVICE_MSG.queuedOffline}`);
    await expect(confirm).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Device pages' }).getByRole('link', { name: 'Information' }).click();
    const lockLine = card(page, 'Commands').getByTestId('command').filter({ hasText: 'Lock screen' }).first();
    await expect(lockLine).toContainText('Sent');
    await expect(card(page, 'Timeline').getByTestId('timeline-entry').first()).toBeVisible();
  });
});

test.describe('device settings, read only', () => {
  test('a Console User sees the settings without Lock, Create or links, switches disabled; axe', async ({ page }) => {
    await openAs(page, LIAM);
    const { id, name } = DEVICES.readMobile;
    await openDevice(page, 'mobile', id, name, 'settings');
    await expect(page.getByTestId('settings-read-only')).toBeVisible();
    await expect(card(page, 'Lock Screen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lock' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
    await expect(card(page, 'Lock or Unlock Device').getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Google Accounts' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Safe Search' })).toBeDisabled();
    await expect(card(page, 'Product Information')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('navigation', { name: 'Device pages' }).getByRole('link', { name: 'Information' }).click();
    await expect(card(page, 'Product Information').getByRole('button', { name: 'Rename device' })).toHaveCount(0);
  });
});
