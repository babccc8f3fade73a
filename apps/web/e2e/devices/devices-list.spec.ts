/**
 * Devices list (001 §2.1, §9): defaults, filters and the billed choice in the address, search, sort,
 * page size, the dashboard's critical-alerts tile, export, user links in a new tab, the empty state,
 * alert badges and axe. Read only: nothing here changes a device.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, test } from '../fixtures';
import {
  addressParams,
  apiDevices,
  DEFAULT_PARAMS,
  DEVICES,
  devicesTable,
  expect,
  expectRowsMatchApi,
  settled,
  shownNames,
  signInAdmin,
} from './devices-helpers';

const EXPORT_URL = (url: URL) => url.pathname === '/api/mobile/admin/devices/export';
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });
const header = (page: Page, name: string) =>
  devicesTable(page).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const row = (page: Page, name: string) =>
  devicesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').getByRole('link', { name, exact: true }) });

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

test.describe('devices list', () => {
  test.beforeEach(async ({ page }) => {
    await signInAdmin(page);
  });

  test('opens with name A-Z, 25 a page, the default filters, the API first page; axe', async ({ page }) => {
    await page.goto('/devices');
    await expect(page).toHaveTitle('Wayguard | Devices');
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search devices' })).toHaveAttribute(
      'placeholder',
      'Search device...',
    );
    await expect.poll(() => addressParams(page)).toEqual(DEFAULT_PARAMS);
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await expectRowsMatchApi(page);
    const names = await shownNames(page);
    // Deactivated devices are left out by default; Riverside's never show.
    expect(names).toContain(DEVICES.critical.name);
    expect(names).toContain(DEVICES.readMobile.name);
    expect(names).not.toContain(DEVICES.deactivated.name);
    expect(names).not.toContain(DEVICES.riverside.name);
    await expect(filtersButton(page)).toHaveText('Filters');

    // The default flags are ticked in the popup.
    await filtersButton(page).click();
    const popup = page.getByRole('dialog', { name: 'Filters' });
    for (const label of ['Online', 'Offline', 'PC', 'Mobile'])
      await expect(popup.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
    for (const label of ['Deactivated', 'Critical alerts', 'Important alerts'])
      await expect(popup.getByRole('checkbox', { name: label, exact: true })).not.toBeChecked();
    await expectNoA11yViolations(page);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expectNoA11yViolations(page);
  });

  test('a row shows its alert badge, type, user (new tab), OS, version, last online and model', async ({ page }) => {
    await page.goto('/devices');
    await settled(page);
    const pc = row(page, DEVICES.critical.name);
    const badge = pc.getByRole('img', { name: /critical alert/ });
    await expect(badge).toHaveAccessibleName('2 critical alerts');
    await expect(badge).toHaveText('2');
    await expect(pc.getByRole('cell').nth(0)).toHaveText('PC');
    await expect(pc).toContainText('Windows 11');
    await expect(pc).toContainText('5.14.2');
    await expect(pc).toContainText('Latitude 3440');
    // Last online: relative, the exact time as tooltip.
    await expect(pc.locator('time')).toHaveAttribute('title', /\d{4} \d{1,2}:\d{2}(am|pm)/);
    const { devices } = await apiDevices(page, { query: DEVICES.critical.id });
    const user = devices[0]!.user!;
    const userLink = pc.getByRole('link', { name: user.name });
    await expect(userLink).toHaveAttribute('target', '_blank');
    await expect(userLink).toHaveAttribute('rel', /noopener/);
    await expect(userLink).toHaveAttribute(
      'href',
      user.type === 'user' ? `/users/${user.id}` : `/users/server_users/${user.id}`,
    );
    // A tablet: Mobile, its user a console user.
    const tablet = row(page, DEVICES.readMobile.name);
    await expect(tablet.getByRole('cell').nth(0)).toHaveText('Mobile');
    await expect(tablet.getByRole('link', { name: 'Taylor Brooks' })).toHaveAttribute('href', /^\/users\/\d+$/);

    // The name opens the device page.
    await pc.getByRole('link', { name: DEVICES.critical.name }).click();
    await expect(page).toHaveURL(`/devices/machine/${DEVICES.critical.id}`);
  });

  test('a filter change goes into the address, deactivated rows are marked; the billed choice too', async ({
    page,
  }) => {
    await page.goto('/devices?page=1');
    await settled(page);
    await filtersButton(page).click();
    const popup = page.getByRole('dialog', { name: 'Filters' });
    await popup.getByRole('checkbox', { name: 'Mobile', exact: true }).uncheck();
    // One of PC and Mobile stays ticked (issue 26): unticking both would list every device.
    await expect(popup.getByRole('checkbox', { name: 'PC', exact: true })).toBeDisabled();
    await expect(popup).toContainText('At least one of PC and Mobile stays ticked');
    await expect(popup.getByRole('checkbox', { name: 'Online', exact: true })).toBeEnabled();
    await expectNoA11yViolations(page);
    await popup.getByRole('checkbox', { name: 'Deactivated', exact: true }).check();
    await popup.getByRole('button', { name: 'Apply' }).click();
    await expect(filtersButton(page)).toHaveText('Filters (2)');
    await expect.poll(() => addressParams(page)).toEqual({ ...DEFAULT_PARAMS, mobile: '0', deactivated: '1' });
    await expectRowsMatchApi(page);
    const names = await shownNames(page);
    expect(names).toContain(DEVICES.deactivated.name);
    expect(names).not.toContain(DEVICES.readMobile.name);
    await expect(row(page, DEVICES.deactivated.name).getByTestId('deactivated-mark')).toHaveText('Deactivated');

    // Reloading keeps the state.
    await page.reload();
    await expect(filtersButton(page)).toHaveText('Filters (2)');
    await expectRowsMatchApi(page);

    // The billed choice: registered not billed lists NFPC1010.
    await page.getByRole('button', { name: 'Billed', exact: true }).click();
    const billed = page.getByRole('dialog', { name: 'Billed' });
    await billed.getByRole('radio', { name: 'Registered not billed' }).check();
    await expectNoA11yViolations(page);
    await billed.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => addressParams(page).billed).toBe('registered_not_billed');
    await expect(page.getByRole('button', { name: 'Billed (filter applied)' })).toBeVisible();
    await expectRowsMatchApi(page);
    expect(await shownNames(page)).toContain(DEVICES.notBilled.name);
  });

  test('searches on Enter or the button; nothing found shows the empty text', async ({ page }) => {
    await page.goto('/devices');
    await settled(page);
    const box = page.getByRole('textbox', { name: 'Search devices' });
    await box.fill('Tablet 3');
    await box.press('Enter');
    await expect.poll(() => addressParams(page).query).toBe('Tablet 3');
    await expectRowsMatchApi(page);
    expect(await shownNames(page)).toEqual([DEVICES.toggledMobile.name]);

    await box.fill('zz-no-such-device');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(devicesTable(page).getByText('No devices found')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('sorts by a header both ways and changes the page size', async ({ page }) => {
    await page.goto('/devices');
    await settled(page);
    await header(page, 'Name').getByRole('button').click();
    await expect.poll(() => addressParams(page)).toMatchObject({ sort_by: 'name', reverse_order: '1' });
    await expectRowsMatchApi(page);
    await header(page, 'Last Online').getByRole('button').click();
    await expect.poll(() => addressParams(page).sort_by).toBe('last_online');
    await expect(header(page, 'Last Online')).not.toHaveAttribute('aria-sort', 'none');
    await expectRowsMatchApi(page);
    await header(page, 'Type').getByRole('button').click();
    await expect.poll(() => addressParams(page)).toMatchObject({ sort_by: 'type', reverse_order: '0' });
    await expectRowsMatchApi(page);
    // The Serial column (issue 26): shown, and sortable as the API is.
    await header(page, 'Serial').getByRole('button').click();
    await expect.poll(() => addressParams(page)).toMatchObject({ sort_by: 'serial', reverse_order: '0' });
    await expect(header(page, 'Serial')).toHaveAttribute('aria-sort', 'ascending');
    await expectRowsMatchApi(page);
    await expect(row(page, DEVICES.critical.name)).toContainText(DEVICES.critical.id);

    // Page size: 19 Northfield devices fit one page of 25; 50 and 100 are offered.
    const pager = page.getByRole('navigation', { name: 'Devices pages' });
    const size = pager.getByRole('combobox', { name: 'Items per page' });
    await expect(size.locator('option')).toHaveText(['25', '50', '100']);
    await size.selectOption('50');
    await expect.poll(() => addressParams(page).count).toBe('50');
    await expectRowsMatchApi(page);
  });

  test("the dashboard's critical alerts tile lands on the list with critical_alerts=1", async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('tile-critical').click();
    await expect(page).toHaveURL(/\/devices\?.*critical_alerts=1/);
    await expect(filtersButton(page)).toHaveText('Filters (1)');
    await expectRowsMatchApi(page);
    const names = await shownNames(page);
    expect(names).toEqual(expect.arrayContaining([DEVICES.critical.name, DEVICES.alsoCritical.name]));
    const { devices } = await apiDevices(page, { critical_alerts: '1' });
    for (const d of devices) expect(d.critical_alert_count, d.name).toBeGreaterThan(0);
  });

  test('exports the filtered list as an XLSX file', async ({ page }) => {
    await page.goto('/devices?mobile=0&sort_by=last_online&reverse_order=1');
    await settled(page);
    let exportUrl: URL | null = null;
    await page.route(EXPORT_URL, async (route) => {
      exportUrl = new URL(route.request().url());
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const sent = Object.fromEntries((exportUrl as URL | null)?.searchParams ?? []);
    expect(sent).toMatchObject({ sort_by: 'last_online', reverse_order: '1', mobile: '0', machine: '1' });
    expect(sent.page).toBeUndefined();
  });
});
