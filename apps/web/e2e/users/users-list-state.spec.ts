/**
 * The users list's state in the address and local storage (000 §2.7) beyond users-list.spec: changes
 * made in quick succession all take effect, the saved view belongs to the user who made it, and a
 * hand-edited address never breaks the list. Read only.
 */
import type { Page } from '@playwright/test';
import { MSG } from '@wayguard/contracts';
import { test } from '../fixtures';
import { logInToShell } from '../shell-helpers';
import {
  ADMIN,
  addressParams,
  apiUsers,
  DEFAULT_PARAMS,
  expect,
  expectRowsMatchApi,
  recordToasts,
  REQUEST_ADMIN,
  settled,
  shownUsernames,
  signInAdmin,
  usersTable,
} from './users-list-helpers';

const sortButton = (page: Page, name: string) =>
  usersTable(page)
    .getByRole('columnheader', { name: new RegExp(`^${name}`) })
    .getByRole('button');

// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

test.describe('users list state', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
    await signInAdmin(page);
  });

  test('changes in quick succession all take effect', async ({ page }) => {
    await page.goto('/users');
    await settled(page);
    // A sort, then at once a search: the search keeps the sort.
    await sortButton(page, 'Email').click();
    const box = page.getByRole('textbox', { name: 'Search users' });
    await box.fill('a');
    await box.press('Enter');
    await expect.poll(() => addressParams(page)).toEqual({ ...DEFAULT_PARAMS, sort_by: 'email_address', query: 'a' });
    await expect(sortButton(page, 'Email')).toContainText('A-Z');
    await expectRowsMatchApi(page);

    // A double click on a header: the second click reverses what the first chose.
    await sortButton(page, 'Last name').dblclick();
    await expect.poll(() => addressParams(page)).toMatchObject({ sort_by: 'last_name', reverse_order: '1' });
    await expect(sortButton(page, 'Last name')).toContainText('Z-A');
    await expect(box).toHaveValue('a');
    expect(addressParams(page).query).toBe('a');
    await expectRowsMatchApi(page);
  });

  test('the saved view is the signed-in user’s: another user of the browser starts from the defaults', async ({
    page,
  }) => {
    // Logout ends the session: sessions of this test's own, not the saved ones other tests use.
    await logInToShell(page, ADMIN);
    await page.goto('/users?query=ben&sort_by=email_address&count=50');
    await settled(page);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');

    await logInToShell(page, REQUEST_ADMIN);
    await page.goto('/users');
    await expect.poll(() => addressParams(page)).toEqual(DEFAULT_PARAMS);
    await expect(page.getByRole('textbox', { name: 'Search users' })).toHaveValue('');
    await expectRowsMatchApi(page);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');

    // The first user gets their own view back.
    await logInToShell(page, ADMIN);
    await page.goto('/users');
    await expect
      .poll(() => addressParams(page))
      .toEqual({ page: '1', count: '50', sort_by: 'email_address', reverse_order: '0', query: 'ben' });
  });

  test('a hand-edited address still lists: a page past the end, an overlong search, odd values', async ({ page }) => {
    /** No error toast since the page loaded (recordToasts starts again at each load). */
    const noErrors = async () => expect(await page.evaluate(() => window.__wgToasts ?? [])).toEqual([]);
    const { total_count } = await apiUsers(page, DEFAULT_PARAMS);
    await page.goto('/users?page=99999999');
    await expect.poll(() => addressParams(page).page).toBe(String(Math.ceil(total_count / 25)));
    await expectRowsMatchApi(page);
    await noErrors();

    await page.goto(`/users?query=${'y'.repeat(300)}&count=7&sort_by=password&reverse_order=maybe`);
    await expect(usersTable(page).getByText(MSG.noUsers)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search users' })).toHaveValue('y'.repeat(100));
    await expect(page.getByText('The users could not be loaded')).toHaveCount(0);
    await noErrors();

    // A NUL in the search (the server refuses it) and a negative page read as no search, page 1.
    await page.goto('/users?query=%00&page=-3');
    await expect
      .poll(async () => shownUsernames(page))
      .toEqual((await apiUsers(page, DEFAULT_PARAMS)).users.map((u) => u.username));
    await noErrors();
  });
});
