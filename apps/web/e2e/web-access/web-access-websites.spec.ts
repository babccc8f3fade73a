/**
 * Websites of a device and of a server user (002 §2.4, §2.9, §4.3): the page's pieces and header links,
 * the rows the API answers, the access filter's labels and address, the switch's toasts and what stays
 * after reload, Reset to inherited, keyboard use, the empty text and the load-error redirects; axe.
 * Changes only NFPC1007's rules.
 */
import { readFile } from 'node:fs/promises';
import { expectNoA11yViolations, test } from '../fixtures';
import { openAs } from '../sessions';
import {
  NODES,
  REQUEST_ADMIN,
  addressParams,
  apiWebsites,
  clearToasts,
  deviceUrl,
  expect,
  expectToast,
  recordToasts,
  rowOf,
  search,
  serverUserUrl,
  settled,
  shownNames,
  signInAdmin,
  table,
  userNode,
  SERVER_USERS,
} from './web-access-helpers';

test.describe.configure({ timeout: 180_000 });

test.describe('websites', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
  });

  test("a PC's websites: links, rows as the API answers, filter, empty text; axe", async ({ page }) => {
    await signInAdmin(page, deviceUrl(NODES.readPc, 'websites'));
    await expect(page.getByRole('heading', { level: 2, name: 'Websites' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Find website' })).toHaveAttribute('placeholder', 'Find website...');
    for (const label of ['Add website', 'Remove website', 'Block website']) {
      const link = page.getByRole('link', { name: new RegExp(`^${label}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', new RegExp(`type=machine&id=${NODES.readPc.id}$`));
    }
    await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
    await expect.poll(() => addressParams(page)).toMatchObject({ page: '1', count: '25', sort_by: 'managed' });
    // "Test a website" comes before the list (issue 26).
    const tester = page.getByRole('textbox', { name: /website address/i });
    const firstRow = table(page, 'Websites').getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    expect((await tester.boundingBox())!.y).toBeLessThan((await firstRow.boundingBox())!.y);

    // The default order leads with what is managed here: the rows with a rule at this device first.
    const api = await apiWebsites(page, NODES.readPc, { sort_by: 'managed' });
    expect(api.result[0]!.own_access).not.toBe('INHERIT');
    expect(await shownNames(page, 'Websites')).toEqual(api.result.map((r) => r.name));
    // 'By name' is the spec's order, one choice away, and back.
    const order = page.getByRole('combobox', { name: 'Order' });
    await expect(order).toHaveValue('managed');
    await order.selectOption({ label: 'By name' });
    await expect.poll(() => addressParams(page).sort_by).toBe('name');
    const byName = await apiWebsites(page, NODES.readPc, { sort_by: 'name' });
    await expect(async () => {
      expect(await shownNames(page, 'Websites')).toEqual(byName.result.map((r) => r.name));
    }).toPass();
    await order.selectOption({ label: 'Rules and requests first' });
    await expect.poll(() => addressParams(page).sort_by).toBe('managed');

    expect(api.result.length).toBeGreaterThan(0);
    expect(await shownNames(page, 'Websites')).toEqual(api.result.map((r) => r.name));
    const first = api.result[0]!;
    const row = rowOf(page, 'Websites', first.name);
    await expect(row.getByTestId('access-state')).toHaveText(first.access === 'ALLOW' ? 'Allowed' : 'Blocked');
    const why = first.access === 'ALLOW' ? first.explain_allow : first.explain_block;
    if (why) await expect(row.getByTestId('access-why')).toHaveText(why);
    await expect(row.getByRole('link').first()).toHaveAttribute('target', '_blank');
    await expectNoA11yViolations(page);

    // The access filter: single choice, Apply; the button then reads 'Filter applied'.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('radio', { name: 'Blocked' }).check();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Filter applied' })).toBeVisible();
    await expect.poll(() => addressParams(page).access).toBe('blocked');
    const blocked = await apiWebsites(page, NODES.readPc, { access_filters: 'blocked' });
    await expect(async () => {
      expect(await shownNames(page, 'Websites')).toEqual(blocked.result.map((r) => r.name));
    }).toPass();
    for (const state of await table(page, 'Websites').getByTestId('access-state').allTextContents())
      expect(state).toBe('Blocked');

    // Cancel keeps what is in effect.
    await page.getByRole('button', { name: 'Filter applied' }).click();
    await page.getByRole('radio', { name: 'Allowed' }).check();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => addressParams(page).access).toBe('blocked');

    // 'All websites' takes the filter off again: the button reads 'Filter', the address drops it
    // (002 review #4); then Blocked again for the export below.
    await page.getByRole('button', { name: 'Filter applied' }).click();
    await page.getByRole('radio', { name: 'All websites' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
    await expect.poll(() => addressParams(page).access).toBeUndefined();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('radio', { name: 'All websites' })).toBeChecked();
    await page.getByRole('radio', { name: 'Blocked' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => addressParams(page).access).toBe('blocked');

    // Export: the filtered list as XLSX, with the node and the filter, without paging.
    let exportUrl: URL | null = null;
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/node/web_access/websites/export')) exportUrl = url;
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await readFile(await file.path())).subarray(0, 2).toString('latin1')).toBe('PK');
    const sent = Object.fromEntries((exportUrl as URL | null)?.searchParams ?? []);
    expect(sent).toMatchObject({ id: NODES.readPc.id, type: 'machine', access_filters: 'blocked', sort_by: 'managed' });
    expect(sent.page).toBeUndefined();

    await search(page, 'Find website', 'no-such-site-anywhere-zz');
    await expect(table(page, 'Websites').getByText('No websites found')).toBeVisible();
  });

  test('the switch blocks and allows with its toasts, stays after reload, and resets to inherited', async ({
    page,
  }) => {
    await signInAdmin(page, deviceUrl(NODES.changedPc, 'websites'));
    await settled(page, 'Websites');
    const before = (await apiWebsites(page, NODES.changedPc)).result.find((r) => !r.locked);
    expect(before).toBeDefined();
    const name = before!.name;
    await search(page, 'Find website', name);
    const sw = page.getByRole('switch', { name: `Access to ${name}`, exact: true });
    const wasAllowed = before!.access === 'ALLOW';
    await expect(sw).toBeChecked({ checked: wasAllowed });

    await sw.click({ force: true });
    await expectToast(page, wasAllowed ? 'Access is blocked' : 'Access is allowed');
    await expect(sw).toBeChecked({ checked: !wasAllowed });
    const row = rowOf(page, 'Websites', name);
    await expect(row.getByTestId('inherited-hint')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('switch', { name: `Access to ${name}`, exact: true })).toBeChecked({
      checked: !wasAllowed,
    });

    // Keyboard: Space on the focused switch turns it back.
    await clearToasts(page);
    const again = page.getByRole('switch', { name: `Access to ${name}`, exact: true });
    await again.focus();
    await page.keyboard.press('Space');
    await expectToast(page, wasAllowed ? 'Access is allowed' : 'Access is blocked');
    await expect(again).toBeChecked({ checked: wasAllowed });

    // The node has a rule of its own now: the row menu resets it.
    await rowOf(page, 'Websites', name)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Reset to inherited' }).click();
    await expectToast(page, 'Access is inherited again');
    await expect(rowOf(page, 'Websites', name).getByTestId('inherited-hint')).toHaveText('Inherited');
    const after = (await apiWebsites(page, NODES.changedPc, { query: name })).result.find((r) => r.name === name);
    expect(after?.own_access).toBe('INHERIT');
  });

  test('a Request Admin sees the switches but cannot change them', async ({ page }) => {
    await openAs(page, REQUEST_ADMIN, deviceUrl(NODES.readPc, 'websites'));
    await settled(page, 'Websites');
    const first = table(page, 'Websites').getByRole('switch').first();
    await expect(first).toBeDisabled();
  });

  test("a server user's websites: Add and Remove website only, and the row of his own block", async ({ page }) => {
    await signInAdmin(page);
    const node = await userNode(page, SERVER_USERS.ahmed);
    await page.goto(serverUserUrl(Number(node.id), 'websites'));
    await expect(
      page.getByRole('navigation', { name: 'User pages' }).getByRole('link', { name: 'Websites' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: /^Add website/ })).toHaveAttribute('href', /type=server_user/);
    await expect(page.getByRole('link', { name: /^Remove website/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Block website/ })).toHaveCount(0);
    await search(page, 'Find website', 'roblox.com');
    const api = (await apiWebsites(page, node, { query: 'roblox.com' })).result.find((r) => r.name === 'roblox.com');
    expect(api?.access).toBe('BLOCK');
    await expect(rowOf(page, 'Websites', 'roblox.com').getByTestId('access-state')).toHaveText('Blocked');
    await expectNoA11yViolations(page);
  });

  test('load errors go back: an unknown device to /devices, an unknown server user to /users', async ({ page }) => {
    await signInAdmin(page, '/devices/machine/NO-SUCH-PC-999/websites');
    await expect(page).toHaveURL(/\/devices(\?|$)/);
    await page.goto('/users/server_users/987654321/websites');
    await expect(page).toHaveURL(/\/users(\?|$)/);
  });

  test('a list that fails to load goes back to /devices, or to /users for a server user', async ({ page }) => {
    await page.route('**/node/web_access/websites/list?*', (route) =>
      route.fulfill({ status: 500, json: { success: false, error_message: 'Something went wrong' } }),
    );
    await signInAdmin(page, deviceUrl(NODES.readPc, 'websites'));
    await expect(page).toHaveURL(/\/devices(\?|$)/);
    await expectToast(page, 'Something went wrong. Please contact our support');

    await page.route('**/node/web_access/categories/list?*', (route) =>
      route.fulfill({ status: 404, json: { success: false, error_message: 'Not found' } }),
    );
    const node = await userNode(page, SERVER_USERS.ahmed);
    await page.goto(serverUserUrl(Number(node.id), 'categories'));
    await expect(page).toHaveURL(/\/users(\?|$)/);
  });

  test("a refused change shows the server's text and leaves the switch as it was", async ({ page }) => {
    await page.route('**/node/web_access/websites/access', (route) =>
      route.fulfill({ status: 200, json: { success: false, error_message: 'This rule cannot be changed now' } }),
    );
    await signInAdmin(page, deviceUrl(NODES.changedPc, 'websites'));
    await settled(page, 'Websites');
    const sw = table(page, 'Websites').getByRole('switch').first();
    const wasOn = await sw.isChecked();
    await sw.click({ force: true });
    await expectToast(page, 'This rule cannot be changed now');
    await expect(sw).toBeChecked({ checked: wasOn });

    // The schedule editor shows the refusal in the dialog and stays open.
    const link = table(page, 'Websites')
      .getByRole('button', { name: /^Schedule(d)? for / })
      .first();
    await link.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('schedule-error')).toHaveText('This rule cannot be changed now');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });
});
