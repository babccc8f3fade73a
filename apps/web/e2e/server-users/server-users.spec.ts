/**
 * Server and local user details, /users/server_users/{id} (000 §2.1, §3.5, §4.4; 002 §2.10, §8):
 * fields, devices, the left menu, Deleted/Undelete, Delete User, read-only view of a Request Admin,
 * and the redirect to /users of ids that cannot be read.
 */
import type { Page } from '@playwright/test';
import { MSG, type ServerUserDetails } from '@wayguard/contracts';
import { expect as baseExpect, expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { API } from '../shell-helpers';
import {
  STAFF,
  SU,
  signIn,
  serverUserDetails,
  serverUserId,
  serverUserUrl,
  settingsUrl,
  toast,
  userMenu,
} from './server-users-helpers';

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const field = (page: Page, label: string) =>
  page
    .getByTestId('profile-information')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('+ dd');

// Websites, Categories, Media and Screen Captures join the menu when their screens exist (issue 3).
const ALL_PAGES = ['Information', 'Settings', 'Websites', 'Categories', 'Media'];

// First loads fetch the shell's chunks and the registration info: give them time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('server user details', () => {
  // Each test signs in (argon2) and walks a whole flow with several round trips: slow on a busy machine.
  test.describe.configure({ timeout: 150_000 });

  test('a domain user: fields, devices, menu and breadcrumb', async ({ page }) => {
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.ahmed);
    const user = await serverUserDetails(page, id);
    await page.goto(serverUserUrl(id));

    await expect(page).toHaveTitle('Wayguard | Server User Details');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SU.ahmed);
    await expect(page.getByTestId('server-user-type')).toHaveText('Server/Domain User');
    await expect(page.getByTestId('server-user-status')).toHaveText('Activated');
    await expect(breadcrumb(page).getByText(SU.ahmed)).toHaveAttribute('aria-current', 'page');

    await expect(field(page, 'Username')).toHaveText(SU.ahmed);
    await expect(field(page, 'First name')).toHaveText('Ahmed');
    await expect(field(page, 'Last name')).toHaveText('Pupil');
    await expect(field(page, 'Type')).toHaveText('Server/Domain User');
    await expect(field(page, 'Status')).toHaveText('Activated');
    await expect(field(page, 'Last active')).toHaveText('Today');
    await expect(field(page, 'Connection')).toHaveText('NORTHFIELD-DC01');
    await expect(field(page, 'Connection type')).toHaveText('Active Directory');
    await expect(field(page, 'Last sync')).toHaveText(/^\d{1,2} \w{3} \d{4} \d{1,2}:\d{2}(am|pm)$/);
    await expect(field(page, 'Date created')).toHaveText(/^\d{1,2} \w{3} \d{4} \d{1,2}:\d{2}(am|pm)$/);

    // Devices link to their pages.
    expect(user.devices.length).toBeGreaterThan(0);
    const devices = page.getByTestId('devices');
    for (const d of user.devices)
      await expect(devices.getByRole('link', { name: d.name })).toHaveAttribute('href', `/devices/${d.type}/${d.id}`);

    // Every page of an active user (Northfield has both screen-capture permissions).
    const menu = userMenu(page);
    await expect(menu.getByRole('link')).toHaveText(ALL_PAGES);
    await expect(menu.getByRole('link', { name: 'Information' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Delete User' })).toBeVisible();
    await expectNoA11yViolations(page);

    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(settingsUrl(id));
    await expect(breadcrumb(page).getByRole('link', { name: SU.ahmed })).toHaveAttribute('href', serverUserUrl(id));
    await expect(breadcrumb(page).getByText('Settings')).toHaveAttribute('aria-current', 'page');

    await page.goto(serverUserUrl(id));
    const first = user.devices[0]!;
    await devices.getByRole('link', { name: first.name }).click();
    await expect(page).toHaveURL(`/devices/${first.type}/${first.id}`);
  });

  test('the menu lists the pages that exist; a web-access page opened by address keeps the menu', async ({ page }) => {
    await signIn(page, DEMO.family);
    const id = await serverUserId(page.request, 'kid@RIVERSIDE-MARKER-PC');
    await page.goto(serverUserUrl(id));
    const menu = userMenu(page);
    await expect(menu.getByRole('link')).toHaveText(ALL_PAGES);
    await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', `${serverUserUrl(id)}/settings`);
    // A web-access page opened by address keeps the user's layout, its entry the current one.
    await page.goto(`${serverUserUrl(id)}/websites`);
    await expect(page).toHaveTitle('Wayguard | Server User Websites');
    await expect(userMenu(page).getByRole('link')).toHaveText(ALL_PAGES);
    await expect(userMenu(page).getByRole('link', { name: 'Websites' })).toHaveAttribute('aria-current', 'page');
  });

  test('a local Windows user without devices', async ({ page }) => {
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.lab02);
    await page.goto(serverUserUrl(id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SU.lab02);
    await expect(page.getByTestId('server-user-type')).toHaveText('Local Windows User');
    await expect(field(page, 'Type')).toHaveText('Local Windows User');
    await expect(field(page, 'First name')).toHaveText('Not set');
    await expect(field(page, 'Connection')).toHaveText('None');
    await expect(field(page, 'Connection type')).toHaveText('None');
    await expect(field(page, 'Last sync')).toHaveText('Never');
    await expect(field(page, 'Last active')).toHaveText('3 days ago');
    await expect(page.getByTestId('devices')).toContainText(MSG.noDevices);
    await expectNoA11yViolations(page);
  });

  test('a deleted user is shown as Deleted: undelete, then Delete User asks first', async ({ page }) => {
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.library);
    await page.goto(serverUserUrl(id));

    await expect(page.getByTestId('server-user-status')).toHaveText('Deleted');
    await expect(field(page, 'Status')).toHaveText('Deleted');
    const banner = page.getByTestId('deleted-banner');
    await expect(banner).toContainText(MSG.serverUserDeleted);
    await expect(userMenu(page).getByRole('link')).toHaveText(['Information']);
    await expect(page.getByRole('button', { name: 'Delete User' })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Settings of a deleted user go back to the user's page.
    await page.goto(settingsUrl(id));
    await expect(page).toHaveURL(serverUserUrl(id));
    await expect(banner).toBeVisible();
    // Their web access and Screen Captures go to the root (issue 26; 002 §4.10), and the server refuses rules.
    for (const sub of ['websites', 'categories', 'media', 'screen-captures']) {
      await page.goto(`${serverUserUrl(id)}/${sub}`);
      await expect(page, sub).toHaveURL(/\/$/);
    }
    await page.goto(serverUserUrl(id));
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Undelete' }).click();
    await expect(toast(page, MSG.serverUserUndeleted)).toBeVisible();
    await expect(page.getByTestId('server-user-status')).toHaveText('Activated');
    await expect(banner).toHaveCount(0);
    await expect(userMenu(page).getByRole('link')).toHaveText(ALL_PAGES);

    // Delete User: a dialog first; Escape and Cancel leave the user as they are.
    const deleteButton = page.getByRole('button', { name: 'Delete User' });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(SU.library);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(deleteButton).toBeFocused();
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await serverUserDetails(page, id)).status).toBe('activated');

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expect(toast(page, MSG.serverUserDeleted)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('server-user-status')).toHaveText('Deleted');
    await expect(banner).toBeVisible();
    expect((await serverUserDetails(page, id)).status).toBe('deactivated');
  });

  test('a Request Admin sees a read-only view', async ({ page }) => {
    await signIn(page, STAFF.requestsAdmin);
    const ahmed = await serverUserId(page.request, SU.ahmed);
    const library = await serverUserId(page.request, SU.library);

    await page.goto(serverUserUrl(ahmed));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SU.ahmed);
    await expect(page.getByRole('button', { name: 'Delete User' })).toHaveCount(0);

    await page.goto(settingsUrl(ahmed));
    await expect(page.getByTestId('user-access')).toContainText('Only a Console Admin can delete this user.');
    await expect(page.getByRole('button', { name: 'Delete User' })).toHaveCount(0);
    const switches = page.getByRole('switch');
    await expect(switches).toHaveCount(7);
    for (const s of await switches.all()) await expect(s).toBeDisabled();
    await expect(page.getByText('Only a Console Admin can change these options.')).toHaveCount(2);
    await expectNoA11yViolations(page);

    await page.goto(serverUserUrl(library));
    await expect(page.getByTestId('server-user-status')).toHaveText('Deleted');
    await expect(page.getByTestId('deleted-banner')).toContainText('Only a Console Admin can undelete them.');
    await expect(page.getByRole('button', { name: 'Undelete' })).toHaveCount(0);
  });

  test('ids that cannot be read go to /users', async ({ page, playwright, baseURL }) => {
    // Riverside's local user, found through Riverside's own session.
    const riverside = await playwright.request.newContext({ baseURL });
    const login = await riverside.post(`${API}/login`, {
      headers: { 'x-csrf-token': 'anonymous' },
      data: { username: DEMO.family.username, password: DEMO.family.password },
    });
    expect(login.status()).toBe(200);
    const kid = await serverUserId(riverside, 'kid@RIVERSIDE-MARKER-PC');
    await riverside.dispose();

    await signIn(page, STAFF.consoleAdmin);
    const res = await page.request.get(`${API}/server_users/details`, { params: { id: kid } });
    expect(res.status()).toBe(404);

    for (const path of [
      serverUserUrl(kid),
      settingsUrl(kid),
      '/users/server_users/2147483000',
      '/users/server_users/abc',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/users(\?|$)/);
    }
    await expect(page.getByText('kid@RIVERSIDE-MARKER-PC')).toHaveCount(0);
  });
});

test.describe('server user dates', () => {
  // UTC+14: 17 Oct 2025 12:00 UTC is 18 Oct 2:00am there.
  test.use({ timezoneId: 'Pacific/Kiritimati' });
  test.describe.configure({ timeout: 120_000 });

  test("show in the user's time zone", async ({ page }) => {
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.ahmed);
    const noonUtc = Date.UTC(2025, 9, 17, 12) / 1000;
    await page.route(/\/server_users\/details\?/, async (route) => {
      const res = await route.fetch();
      const user = (await res.json()) as ServerUserDetails;
      await route.fulfill({ response: res, json: { ...user, date_created: noonUtc, last_sync: noonUtc + 90 * 60 } });
    });
    await page.goto(serverUserUrl(id));
    await expect(field(page, 'Date created')).toHaveText('18 Oct 2025 2:00am');
    await expect(field(page, 'Last sync')).toHaveText('18 Oct 2025 3:30am');
  });
});
