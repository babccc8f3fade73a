/**
 * The apps pages (002 §2.6, §4.4, §9): a mobile's and a user's apps, their columns and widths (7 and
 * 6), 'Not installed' / 'Not assigned' / the date and 'by', the install tooltips, the schedule links,
 * the device page's 'Add App' and more menu, the accordion with hover-prefetched details, the switch
 * with 'Assignment Confirmation' (No leaves the app as it was, Confirm assigns), 'No apps found', the
 * user page's redirect for a user without devices, and the user page's Apps menu entry; axe. Changes
 * Northfield's Quizlet assignment of the teacher (apps-requests.spec.ts works on other apps).
 */
import { APP_MSG, type UserDetails, type UsersListResponse } from '@wayguard/contracts';
import { API } from '../api-helpers';
import { expectNoA11yViolations, test } from '../fixtures';
import { REQ_ADMIN, TABLET, apiMobileApps, appsTable, expect, openAs, shownApps, toastWith } from './apps-helpers';

test.describe.configure({ timeout: 180_000 });

test("device apps: columns, cells, tooltips, links, more menu, accordion; the switch's confirmation; axe", async ({
  page,
}) => {
  await openAs(page, REQ_ADMIN, `/devices/mobile/${TABLET}/apps`);
  const api = await apiMobileApps(page, { id: TABLET });
  await expect.poll(() => shownApps(page, 'Apps')).toEqual(api.apps.map((a) => a.name));
  const table = appsTable(page, 'Apps');
  await expect(table.locator('thead th')).toHaveCount(7);
  await expect(table.locator('thead th').nth(1)).toContainText('App Name');
  await expect(table.locator('thead')).toContainText('Installed (Version)');
  const add = page.getByRole('link', { name: new RegExp(APP_MSG.addApp) });
  await expect(add).toHaveAttribute('target', '_blank');
  await expect(add).toHaveAttribute('href', new RegExp(`request\\?id=${TABLET}&request_add=1$`));

  // The accordion's details are fetched when the row is first hovered.
  const detail = page.waitForResponse((r) => r.url().includes('/app_requests/app?package_name=com.quizlet'));
  await page
    .getByRole('row', { name: /Quizlet/ })
    .first()
    .hover();
  await detail;

  const quizlet = api.apps.find((a) => a.package_name === 'com.quizlet.quizletandroid');
  expect(quizlet?.is_assigned, 'the demo assigns Quizlet to the teacher').toBe(true);
  const row = page.getByRole('row', { name: /Quizlet/ }).first();
  await expect(row).toContainText(/ by /);
  await expect(row.getByRole('link', { name: /Schedule Quizlet/ })).toHaveAttribute('href', /schedule\?id=/);
  await row.getByRole('button', { name: 'More for Quizlet' }).click();
  await expect(page.getByRole('menuitem', { name: /Open in the classic console/ })).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');

  // An app that is not assigned says why it is not installed.
  const unassigned = api.apps.find((a) => !a.is_assigned);
  if (unassigned) {
    const r = page.getByRole('row', { name: new RegExp(unassigned.name) }).first();
    await expect(r).toContainText(APP_MSG.notAssigned);
    await expect(r.getByRole('button', { name: APP_MSG.tooltipNotAssigned })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Show details of Quizlet' }).click();
  await expect(page.getByTestId('app-details').getByText('Package ID', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // Off, then on: the teacher has several tablets, so each asks first (issue 26: off uninstalls from
  // every one of them); No leaves it as it was.
  const toggle = page.getByRole('switch', { name: 'Assign Quizlet' });
  const confirmation = page.getByRole('dialog', { name: APP_MSG.assignmentConfirmation });
  await toggle.click({ force: true });
  await expect(confirmation).toContainText('will be unassigned and uninstalled from these');
  await expect(confirmation.getByTestId('assignment-devices').getByRole('listitem')).not.toHaveCount(1);
  await confirmation.getByRole('button', { name: 'No' }).click();
  await expect(toggle).toBeChecked();
  const off = page.waitForRequest((r) => r.url().endsWith('/devices/mobile_apps/assigned'));
  await toggle.click({ force: true });
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  expect((await off).postDataJSON()).toMatchObject({ action: 'remove', id: TABLET });
  await expect(toastWith(page, APP_MSG.unassigned)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expectNoA11yViolations(page);
  // Keyboard: Space on the focused switch.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(confirmation.getByTestId('assignment-devices').getByRole('listitem').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await confirmation.getByRole('button', { name: 'No' }).click();
  await expect(confirmation).toBeHidden();
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  await expect(toastWith(page, APP_MSG.assigned)).toBeVisible();
  await expect(toggle).toBeChecked();

  // When the user's mobiles cannot be read, a switch asks all the same (002 review #5).
  await page.route('**/devices/mobile_apps?*user_id=*', (route) => route.fulfill({ status: 500, json: {} }));
  await page.reload();
  await expect(toggle).toBeEnabled();
  await toggle.click({ force: true });
  await expect(confirmation).toContainText(APP_MSG.reachUnknown);
  await confirmation.getByRole('button', { name: 'No' }).click();
  await expect(toggle).toBeChecked();
  await page.unroute('**/devices/mobile_apps?*user_id=*');

  // 'No apps found' when nothing matches.
  await page.getByRole('textbox', { name: 'Search apps' }).fill('zzzz-no-such-app');
  await page.keyboard.press('Enter');
  await expect(page.getByText(APP_MSG.noApps)).toBeVisible();
});

test("user apps: from the menu, 6 columns, the installs of the user's mobiles; a user without devices goes to the user page; axe", async ({
  page,
}) => {
  await openAs(page, REQ_ADMIN, '/devices');
  const teacher = (await apiMobileApps(page, { id: TABLET })).user!;
  await page.goto(`/users/${teacher.id}`);
  await page.getByRole('navigation', { name: 'User pages' }).getByRole('link', { name: 'Apps' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${teacher.id}/apps`));
  const api = await apiMobileApps(page, { user_id: String(teacher.id) });
  await expect.poll(() => shownApps(page, 'Apps')).toEqual(api.apps.map((a) => a.name));
  await expect(appsTable(page, 'Apps').locator('thead th')).toHaveCount(6);
  await expect(page.getByRole('link', { name: new RegExp(APP_MSG.addApp) })).toHaveCount(0);
  for (const a of api.apps.slice(0, 5)) {
    const r = page.getByRole('row', { name: new RegExp(a.name) }).first();
    await expect(r.getByTestId('installed')).toContainText(a.installed_on === 0 ? APP_MSG.notInstalled : a.version);
  }
  await expectNoA11yViolations(page);

  // A console user without devices: the Apps address goes to the user's page.
  const res = await page.request.get(`${API}/users`, { params: { count: '100' } });
  const users = ((await res.json()) as UsersListResponse).users.filter(
    (u) => u.type.type !== 'server_user' && u.type.type !== 'local_user' && u.status !== 'deactivated',
  );
  let without: number | null = null;
  for (const u of users.slice(0, 40)) {
    const d = await page.request.get(`${API}/users/details`, { params: { id: String(u.id) } });
    if (d.ok() && ((await d.json()) as UserDetails).devices.length === 0) {
      without = u.id;
      break;
    }
  }
  expect(without, 'a demo console user without devices').not.toBeNull();
  await page.goto(`/users/${without}/apps`);
  await expect(page).toHaveURL(new RegExp(`/users/${without}$`));
});
