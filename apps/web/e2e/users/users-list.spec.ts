/**
 * Users list (000 §2.7, §9; 001 §9): defaults, search on Enter, every filter, sorting with the spec's
 * labels, paging and page jump, state in the address and local storage, export, empty text, and what
 * a Request Admin is offered. Read only: nothing here changes a user.
 */
import { readFile } from 'node:fs/promises';
import { MSG, USER_FILTER_FLAGS, type UsersListResponse } from '@wayguard/contracts';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, test } from '../fixtures';
import { rail } from '../shell-helpers';
import {
  addressParams,
  ADMIN,
  apiUsers,
  DEFAULT_PARAMS,
  expectRowsMatchApi,
  openRowMenu,
  REQUEST_ADMIN,
  settled,
  shownUsernames,
  signIn,
  signInAdmin,
  expect,
  expectToast,
  recordToasts,
  usersTable,
} from './users-list-helpers';

const FILTER_LABELS: Record<(typeof USER_FILTER_FLAGS)[number], string> = {
  awaiting_activation: 'Awaiting activation',
  password_reset: 'Password reset',
  deactivated: 'Deactivated or deleted',
  active_past_hour: 'Active in the past hour (1h)',
  active_last_30_days: 'Active in the last 30 days (30d)',
  not_active_last_30_days: 'Not active for 30 days (30d+)',
  failed_email_delivery: 'Failed e-mail delivery',
};

const SORTS = [
  { header: 'Username', key: 'username', first: 'A-Z', second: 'Z-A', firstReverse: '0' },
  { header: 'First name', key: 'first_name', first: 'A-Z', second: 'Z-A', firstReverse: '0' },
  { header: 'Last name', key: 'last_name', first: 'A-Z', second: 'Z-A', firstReverse: '0' },
  { header: 'Email', key: 'email_address', first: 'A-Z', second: 'Z-A', firstReverse: '0' },
  { header: 'Type', key: 'type', first: 'A-Z', second: 'Z-A', firstReverse: '0' },
  { header: 'Status', key: 'status', first: 'A-Z', second: 'Z-A', firstReverse: '0' },
  { header: 'Last active', key: 'last_active', first: 'Newest first', second: 'Oldest first', firstReverse: '1' },
  { header: 'Created', key: 'date_created', first: 'Newest first', second: 'Oldest first', firstReverse: '1' },
] as const;

const LIST_URL = (url: URL) => url.pathname === '/api/mobile/admin/users';
const EXPORT_URL = (url: URL) => url.pathname === '/api/mobile/admin/users/export';

const header = (page: Page, name: string) =>
  usersTable(page).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const rangeText = (page: Page) => page.getByTestId('list-range');
const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });

// Other engineers' runs share this machine: slow moments are normal, failures are not.
// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

