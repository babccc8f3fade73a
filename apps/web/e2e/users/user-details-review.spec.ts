/**
 * User pages as the review found them wanting (000 §2.8, §6, §9; 002 §2.6, §2.7, §4.2, §5): pages whose
 * menu entry is hidden, the type tiles by keyboard with a visible focus ring, an edit that must not
 * follow the Profile link, dates in the browser's time zone, a Request Admin's own settings, and a
 * user of another account.
 */
import { MSG } from '@wayguard/contracts';
import type { Locator } from '@playwright/test';
import { expectNoA11yViolations, test } from '../fixtures';
import { DEMO, STAFF_PASSWORD } from '../demo';
import {
  apiUser,
  dialog,
  expect,
  openUser,
  section,
  signIn,
  toast,
  userId,
  userMenu,
  valueOf,
} from './user-details-helpers';

test.describe.configure({ timeout: 180_000 });

const ADMIN = { username: 'amelia.adams21', password: STAFF_PASSWORD, fullName: 'Amelia Adams' };
const REQUEST_ADMIN = { username: 'ella.jones25', password: STAFF_PASSWORD, fullName: 'Ella Jones' };
/** Activated Wayguard Users without devices, used by no other spec. */
const KEYBOARD_TARGET = 'ruby.king38';
const NO_DEVICES = 'peter.fisher16';
/** Deactivated, used by no other spec. */
const DEACTIVATED = 'nathan.baker34';

