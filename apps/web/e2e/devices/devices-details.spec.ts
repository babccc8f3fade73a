/**
 * Device details (001 §2.2, §3, §4): the title and cards, '---' for missing values, Copy with its
 * confirmation, the alert tabs, the Commands and Timeline cards, a failed fetch going back to the list,
 * a deactivated device, and axe. Read only, except the rename test, which renames NFPC1003 (no other
 * spec reads it).
 */
import { DEVICE_MSG, type DeviceAlertsResponse, type DeviceDetails } from '@wayguard/contracts';
import type { Locator } from '@playwright/test';
import { API } from '../api-helpers';
import { expectNoA11yViolations, test } from '../fixtures';
import { userId } from '../users/users-list-helpers';
import { card, DEVICES, expect, expectToast, openDevice, recordToasts, signInAdmin } from './devices-helpers';

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

/** The value next to a label of a card's description list. */
const valueOf = (region: Locator, label: string) =>
  region
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('device details', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
    await signInAdmin(page);
  });

  test("a PC's cards, Copy, the alert tabs, the left menu; axe", async ({ page, context }) => {
    const { id, name } = DEVICES.critical;
    await openDevice(page, 'machine', id, name);
    await expect(page).toHaveTitle(`Wayguard | Device Details for ${name}`);

    const product = card(page, 'Product Information');
    await expect(product).toContainText(name);
    await expect(product).toContainText(id);
    await expect(product).toContainText('5.14.2');
    await expect(product).toContainText('LK-NF-4000');
    await expect(product).toContainText('Northfield Academy');
    await expect(product).toContainText('Licence type');
    await expect(product).toContainText('Education');
    for (const title of ['User Information', 'Status Information', 'System Information', 'Commands', 'Timeline'])
      await expect(card(page, title)).toBeVisible();
    await expect(card(page, 'Status Information')).toContainText('Last online');
    const system = card(page, 'System Information');
    await expect(system).toContainText('Windows 11');
    // Every machine field of 001 §3 has its row (issue 26).
    await expect(valueOf(system, 'UUID')).toHaveText(/^4C4C4544-/);
    await expect(valueOf(system, 'Graphics cards')).toHaveText('Intel Iris Xe Graphics (134 MB)');
    await expect(valueOf(system, 'Filter mode')).toHaveText(/^Filtered · since \d/);
    for (const label of ['Dispatch date', 'SIM cards', 'Safe-search user'])
      await expect(valueOf(system, label), label).toBeVisible();

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await product.getByRole('button', { name: 'Copy serial number' }).click();
    await expectToast(page, DEVICE_MSG.serialCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);

    // Alerts: codes 200 (Internet) and 302 (Tamper); Internet, the first with alerts, opens first.
    const alerts = card(page, 'Device Alerts');
    await expect(alerts.getByRole('tab', { name: 'Internet (1)' })).toHaveAttribute('aria-selected', 'true');
    await expect(alerts.getByRole('tabpanel')).toContainText('Internet filter not responding');
    await alerts.getByRole('tab', { name: 'Tamper (1)' }).click();
    await expect(alerts.getByRole('tabpanel')).toContainText('Tamper attempt detected');
    await alerts.getByRole('tab', { name: 'Validation (0)' }).click();
    await expect(alerts.getByRole('tabpanel')).toHaveText('No alerts');
    // Critical only when all three tabs hold a critical warning.
    await expect(alerts.getByTestId('alerts-critical')).toHaveCount(0);

    // The left menu: the machine's Apps opens the classic console's process history in a new tab.
    const menu = page.getByRole('navigation', { name: 'Device pages' });
    await expect(menu.getByRole('link', { name: 'Information' })).toHaveAttribute('aria-current', 'page');
    const apps = menu.getByRole('link', { name: /^Apps/ });
    await expect(apps).toHaveAttribute('target', '_blank');
    await expect(apps).toHaveAttribute('href', new RegExp(`/process-history\\?serial=${id}$`));
    await expectNoA11yViolations(page);
  });

  test('a tablet: mobile system information, one alerts tab, critical on an update failure; axe', async ({ page }) => {
    await openDevice(page, 'mobile', 'NFMB2002', 'Northfield Tablet 2');
    await expect(card(page, 'Product Information')).not.toContainText('Licence type');
    const system = card(page, 'System Information');
    for (const label of ['IMEI', 'Zero-touch enrolled', 'SIM cards', 'Secondary accounts'])
      await expect(system).toContainText(label);
    await expect(system).not.toContainText('Manufacturer serial');
    const alerts = card(page, 'Device Alerts');
    await expect(alerts.getByRole('tab')).toHaveText(['Alerts (1)']);
    await expect(alerts.getByRole('tabpanel')).toContainText('App update failed');
    await expect(alerts.getByTestId('alerts-critical')).toHaveText('Critical');
    await expect(card(page, 'User Information').getByRole('link', { name: 'Taylor Brooks' })).toHaveAttribute(
      'target',
      '_blank',
    );
    const menu = page.getByRole('navigation', { name: 'Device pages' });
    await expect(menu.getByRole('link', { name: 'Apps' })).toHaveAttribute('href', '/devices/mobile/NFMB2002/apps');
    await expectNoA11yViolations(page);

    // The user page's Devices card lands on the device page.
    await page.goto(`/users/${await userId(page, 'teacher')}`);
    await card(page, 'Devices').getByRole('link', { name: DEVICES.readMobile.name }).click();
    await expect(page).toHaveURL(`/devices/mobile/${DEVICES.readMobile.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Device Details for ${DEVICES.readMobile.name}`);
    await expect(card(page, 'Device Alerts')).toContainText('No alerts');
  });

  test("missing values read '---'; only the first drive, key and adapter show; the safe-search user's link", async ({
    page,
  }) => {
    const { id } = DEVICES.alsoCritical;
    const pupilId = 4242;
    await page.route(
      (url) => url.pathname === `${API}/devices/details`,
      async (route) => {
        const device = (await (await route.fetch()).json()) as DeviceDetails;
        const drive = {
          name: 'Disk 0',
          interface_type: 'NVMe',
          media_type: 'SSD',
          model: 'First Drive',
          capacity: 512e9,
        };
        const adapter = { name: 'First Adapter', mac_address: '00:11:22:33:44:55', ip_address: '10.0.0.5' };
        await route.fulfill({
          json: {
            ...device,
            version: '',
            license_key: '',
            license_type: null,
            status_updated: 0,
            machine: {
              ...device.machine!,
              processor: '',
              domain: '',
              hard_drives: [drive, { ...drive, model: 'Second Drive' }],
              network_adapters: [adapter, { ...adapter, name: 'Second Adapter' }],
              windows_product_keys: [],
              sim_cards: [{ name: 'SIM 1', carrier_name: 'EE', phone_number: '', roaming: false, imei: '' }],
              dispatch_date: 0,
              safe_search_user: 'year7.ahmed@northfield.local',
              safe_search_user_id: pupilId,
              safe_search_user_type: 'server_user',
              safe_search_user_recorded: 0,
              office_product_keys: [
                { product: 'Office 2021', key: 'FIRST-KEY' },
                { product: 'Office 2019', key: 'SECOND-KEY' },
              ],
            },
          } satisfies DeviceDetails,
        });
      },
    );
    await openDevice(page, 'machine', id, DEVICES.alsoCritical.name);
    const product = card(page, 'Product Information');
    const status = card(page, 'Status Information');
    const system = card(page, 'System Information');
    for (const [region, label] of [
      [product, 'Version'],
      [product, 'Licence key'],
      [product, 'Licence type'],
      [status, 'Status updated'],
      [system, 'Processor'],
      [system, 'Domain'],
      [system, 'Microsoft Windows key'],
      [system, 'Dispatch date'],
    ] as const)
      await expect(valueOf(region, label), label).toHaveText('---');
    await expect(valueOf(system, 'Hard drive')).toHaveText('First Drive (512 GB, NVMe, SSD)');
    await expect(valueOf(system, 'Network adapter')).toContainText('First Adapter');
    await expect(valueOf(system, 'Microsoft Office key')).toContainText('FIRST-KEY');
    await expect(system).not.toContainText('Second');
    await expect(system).not.toContainText('SECOND-KEY');
    await expect(valueOf(system, 'SIM cards')).toHaveText('SIM 1 · EE');
    const safeSearch = valueOf(system, 'Safe-search user');
    await expect(safeSearch.getByRole('link', { name: 'year7.ahmed@northfield.local' })).toHaveAttribute(
      'href',
      `/users/server_users/${pupilId}`,
    );
    await expect(safeSearch).toContainText('Server user');
  });

  test("an alert whose code is in none of the three tabs shows in an 'Other' tab", async ({ page }) => {
    const { id, name } = DEVICES.alsoCritical;
    await page.route(
      (url) => url.pathname === `${API}/devices/alerts`,
      (route) =>
        route.fulfill({
          json: {
            alerts: [
              { code: 410, group_id: 'update_failure', title: 'Update could not be installed', description: '' },
            ],
          } satisfies DeviceAlertsResponse,
        }),
    );
    await openDevice(page, 'machine', id, name);
    const alerts = card(page, 'Device Alerts');
    await expect(alerts.getByRole('tab')).toHaveText(['Internet (0)', 'Tamper (0)', 'Validation (0)', 'Other (1)']);
    await expect(alerts.getByRole('tab', { name: 'Other (1)' })).toHaveAttribute('aria-selected', 'true');
    await expect(alerts.getByRole('tabpanel')).toContainText('Update could not be installed');
    await expect(alerts).not.toContainText('No alerts');
    await expectNoA11yViolations(page);
  });

  test('rename: too short on blur, Cancel returns to the view, Save updates the name', async ({ page }) => {
    const { id } = DEVICES.renamed;
    const before = (await (
      await page.request.get(`${API}/devices/details`, { params: { id, type: 'machine' } })
    ).json()) as DeviceDetails;
    await openDevice(page, 'machine', id, before.name);
    const product = card(page, 'Product Information');

    await product.getByRole('button', { name: 'Rename device' }).click();
    const field = product.getByRole('textbox', { name: 'Device name' });
    await expect(field).toBeFocused();
    await field.fill('ab');
    await expect(product.getByText('Please enter at least 3 characters')).toHaveCount(0);
    await field.blur();
    await expect(product.getByText('Please enter at least 3 characters')).toBeVisible();
    await expectNoA11yViolations(page);
    await product.getByRole('button', { name: 'Cancel' }).click();
    await expect(field).toHaveCount(0);
    await expect(product.getByTestId('device-name')).toHaveText(before.name);

    const renamed = `Library PC ${Date.now() % 100000}`;
    await product.getByRole('button', { name: 'Rename device' }).click();
    await field.fill(renamed);
    await product.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, DEVICE_MSG.nameUpdated);
    await expect(product.getByTestId('device-name')).toHaveText(renamed);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Device Details for ${renamed}`);
    await expect(card(page, 'Timeline')).toContainText(renamed);
  });

  test('a device that cannot be fetched goes back to the list with an error toast', async ({ page }) => {
    await page.goto('/devices/machine/NOSUCHDEVICE');
    await expect(page).toHaveURL(/\/devices(\?|$)/);
    await expectToast(page, DEVICE_MSG.notFound);
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
    // Another account's device is not found either.
    await page.goto(`/devices/machine/${DEVICES.riverside.id}`);
    await expect(page).toHaveURL(/\/devices(\?|$)/);
  });

  test('a deactivated device shows when, and its sub-pages go to its page', async ({ page }) => {
    const { id, name } = DEVICES.deactivated;
    await openDevice(page, 'machine', id, name, 'settings');
    await expect(page).toHaveURL(`/devices/machine/${id}`);
    await expect(page.getByTestId('deactivated-banner')).toContainText('Deactivated on');
    await expect(page.getByRole('navigation', { name: 'Device pages' }).getByRole('link')).toHaveText(['Information']);
    await expectNoA11yViolations(page);
  });
});

test.describe("device dates in the viewer's time zone (issue 26)", () => {
  const zone = 'Pacific/Auckland';
  test.use({ timezoneId: zone });
  test.beforeEach(async ({ page }) => signInAdmin(page));

  /** 'D MMM YYYY h:mma' of a unix time in `zone` (lib/dates' format), worked out apart from the page. */
  const inZone = (unixSeconds: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      })
        .formatToParts(new Date(unixSeconds * 1000))
        .map((p) => [p.type, p.value]),
    );
    return `${parts.day} ${parts.month} ${parts.year} ${parts.hour}:${parts.minute}${String(parts.dayPeriod).toLowerCase()}`;
  };

  test("'Status updated' and 'Registered' render in the browser's zone; the policy reads by its number", async ({
    page,
  }) => {
    const { id, name } = DEVICES.critical;
    const device = (await (
      await page.request.get(`${API}/devices/details`, { params: { id, type: 'machine' } })
    ).json()) as DeviceDetails;
    await openDevice(page, 'machine', id, name);
    const status = card(page, 'Status Information');
    await expect(valueOf(status, 'Registered')).toHaveText(inZone(device.registered_date));
    await expect(valueOf(status, 'Status updated')).toHaveText(inZone(device.status_updated));
    await expect(valueOf(status, 'Web access policy')).toHaveText(/^Version \d+ · (Applied|Pending)$/);
  });
});