test.describe('users list', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
    await signInAdmin(page);
  });

  test('opens with username A-Z, 25 a page, the API first page, and passes axe', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveTitle('Wayguard | Users List');
    await expect(page.getByRole('heading', { level: 1, name: 'Users List' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search users' })).toHaveAttribute('placeholder', 'Search users...');
    // The address holds the state, defaults included.
    await expect.poll(() => addressParams(page)).toEqual(DEFAULT_PARAMS);
    const username = header(page, 'Username');
    await expect(username).toHaveAttribute('aria-sort', 'ascending');
    await expect(username).toContainText('A-Z');
    await expectRowsMatchApi(page);
    const { total_count } = await apiUsers(page, DEFAULT_PARAMS);
    await expect(rangeText(page)).toHaveText(`1–25 of ${total_count} items`);
    await expect(page.getByRole('button', { name: 'Create User' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('searches on Enter or the search button, never while typing', async ({ page }) => {
    await page.goto('/users');
    await settled(page);
    const box = page.getByRole('textbox', { name: 'Search users' });
    await box.fill('katie');
    await page.waitForTimeout(600);
    expect(addressParams(page).query).toBeUndefined();
    await box.press('Enter');
    await expect(page).toHaveURL(/query=katie/);
    expect(addressParams(page).page).toBe('1');
    await expectRowsMatchApi(page);
    expect(await shownUsernames(page)).toContain(ADMIN.username);

    // The button searches too; nothing found shows the spec's empty text.
    await box.fill('zz-nobody-by-this-name');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/query=zz-nobody-by-this-name/);
    await expect(usersTable(page).getByText(MSG.noUsers)).toBeVisible();
    await expectNoA11yViolations(page);

    // Clearing the box searches for everyone again.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => addressParams(page).query).toBeUndefined();
    await expectRowsMatchApi(page);
  });

  test('every filter flag filters the list (starting again at page 1)', async ({ page }) => {
    test.setTimeout(400_000);
    await page.goto('/users?page=2');
    await settled(page);
    const popup = page.getByRole('dialog', { name: 'Filters' });
    for (const flag of USER_FILTER_FLAGS) {
      await filtersButton(page).click();
      await expect(popup).toBeVisible();
      await popup.getByRole('button', { name: 'Clear' }).click();
      await popup.getByRole('checkbox', { name: FILTER_LABELS[flag], exact: true }).check();
      await popup.getByRole('button', { name: 'Apply' }).click();
      await expect(popup).toBeHidden();
      await expect(filtersButton(page)).toHaveText('Filters (1)');
      await expect.poll(() => addressParams(page)).toEqual({ ...DEFAULT_PARAMS, [flag]: '1' });
      await expectRowsMatchApi(page);
      const { users } = await apiUsers(page, addressParams(page));
      // "Active in the last 30 days" lists the past hour too, whose rows carry the narrower 1h marker.
      const matches = (u: (typeof users)[number]) =>
        u.filters[flag] || (flag === 'active_last_30_days' && u.filters.active_past_hour);
      for (const u of users) expect(matches(u), `${flag}: ${u.username}`).toBe(true);
      // The next flag starts from a later page again.
      if (users.length === 25) {
        await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Next page' }).click();
        await expect.poll(() => addressParams(page).page).toBe('2');
      }
    }
  });

  test('filter popup: Cancel drops changes, Clear resets them, the count shows in the label; axe', async ({ page }) => {
    await page.goto('/users?awaiting_activation=1&password_reset=1');
    await expect(filtersButton(page)).toHaveText('Filters (2)');
    await expectRowsMatchApi(page);

    await filtersButton(page).click();
    const popup = page.getByRole('dialog', { name: 'Filters (2)' });
    await expect(popup.getByRole('checkbox', { name: 'Awaiting activation' })).toBeChecked();
    await expectNoA11yViolations(page);
    await popup.getByRole('checkbox', { name: 'Failed e-mail delivery' }).check();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(filtersButton(page)).toHaveText('Filters (2)');
    expect(addressParams(page).failed_email_delivery).toBeUndefined();

    // Escape is Cancel too, and focus goes back to the button.
    await filtersButton(page).click();
    await popup.getByRole('checkbox', { name: 'Deactivated or deleted' }).check();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(filtersButton(page)).toBeFocused();
    expect(addressParams(page).deactivated).toBeUndefined();

    // Clear unticks everything but takes effect only on Apply.
    await filtersButton(page).click();
    await popup.getByRole('button', { name: 'Clear' }).click();
    for (const label of Object.values(FILTER_LABELS))
      await expect(popup.getByRole('checkbox', { name: label })).not.toBeChecked();
    await expect(filtersButton(page)).toHaveText('Filters (2)');
    await popup.getByRole('button', { name: 'Apply' }).click();
    await expect(filtersButton(page)).toHaveText('Filters');
    await expect.poll(() => addressParams(page)).toEqual(DEFAULT_PARAMS);
    await expectRowsMatchApi(page);
  });

  test('every sortable column sorts the list with its labels, both ways', async ({ page }) => {
    test.setTimeout(400_000);
    await page.goto('/users?page=2');
    await settled(page);
    for (const s of SORTS) {
      const th = header(page, s.header);
      // Username is already the sort (A-Z): choosing it reverses it. Others start at their first order.
      const first = s.key === 'username' ? { label: 'Z-A', reverse: '1' } : { label: s.first, reverse: s.firstReverse };
      const second =
        s.key === 'username'
          ? { label: 'A-Z', reverse: '0' }
          : { label: s.second, reverse: s.firstReverse === '1' ? '0' : '1' };
      await th.getByRole('button').click();
      await expect
        .poll(() => addressParams(page))
        .toMatchObject({ sort_by: s.key, reverse_order: first.reverse, page: '1' });
      await expect(th).toContainText(first.label);
      await expect(th).toHaveAttribute('aria-sort', first.reverse === '1' ? 'descending' : 'ascending');
      if (s.key !== 'username') await expect(header(page, 'Username')).toHaveAttribute('aria-sort', 'none');
      await expectRowsMatchApi(page);

      await th.getByRole('button').click();
      await expect.poll(() => addressParams(page).reverse_order).toBe(second.reverse);
      await expect(th).toContainText(second.label);
      await expectRowsMatchApi(page);
    }
  });

  test('pages: next and previous, page sizes 25/50/100, page jump with its message', async ({ page }) => {
    await page.goto('/users');
    await settled(page);
    const { total_count: total } = await apiUsers(page, DEFAULT_PARAMS);
    expect(total).toBeGreaterThan(50);
    const pages = Math.ceil(total / 25);
    const pager = page.getByRole('navigation', { name: 'Users pages' });

    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => addressParams(page).page).toBe('2');
    await expect(rangeText(page)).toHaveText(`26–50 of ${total} items`);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expectRowsMatchApi(page);
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => addressParams(page).page).toBe('1');
    await pager.getByRole('button', { name: `Page ${pages}` }).click();
    await expect(rangeText(page)).toHaveText(`${(pages - 1) * 25 + 1}–${total} of ${total} items`);

    // Page size: back to page 1.
    const size = pager.getByRole('combobox', { name: 'Items per page' });
    await size.selectOption('50');
    await expect.poll(() => addressParams(page)).toMatchObject({ count: '50', page: '1' });
    await expect(rangeText(page)).toHaveText(`1–50 of ${total} items`);
    await expectRowsMatchApi(page);
    await size.selectOption('100');
    await expect.poll(() => addressParams(page).count).toBe('100');
    await expect(rangeText(page)).toHaveText(`1–${Math.min(100, total)} of ${total} items`);
    await size.selectOption('25');
    // The jump box checks against the pages of the view shown: wait for 25 a page again.
    await expect.poll(() => addressParams(page).count).toBe('25');
    await expect(rangeText(page)).toHaveText(`1–25 of ${total} items`);

    // Page jump: outside 1..n (or not a number) is refused with the spec's message.
    const jump = pager.getByRole('textbox', { name: 'Go to page' });
    const go = pager.getByRole('button', { name: 'Go' });
    for (const wrong of [String(pages + 1), '0', 'two']) {
      await jump.fill(wrong);
      await go.click();
      await expect(pager.getByText(MSG.pageJump(pages))).toBeVisible();
      expect(addressParams(page).page).toBe('1');
    }
    await expectNoA11yViolations(page);
    await jump.fill('3');
    await jump.press('Enter');
    await expect.poll(() => addressParams(page).page).toBe('3');
    await expect(pager.getByText(MSG.pageJump(pages))).toBeHidden();
    await expectRowsMatchApi(page);
  });

  test("an unknown count (-1) reads 'more than'", async ({ page }) => {
    await page.route(LIST_URL, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as UsersListResponse;
      await route.fulfill({ response: res, json: { ...body, total_count: -1 } });
    });
    await page.goto('/users');
    await expect(rangeText(page)).toHaveText('1–25 of more than 25 items');
    const pager = page.getByRole('navigation', { name: 'Users pages' });
    await expect(pager.getByRole('button', { name: 'Next page' })).toBeEnabled();
    await expect(pager.getByRole('textbox', { name: 'Go to page' })).toHaveCount(0);
  });

  test('the state survives reload and back/forward, and comes back from local storage', async ({ page }) => {
    await page.goto('/users');
    await settled(page);
    await header(page, 'Email').getByRole('button').click();
    await expect.poll(() => addressParams(page).sort_by).toBe('email_address');
    const box = page.getByRole('textbox', { name: 'Search users' });
    await box.fill('a');
    await box.press('Enter');
    await expect.poll(() => addressParams(page).query).toBe('a');
    await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => addressParams(page).page).toBe('2');
    const state = { page: '2', count: '25', sort_by: 'email_address', reverse_order: '0', query: 'a' };
    expect(addressParams(page)).toEqual(state);

    await page.reload();
    expect(addressParams(page)).toEqual(state);
    await expect(box).toHaveValue('a');
    await expect(header(page, 'Email')).toHaveAttribute('aria-sort', 'ascending');
    await expect(rangeText(page)).toHaveText(/^26–/);
    await expectRowsMatchApi(page);

    await page.goBack();
    await expect.poll(() => addressParams(page).page).toBe('1');
    await expect(rangeText(page)).toHaveText(/^1–/);
    await page.goBack();
    await expect.poll(() => addressParams(page).query).toBeUndefined();
    await expect(box).toHaveValue('');
    await page.goBack();
    await expect.poll(() => addressParams(page).sort_by).toBe('username');
    await expect(header(page, 'Username')).toHaveAttribute('aria-sort', 'ascending');
    await page.goForward();
    await page.goForward();
    await expect.poll(() => addressParams(page).query).toBe('a');
    await expect(box).toHaveValue('a');
    await expect(header(page, 'Email')).toHaveAttribute('aria-sort', 'ascending');
    await page.goForward();
    await expect.poll(() => addressParams(page)).toEqual(state);
    await expectRowsMatchApi(page);

    // Leaving and coming back to /users (no parameters) restores the last state from local storage.
    await rail(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL('/');
    await rail(page).getByRole('link', { name: 'Users', exact: true }).click();
    await expect.poll(() => addressParams(page)).toEqual(state);
    await expect(box).toHaveValue('a');
    // ... without leaving a bare /users entry behind: Back returns to the dashboard.
    await page.goBack();
    await expect(page).toHaveURL('/');

    // Parameters in the address win over the saved state (the dashboard's links).
    await page.goto('/users?deactivated=1');
    await expect(filtersButton(page)).toHaveText('Filters (1)');
    await expect(box).toHaveValue('');
    await expectRowsMatchApi(page);
  });

  test('exports the filtered list as XLSX, showing progress while it runs', async ({ page }) => {
    await page.goto('/users?sort_by=last_active&reverse_order=1&active_last_30_days=1&page=2');
    await settled(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    let exportUrl: URL | null = null;
    await page.route(EXPORT_URL, async (route) => {
      exportUrl = new URL(route.request().url());
      await held;
      await route.continue();
    });
    const exportButton = page.getByRole('button', { name: 'Export' });
    await exportButton.click();
    await expect(page.getByTestId('export-status')).toHaveText('Preparing the users export…');
    await expect(exportButton).toBeDisabled();
    const download = page.waitForEvent('download');
    release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(page.getByTestId('export-status')).toHaveText('');
    await expect(exportButton).toBeEnabled();
    // The export has the list's parameters, without paging.
    const sent = Object.fromEntries((exportUrl as URL | null)?.searchParams ?? []);
    expect(sent).toEqual({ sort_by: 'last_active', reverse_order: '1', active_last_30_days: '1' });
  });

  test("a failed export shows the server's text, or the catalogue's when there is none", async ({ page }) => {
    await page.goto('/users');
    await settled(page);
    await page.route(EXPORT_URL, (route) =>
      route.fulfill({ status: 429, json: { success: false, error: MSG.tooManyRequests } }),
    );
    await page.getByRole('button', { name: 'Export' }).click();
    await expectToast(page, MSG.tooManyRequests);
    await page.unroute(EXPORT_URL);
    await page.route(EXPORT_URL, (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Export' }).click();
    await expectToast(page, MSG.somethingWrong);
  });

  test('a failed list load says so and can be tried again', async ({ page }) => {
    let fail = true;
    await page.route(LIST_URL, (route) =>
      fail ? route.fulfill({ status: 500, json: { success: false, error: MSG.somethingWrong } }) : route.continue(),
    );
    await page.goto('/users');
    await expectToast(page, MSG.somethingWrong);
    await expect(page.getByText('The users could not be loaded')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectRowsMatchApi(page);
  });

  test('rows link to their pages: console users to /users/{id}, server users to /users/server_users/{id}', async ({
    page,
  }) => {
    await page.goto('/users?query=year9.eli');
    const server = (await apiUsers(page, { query: 'year9.eli' })).users[0];
    expect(server?.type.type).toBe('server_user');
    await expect(usersTable(page).getByRole('link', { name: 'year9.eli@northfield.local' })).toHaveAttribute(
      'href',
      `/users/server_users/${server?.id}`,
    );
    await page.goto(`/users?query=${ADMIN.username}`);
    const me = (await apiUsers(page, { query: ADMIN.username })).users[0];
    await expect(usersTable(page).getByRole('link', { name: ADMIN.username })).toHaveAttribute(
      'href',
      `/users/${me?.id}`,
    );
    // Oneself: no status actions (the server refuses them), Manage User only.
    const menu = await openRowMenu(page, ADMIN.username);
    await expect(menu.getByRole('menuitem')).toHaveText(['Manage User']);
    await menu.getByRole('menuitem', { name: 'Manage User' }).click();
    await expect(page).toHaveURL(`/users/${me?.id}`);
  });
});

test.describe('users list for a Request Admin', () => {
  test('offers no Create User and no status actions; create_user=1 is dropped', async ({ page }) => {
    await signIn(page, REQUEST_ADMIN);
    await page.goto('/users?create_user=1');
    await expect.poll(() => addressParams(page)).toEqual(DEFAULT_PARAMS);
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create User' })).toHaveCount(0);
    await page.goto('/users?query=ben.hughes2');
    const menu = await openRowMenu(page, 'ben.hughes2');
    await expect(menu.getByRole('menuitem')).toHaveText(['Manage User']);
    await page.keyboard.press('Escape');
    await page.goto('/users?query=liam.hughes12');
    await expect((await openRowMenu(page, 'liam.hughes12')).getByRole('menuitem')).toHaveText(['Manage User']);
    await expectNoA11yViolations(page);
  });
});