const outline = (l: Locator) =>
  l.evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.outlineStyle} ${s.outlineWidth}`;
  });

test.describe('as a Console Admin', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test('a page whose menu entry is hidden goes to Information', async ({ page }) => {
    const id = await openUser(page, NO_DEVICES);
    await expect(userMenu(page).getByRole('link')).toHaveText(['Information', 'Settings']);
    await page.goto(`/users/${id}/apps`);
    await expect(page).toHaveURL(`/users/${id}`);
    await expect(section(page, 'Profile Information')).toBeVisible();

    const gone = await userId(page, DEACTIVATED);
    for (const sub of ['/settings', '/apps']) {
      await page.goto(`/users/${gone}${sub}`);
      await expect(page).toHaveURL(`/users/${gone}`);
      await expect(page.getByRole('region', { name: 'User status' })).toContainText(MSG.userDeactivatedBanner);
    }
  });

  test('type tiles work by keyboard, with a visible focus ring', async ({ page }) => {
    const id = await openUser(page, KEYBOARD_TARGET, '/settings');
    const types = section(page, 'User Type');
    const consoleAdmin = types.getByRole('button', { name: /^Console Admin/ });
    const requestAdmin = types.getByRole('button', { name: /^Request Admin/ });
    const wayguardUser = types.getByRole('button', { name: /^Wayguard User/ });

    await userMenu(page).getByRole('link', { name: 'Settings' }).focus();
    await page.keyboard.press('Tab');
    await expect(consoleAdmin).toBeFocused();
    expect(await outline(consoleAdmin)).toBe('solid 2px');

    // Escape closes the dialog without a change and gives focus back to the tile.
    await page.keyboard.press('Enter');
    const enableAdmin = dialog(page, 'Enable Console Admin');
    await expect(enableAdmin.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(enableAdmin).toHaveCount(0);
    await expect(consoleAdmin).toBeFocused();
    expect((await apiUser(page, id)).type.type).toBe('console_user');

    await page.keyboard.press('Tab');
    await expect(requestAdmin).toBeFocused();
    await page.keyboard.press('Enter');
    const enable = dialog(page, 'Enable Request Admin');
    await expect(enable).toContainText('Ruby King will become a Request Admin');
    await page.keyboard.press('Tab');
    await expect(enable.getByRole('button', { name: 'Enable' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, MSG.lastActionSuccess)).toBeVisible();
    await expect(enable).toHaveCount(0);
    // The chosen tile is now the current one: still focusable, pressed and disabled.
    await expect(requestAdmin).toHaveAttribute('aria-pressed', 'true');
    await expect(requestAdmin).toBeDisabled();
    await expect(requestAdmin).toBeFocused();
    await expect(page.getByTestId('user-type')).toHaveText('Request Admin');

    // Back to Wayguard User through the removal dialog, by keyboard too.
    await page.keyboard.press('Tab');
    await expect(wayguardUser).toBeFocused();
    await page.keyboard.press('Enter');
    const removal = dialog(page, 'Remove admin status');
    await expect(removal).toContainText('Ruby King is a Request Admin now.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(removal).toHaveCount(0);
    await expect(page.getByTestId('user-type')).toHaveText('Wayguard User');
    await expect(wayguardUser).toBeFocused();
    expect((await apiUser(page, id)).type.type).toBe('console_user');
  });

  test('a half-done edit does not follow the Profile link to one’s own page', async ({ page }) => {
    const other = await openUser(page, NO_DEVICES);
    const own = await userId(page, ADMIN.username);
    const openProfile = async () => {
      await page.getByRole('button', { name: `Profile menu for ${ADMIN.fullName}` }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expect(page).toHaveURL(`/users/${own}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ADMIN.fullName);
    };
    // Both pages loaded once, so that each opens from the cache, without a loader in between.
    await openProfile();
    await page.goBack();
    await expect(page).toHaveURL(`/users/${other}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Peter Fisher');
    const card = section(page, 'Profile Information');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Last name').fill('Changed');

    await openProfile();
    await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(valueOf(page, 'Profile Information', 'Email address')).toHaveText('amelia.adams21@staff.nf.example');
    await expect(valueOf(page, 'Profile Information', 'Last name')).toHaveText('Adams');
    expect((await apiUser(page, other)).last_name).toBe('Fisher');
  });

  test('another account’s user reads as not found', async ({ page, browser }) => {
    const id = await userId(page, NO_DEVICES);
    const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.202.1.1' } });
    const family = await other.newPage();
    try {
      await signIn(family, DEMO.family);
      await family.goto(`/users/${id}`);
      await expect(family).toHaveURL(/\/users(\?|$)/);
      await expect(family.getByRole('heading', { name: 'Users List' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});

test.describe('in another time zone', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('dates show in the browser’s time zone (000 §9 format)', async ({ page }) => {
    await signIn(page, ADMIN);
    const id = await openUser(page, 'jack.davies30');
    const user = await apiUser(page, id);
    const failed = user.failed_email_delivery_info;
    if (!failed) throw new Error('jack.davies30 has no failed delivery in the demo data');
    // The zone matters: +5:30 never gives the same clock time as UTC.
    expect(inZone(user.date_created, 'Asia/Kolkata')).not.toBe(inZone(user.date_created, 'UTC'));
    const created = section(page, 'Profile Details')
      .locator('dt', { hasText: /^Date created$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(created).toHaveText(inZone(user.date_created, 'Asia/Kolkata'));
    await expect(page.getByRole('region', { name: 'Email delivery' })).toContainText(
      `on ${inZone(failed.date, 'Asia/Kolkata')}.`,
    );
  });
});

test('a Request Admin’s own settings: Beta Versions only, read only; no two-factor', async ({ page }) => {
  await signIn(page, REQUEST_ADMIN);
  await page.getByRole('button', { name: `Profile menu for ${REQUEST_ADMIN.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByTestId('user-self')).toBeVisible();
  await expect(section(page, 'Profile Information').getByRole('button', { name: 'Edit' })).toBeVisible();
  await userMenu(page).getByRole('link', { name: 'Settings' }).click();

  const types = section(page, 'User Type');
  await expect(types).toContainText('You cannot change your own type.');
  await expect(types.getByRole('button', { name: /^Request Admin/ })).toHaveAttribute('aria-pressed', 'true');
  for (const name of [/^Console Admin/, /^Request Admin/, /^Wayguard User/])
    await expect(types.getByRole('button', { name })).toBeDisabled();
  await expect(section(page, 'User Access').getByRole('button')).toHaveText(['Change password']);
  const options = section(page, 'User Options');
  await expect(options.getByRole('switch', { name: 'Beta Versions' })).toBeDisabled();
  await expect(options.getByRole('switch', { name: 'Mobile App Access' })).toHaveCount(0);
  await expect(options.getByRole('switch', { name: 'Two-factor authentication' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

/** 'D MMM YYYY h:mma' in a time zone, computed apart from the app's own formatting. */
function inZone(unixSeconds: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
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
}
