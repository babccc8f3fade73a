/**
 * Users list actions (000 §4.4, §4.5, §5, §8): Create User with every validation message, create_user=1,
 * the row menu's actions by status with their toasts, the note dialog's rule, a server user's Undelete,
 * and refusals. Changes only the demo users assigned to these specs (MINE) and new 'e2elist…' users,
 * and puts back what it changes.
 */
import { MSG, USER_MSG } from '@wayguard/contracts';
import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations, latestMailTo, test } from '../fixtures';
import {
  addressParams,
  apiUsers,
  findUser,
  MINE,
  openRowMenu,
  postAsPage,
  signInAdmin,
  clearToasts,
  expect,
  expectToast,
  recordToasts,
  userId,
} from './users-list-helpers';

/** The Status cell of a row (the row header is the username; then first name, last name, email, type). */
const statusCell = (row: Locator) => row.getByRole('cell').nth(4);
const createDialog = (page: Page) => page.getByRole('dialog', { name: 'Create User' });
const uniqueName = () => `e2elist${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Picks an option of a searchable Mantine select. */
async function choose(page: Page, label: string, search: string, option: string) {
  // By role and exact name: the country select's clear button is a labelled button of its own.
  const input = createDialog(page).getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

// Other engineers' runs share this machine: slow moments are normal, failures are not.
test.describe.configure({ timeout: 180_000 });

test.describe('create user', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
    await signInAdmin(page);
    await page.goto('/users');
  });

  test('validates every field on blur; Create stays disabled until the form is valid; axe', async ({ page }) => {
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = createDialog(page);
    await expect(dialog).toBeVisible();
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await expect(create).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: /Wayguard User/ })).toHaveAttribute('aria-checked', 'true');

    const username = dialog.getByLabel('Username');
    await username.focus();
    await username.blur();
    await expect(dialog.getByText(MSG.usernameRequiredCreate)).toBeVisible();
    await username.fill('abcd');
    await username.blur();
    await expect(dialog.getByText(MSG.usernameMin)).toBeVisible();
    await username.fill('x'.repeat(33));
    await username.blur();
    await expect(dialog.getByText(MSG.usernameMax)).toBeVisible();

    const email = dialog.getByLabel('Email address');
    await email.focus();
    await email.blur();
    await expect(dialog.getByText(MSG.emailInvalidLong)).toBeVisible();
    await email.fill('not-an-address');
    await email.blur();
    await expect(dialog.getByText(MSG.emailInvalidLong)).toBeVisible();

    await dialog.getByLabel('First name').fill('A');
    await dialog.getByLabel('First name').blur();
    await expect(dialog.getByText(MSG.firstNameRequired)).toBeVisible();
    await dialog.getByLabel('Last name').fill('B');
    await dialog.getByLabel('Last name').blur();
    await expect(dialog.getByText(MSG.lastNameRequired)).toBeVisible();

    const zone = dialog.getByLabel('Time zone');
    await zone.focus();
    await zone.blur();
    await expect(dialog.getByText(MSG.timezoneRequired)).toBeVisible();

    // Telephone: any part given needs all three.
    await dialog.getByLabel('Area code').fill('161');
    await dialog.getByLabel('Area code').blur();
    await expect(dialog.getByText(MSG.countryCodeRequired)).toBeVisible();
    await expect(dialog.getByText(MSG.telephoneRequired)).toBeVisible();
    await choose(page, 'Telephone country code', 'United Kingdom', 'United Kingdom (+44)');
    await dialog.getByLabel('Area code').fill('');
    await dialog.getByLabel('Telephone number').fill('4960000');
    await dialog.getByLabel('Telephone number').blur();
    await expect(dialog.getByText(MSG.areaCodeRequired)).toBeVisible();

    // Mobile: number and country code together.
    await dialog.getByLabel('Mobile number').fill('7700900123');
    await dialog.getByLabel('Mobile number').blur();
    await expect(dialog.getByText(MSG.countryCodeRequired)).toHaveCount(1);
    await dialog.getByLabel('Mobile number').fill('');
    await choose(page, 'Mobile country code', 'Ireland', 'Ireland (+353)');
    await dialog.getByRole('combobox', { name: 'Mobile country code', exact: true }).blur();
    await expect(dialog.getByText(MSG.mobileRequired)).toBeVisible();
    await expect(create).toBeDisabled();
    await expectNoA11yViolations(page);

    // Valid: Create is enabled.
    await username.fill(uniqueName());
    await email.fill('valid@example.com');
    await dialog.getByLabel('First name').fill('Val');
    await dialog.getByLabel('Last name').fill('Id');
    await choose(page, 'Time zone', 'Europe/London', '(UTC+00:00) Europe/London');
    await dialog.getByLabel('Area code').fill('161');
    await dialog.getByLabel('Mobile number').fill('851234567');
    await dialog.getByLabel('Mobile number').blur();
    await expect(create).toBeEnabled();
    for (const m of [MSG.usernameMax, MSG.emailInvalidLong, MSG.areaCodeRequired, MSG.mobileRequired])
      await expect(dialog.getByText(m)).toHaveCount(0);

    // Cancel closes without creating; reopening starts empty.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(createDialog(page).getByLabel('Username')).toHaveValue('');
  });

  test("creates a user (type as options.type_id, incomplete phones left out); 'User has been created'", async ({
    page,
  }) => {
    const name = uniqueName();
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = createDialog(page);
    await dialog.getByLabel('Username').fill(name);
    await dialog.getByRole('radio', { name: /Request Admin/ }).click();
    await dialog.getByLabel('Email address').fill(`${name.slice(0, 16)}@example.com`);
    await dialog.getByLabel('First name').fill('Erin');
    await dialog.getByLabel('Last name').fill('Listcreate');
    await choose(page, 'Time zone', 'Europe/London', '(UTC+00:00) Europe/London');
    await choose(page, 'Mobile country code', 'United Kingdom', 'United Kingdom (+44)');
    await dialog.getByLabel('Mobile number').fill('7700900123');
    await dialog.getByLabel('Mobile number').blur();

    const sent = page.waitForRequest((r) => r.url().endsWith('/users/create') && r.method() === 'POST');
    const refetch = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/mobile/admin/users');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      username: name,
      email_address: `${name.slice(0, 16)}@example.com`,
      first_name: 'Erin',
      last_name: 'Listcreate',
      time_zone: 'Europe/London',
      mobile: { country_code_id: expect.any(Number), number: '7700900123' },
      options: { type_id: 261 },
    });
    await expectToast(page, MSG.userCreated);
    await expect(dialog).toBeHidden();
    await refetch; // the list is fetched again

    const created = (await apiUsers(page, { query: name })).users.find((u) => u.username === name);
    expect(created).toMatchObject({ status: 'awaiting_activation', type: { type: 'requests_admin' } });
    await findUser(page, name);
  });

  test('a complete telephone is sent; a Console Admin type is 41', async ({ page }) => {
    const name = uniqueName();
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = createDialog(page);
    await dialog.getByLabel('Username').fill(name);
    await dialog.getByRole('radio', { name: /Console Admin/ }).click();
    await dialog.getByLabel('Email address').fill(`${name.slice(0, 16)}@example.com`);
    await dialog.getByLabel('First name').fill('Tel');
    await dialog.getByLabel('Last name').fill('Complete');
    await choose(page, 'Time zone', 'Europe/London', '(UTC+00:00) Europe/London');
    await choose(page, 'Telephone country code', 'United Kingdom', 'United Kingdom (+44)');
    await dialog.getByLabel('Area code').fill('0161');
    await dialog.getByLabel('Telephone number').fill('4960000');
    await dialog.getByLabel('Telephone number').blur();
    const sent = page.waitForRequest((r) => r.url().endsWith('/users/create'));
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body.telephone).toEqual({ country_code_id: expect.any(Number), area_code: '0161', number: '4960000' });
    expect(body).not.toHaveProperty('mobile');
    expect(body.options).toEqual({ type_id: 41 });
    await expectToast(page, MSG.userCreated);
  });

  test("a taken username shows the server's text and keeps the form", async ({ page }) => {
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = createDialog(page);
    await dialog.getByLabel('Username').fill(MINE.activated[0]);
    await dialog.getByLabel('Email address').fill('taken@example.com');
    await dialog.getByLabel('First name').fill('Tak');
    await dialog.getByLabel('Last name').fill('En');
    await choose(page, 'Time zone', 'Europe/London', '(UTC+00:00) Europe/London');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, USER_MSG.usernameTaken);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Username')).toHaveValue(MINE.activated[0]);
  });

  test('create_user=1 opens the dialog and then leaves the address', async ({ page }) => {
    await page.goto('/users?create_user=1&sort_by=email_address');
    await expect(createDialog(page)).toBeVisible();
    await expect
      .poll(() => addressParams(page))
      .toEqual({
        page: '1',
        count: '25',
        sort_by: 'email_address',
        reverse_order: '0',
      });
    await page.keyboard.press('Escape');
    await expect(createDialog(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
    await expect(createDialog(page)).toHaveCount(0);
  });
});

test.describe('row actions', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
    await signInAdmin(page);
    await page.goto('/users');
  });

  test("Resend Email for a user awaiting activation: 'Account activation email resent'", async ({ page }) => {
    const row = await findUser(page, MINE.awaiting);
    await expect(row).toContainText('Awaiting activation');
    const menu = await openRowMenu(page, MINE.awaiting);
    await expect(menu.getByRole('menuitem')).toHaveText(['Resend Email', 'Deactivate', 'Manage User']);
    await menu.getByRole('menuitem', { name: 'Resend Email' }).click();
    await expectToast(page, MSG.activationResent);
    const mail = await latestMailTo(page, `${MINE.awaiting}@staff.nf.example`);
    expect(mail.text).toContain('/activate?token=');
  });

  test("Reset Password: 'Password reset email has been resent'", async ({ page }) => {
    // A user whose password was reset already, and an active one (who then has the reset status).
    for (const username of [MINE.passwordReset, MINE.activated[0]]) {
      await clearToasts(page);
      const row = await findUser(page, username);
      const menu = await openRowMenu(page, username);
      await expect(menu.getByRole('menuitem')).toHaveText(['Reset Password', 'Deactivate', 'Manage User']);
      await menu.getByRole('menuitem', { name: 'Reset Password' }).click();
      await expectToast(page, MSG.passwordResetResent);
      await expect(statusCell(row)).toHaveText('Password reset');
      await expect(row).toContainText('Password has been reset');
    }
  });

  test('Deactivate needs a note of 3+ characters; then Reactivate; axe on the note dialog', async ({ page }) => {
    const username = MINE.activated[1]; // chloe.evans3
    const row = await findUser(page, username);
    await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate user' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Chloe Evans');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    const note = dialog.getByRole('textbox', { name: 'Note' });
    await expect(note).toBeFocused();
    await expect(confirm).toBeDisabled();
    await note.fill('ab');
    await expect(confirm).toBeDisabled();
    await note.fill('  ab  ');
    await expect(confirm).toBeDisabled();
    await note.fill('abc');
    await expect(confirm).toBeEnabled();
    await expectNoA11yViolations(page);
    // Cancel keeps the user as they were.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(statusCell(row)).toHaveText('Activated');

    await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Deactivate' }).click();
    await expect(note).toHaveValue('');
    await note.fill('Left for the summer (e2e)');
    await confirm.click();
    await expectToast(page, MSG.userDeactivated('Chloe Evans'));
    await expect(dialog).toBeHidden();
    await expect(statusCell(row)).toHaveText('Deactivated');

    const menu = await openRowMenu(page, username);
    await expect(menu.getByRole('menuitem')).toHaveText(['Reactivate', 'Manage User']);
    await menu.getByRole('menuitem', { name: 'Reactivate' }).click();
    const again = page.getByRole('dialog', { name: 'Reactivate user' });
    await expect(again.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await again.getByRole('textbox', { name: 'Note' }).fill('Back again');
    await again.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, MSG.userReactivated('Chloe Evans'));
    await expect(statusCell(row)).toHaveText('Activated');
  });

  test('Reactivate a deactivated user, then deactivate again', async ({ page }) => {
    const username = MINE.deactivated; // liam.hughes12
    const row = await findUser(page, username);
    await expect(statusCell(row)).toHaveText('Deactivated');
    await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Reactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reactivate user' });
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Returned (e2e)');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, MSG.userReactivated('Liam Hughes'));
    await expect(statusCell(row)).toHaveText('Activated');

    await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Deactivate' }).click();
    const back = page.getByRole('dialog', { name: 'Deactivate user' });
    await back.getByRole('textbox', { name: 'Note' }).fill('Left again (e2e)');
    await back.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, MSG.userDeactivated('Liam Hughes'));
    await expect(statusCell(row)).toHaveText('Deactivated');
  });

  test("a refused action shows the server's text and the row is refreshed", async ({ page }) => {
    const username = MINE.activated[2]; // daniel.baker4
    const id = await userId(page, username);
    const row = await findUser(page, username);
    // Another admin deactivates the user meanwhile; this screen still offers Reset Password.
    const res = await postAsPage(page, '/users', { id, action: 'deactivate', notes: 'meanwhile (e2e)' });
    expect(res.status()).toBe(200);
    try {
      await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Reset Password' }).click();
      await expectToast(page, USER_MSG.resetNotAllowed);
      await expect(statusCell(row)).toHaveText('Deactivated');
      await expect(page).toHaveURL(/\/users\?/);
    } finally {
      await postAsPage(page, '/users', { id, action: 'reactivate', notes: 'put back (e2e)' });
    }
  });

  test("an action answered without error text shows 'Something went wrong…'; a 404 'Last action failed…'", async ({
    page,
  }) => {
    const username = MINE.activated[3]; // grace.clarke7 (the call never reaches the server)
    await findUser(page, username);
    await page.route(
      (url) => url.pathname === '/api/mobile/admin/users',
      (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue()),
    );
    await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Reset Password' }).click();
    await expectToast(page, MSG.somethingWrong);
    await page.unroute((url) => url.pathname === '/api/mobile/admin/users');
    await page.route(
      (url) => url.pathname === '/api/mobile/admin/users',
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 200, json: { success: false } })
          : route.continue(),
    );
    await clearToasts(page);
    await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Reset Password' }).click();
    await expectToast(page, MSG.somethingWrong);

    // A 404 (the user is gone) reads as the catalogue says, not as its bare 'Not found'.
    await page.unroute((url) => url.pathname === '/api/mobile/admin/users');
    await page.route(
      (url) => url.pathname === '/api/mobile/admin/users',
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 404, json: { success: false, error: 'Not found' } })
          : route.continue(),
    );
    await clearToasts(page);
    await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Reset Password' }).click();
    await expectToast(page, MSG.lastActionFailed);
    expect((await page.evaluate(() => window.__wgToasts ?? [])).some((t) => t.includes('Not found'))).toBe(false);
  });

  test("a deleted server user shows as Deleted and is undeleted: 'This user has been undeleted'", async ({ page }) => {
    const username = MINE.serverUser;
    const id = await userId(page, username);
    const row = await findUser(page, username);
    await expect(statusCell(row)).toHaveText('Activated');
    await expect((await openRowMenu(page, username)).getByRole('menuitem')).toHaveText(['Manage User']);
    await page.keyboard.press('Escape');

    const res = await postAsPage(page, '/server_users/server_user', { id, action: 'delete' });
    expect(res.status()).toBe(200);
    try {
      await page.reload();
      await expect(statusCell(row)).toHaveText('Deleted');
      const menu = await openRowMenu(page, username);
      await expect(menu.getByRole('menuitem')).toHaveText(['Undelete', 'Manage User']);
      await menu.getByRole('menuitem', { name: 'Undelete' }).click();
      await expectToast(page, MSG.serverUserUndeleted);
      await expect(statusCell(row)).toHaveText('Activated');
    } finally {
      await postAsPage(page, '/server_users/server_user', { id, action: 'undelete' });
    }
    await (await openRowMenu(page, username)).getByRole('menuitem', { name: 'Manage User' }).click();
    await expect(page).toHaveURL(`/users/server_users/${id}`);
  });
});
