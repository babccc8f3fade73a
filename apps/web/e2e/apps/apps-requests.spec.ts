/**
 * App request lists (001 §2.4 'App request lists', §4 'Apps', §8): columns per list, the app accordion
 * (prefetched on hover), 'Request App', the approval dialog (warnings, auto assign refused, user
 * selection whose Add waits for a user, the warning dialog whose Confirm waits for its box), deny,
 * cancel, request review, deny of an approved app, a row someone else processed (AC010), a Console
 * User without actions, and the flagged app's warning modal when it is assigned on the user's Apps page
 * (002 §4.4); axe on each list and dialog. Changes Northfield's Duolingo, Minecraft, TikTok, Roblox,
 * Discord, Chess and Google Classroom (apps-pages.spec.ts works on Quizlet and Khan Academy).
 */
import { APP_MSG, REQUEST_MSG, pricingLabel } from '@wayguard/contracts';
import { expectNoA11yViolations, test } from '../fixtures';
import {
  CONSOLE_USER,
  REQ_ADMIN,
  TABLET,
  apiAppRequests,
  apiMobileApps,
  appsTable,
  denyByApi,
  expect,
  openAs,
  shownApps,
  toastWith,
} from './apps-helpers';

test.describe.configure({ timeout: 180_000 });

test('pending admin: columns, accordion, Request App; approve with chosen users; deny; axe', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/apps');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  const api = await apiAppRequests(page, { state: 'pending', status: 'admin' });
  await expect.poll(() => shownApps(page, 'App requests')).toEqual(api.requests.map((r) => r.title));
  const headers = appsTable(page, 'App requests').locator('thead th');
  await expect(headers).toHaveText(['Details', 'App', 'By', 'Requested', 'Actions'].map((h) => new RegExp(h)));

  const request = page.getByRole('link', { name: /Request App/ });
  await expect(request).toHaveAttribute('target', '_blank');
  await expect(request).toHaveAttribute('href', /\/apps\/mobile\/request\?request_add=1$/);

  // The accordion: details fetched when the row is hovered, then shown with the spec's labels.
  const duo = api.requests.find((r) => r.package_name === 'com.duolingo')!;
  const detailCall = page.waitForResponse((r) => r.url().includes('/app_requests/app?package_name=com.duolingo'));
  await page
    .getByRole('row', { name: /Duolingo/ })
    .first()
    .hover();
  await detailCall;
  await page.getByRole('button', { name: 'Show details of Duolingo' }).click();
  const details = page.getByTestId('app-details');
  for (const label of [
    'Developer',
    'Source',
    'Platform',
    'Classification',
    'Package ID',
    'Type',
    'Version',
    'Rating',
    'Description',
  ])
    await expect(details.getByText(label, { exact: true })).toBeVisible();
  await expect(details.getByRole('link', { name: /Duolingo/ })).toHaveAttribute('target', '_blank');
  await expect(details.getByText(duo.package_name, { exact: true })).toBeVisible();
  await expect(details.getByText(pricingLabel('free_with_in_app_purchases'))).toBeVisible();
  await expectNoA11yViolations(page);

  // Approve with users chosen in the user-selection dialog.
  await page.getByRole('button', { name: 'Approve Duolingo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve app' });
  await expect(dialog.getByRole('switch', { name: APP_MSG.autoAssign })).toBeEnabled();
  await dialog.getByRole('button', { name: APP_MSG.chooseUsers }).click();
  const users = page.getByRole('dialog', { name: 'Choose users' });
  const add = users.getByRole('button', { name: 'Add' });
  await expect(add).toBeDisabled();
  await users.getByRole('checkbox', { name: 'Taylor Brooks' }).check();
  await expect(add).toBeEnabled();
  await expectNoA11yViolations(page);
  await add.click();
  await expect(dialog.getByTestId('approval-users')).toHaveText('Taylor Brooks');
  await dialog.getByRole('checkbox', { name: APP_MSG.mandatory }).check();
  await expectNoA11yViolations(page);
  const approval = page.waitForRequest((r) => r.url().endsWith('/app_requests/app') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const body = (await approval).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ package_name: 'com.duolingo', auto_assign: false, mandatory: true });
  expect((body.assign_users as number[]).length).toBe(1);
  await expect(toastWith(page, APP_MSG.approved)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve Duolingo' })).toHaveCount(0);

  // Deny with a reason.
  await page.getByRole('button', { name: 'Deny Minecraft' }).click();
  const deny = page.getByRole('dialog', { name: 'Deny request' });
  await deny.getByRole('textbox', { name: 'Reason (optional)' }).fill('Not during lessons');
  await deny.getByRole('button', { name: 'Deny' }).click();
  await expect(toastWith(page, REQUEST_MSG.appRequestDenied)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deny Minecraft' })).toHaveCount(0);
});

test('a flagged app: the warnings, auto assign refused, the warning dialog waits for its box; assigned with its warning', async ({
  page,
}) => {
  await openAs(page, REQ_ADMIN, '/requests/apps');
  await page.getByRole('button', { name: 'Approve TikTok' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve app' });
  const warnings = dialog.getByTestId('approval-warnings');
  await expect(warnings).toContainText(APP_MSG.warnUnsuitable);
  await expect(warnings).toContainText(APP_MSG.warnAutoAssignPrevented);
  await expect(dialog.getByRole('switch', { name: APP_MSG.autoAssign })).toBeDisabled();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const warning = page.getByRole('dialog', { name: APP_MSG.warningHeading });
  const confirm = warning.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await warning.getByRole('checkbox').check();
  await expect(confirm).toBeEnabled();
  await expectNoA11yViolations(page);
  // Cancel returns to the form; nothing was sent.
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await warning.getByRole('checkbox').check();
  const approval = page.waitForRequest((r) => r.url().endsWith('/app_requests/app') && r.method() === 'POST');
  await warning.getByRole('button', { name: 'Confirm' }).click();
  expect((await approval).postDataJSON()).toMatchObject({ auto_assign: false, warning_accepted: true });
  await expect(toastWith(page, APP_MSG.approved)).toBeVisible();

  // On the teacher's Apps page the flagged app opens the warning modal, then the Assignment Confirmation.
  const teacher = (await apiMobileApps(page, { id: TABLET })).user;
  expect(teacher, 'the tablet has its user').toBeTruthy();
  await page.goto(`/users/${teacher!.id}/apps`);
  const mobiles = (await apiMobileApps(page, { user_id: String(teacher!.id) })).devices;
  expect(mobiles.length).toBeGreaterThan(1);
  await page.getByRole('switch', { name: 'Assign TikTok' }).click({ force: true });
  const modal = page.getByRole('dialog', { name: APP_MSG.warningHeading });
  await expect(modal.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await modal.getByRole('checkbox').check();
  await modal.getByRole('button', { name: 'Confirm' }).click();
  const confirmation = page.getByRole('dialog', { name: APP_MSG.assignmentConfirmation });
  await expect(confirmation.getByTestId('assignment-devices').getByRole('listitem')).toHaveCount(mobiles.length);
  await expectNoA11yViolations(page);
  const assign = page.waitForRequest((r) => r.url().endsWith('/apps/user'));
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  expect((await assign).postDataJSON()).toMatchObject({
    action: 'assign',
    user_id: teacher!.id,
    warning_accepted: true,
  });
  await expect(toastWith(page, APP_MSG.assigned)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Assign TikTok' })).toBeChecked();
});

test('pending tech: cancel; denied: request review; approved: deny; axe', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/apps/pending/tech');
  await expect(appsTable(page, 'App requests').locator('thead th')).toHaveText(
    ['Details', 'App', 'For', 'Requested', 'Actions'].map((h) => new RegExp(h)),
  );
  await expectNoA11yViolations(page);
  const cancelRoblox = page.getByRole('button', { name: 'Cancel request for Roblox' });
  await cancelRoblox.click();
  // 'Keep request' dismisses it, and focus is back on the button that opened it (issue 26).
  await page.getByRole('dialog', { name: 'Cancel request' }).getByRole('button', { name: 'Keep request' }).click();
  await expect(cancelRoblox).toBeFocused();
  await cancelRoblox.click();
  await page.getByRole('dialog', { name: 'Cancel request' }).getByRole('button', { name: 'Cancel request' }).click();
  await expect(toastWith(page, REQUEST_MSG.denied)).toBeVisible();
  await expect(page.getByText(REQUEST_MSG.emptyNoRequests)).toBeVisible();

  await page.goto('/requests/apps/denied');
  await expect(page.getByRole('button', { name: 'Approve Snapchat' })).toBeVisible();
  await page.getByRole('button', { name: 'Show details of Discord' }).click();
  await expect(page.getByTestId('app-details').getByText('Deny reason', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Request review of Discord' }).click();
  const review = page.getByRole('dialog', { name: 'Request review' });
  const submit = review.getByRole('button', { name: 'Submit' });
  await review.getByRole('textbox', { name: 'Reason' }).fill('abc');
  await expect(submit).toBeDisabled();
  await review.getByRole('textbox', { name: 'Reason' }).fill('The homework server is moderated by staff');
  await submit.click();
  await expect(toastWith(page, REQUEST_MSG.reviewSent)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request review of Discord' })).toHaveCount(0);

  await page.goto('/requests/apps/approved');
  await expect(appsTable(page, 'App requests').locator('thead th')).toHaveText(
    ['Details', 'App', 'By', 'For', 'Approved', 'Actions'].map((h) => new RegExp(h)),
  );
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: /^Deny Chess/ }).click();
  const deny = page.getByRole('dialog', { name: 'Deny app' });
  await expect(deny).toContainText("Denying it uninstalls it from your users' mobiles.");
  await deny.getByRole('button', { name: 'Deny' }).click();
  await expect(toastWith(page, REQUEST_MSG.appDenied)).toBeVisible();
});

test('a request another admin processed meanwhile answers its AC code; the list is refreshed', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/apps/approved');
  const api = await apiAppRequests(page, { state: 'approved', status: 'all' });
  const row = api.requests.find((r) => r.package_name === 'com.google.android.apps.classroom');
  expect(row, 'the demo approved Google Classroom').toBeTruthy();
  await page.getByRole('button', { name: `Deny ${row!.title}` }).click();
  await denyByApi(page, row!.package_name);
  await page.getByRole('dialog', { name: 'Deny app' }).getByRole('button', { name: 'Deny' }).click();
  // Denied meanwhile: 'already denied' (AC021) or gone from the list (AC010).
  await expect(toastWith(page, 'Request was failed with error request(s)')).toContainText(/\[AC0(10|21)\]/);
  await expect(page.getByRole('button', { name: `Deny ${row!.title}` })).toHaveCount(0);
});

test('a Console User sees the lists without actions', async ({ page }) => {
  await openAs(page, CONSOLE_USER, '/requests/apps/denied');
  await expect(appsTable(page, 'App requests').locator('tbody tr').first()).toBeVisible();
  await expect(appsTable(page, 'App requests').locator('thead th')).toHaveCount(5);
  await expect(page.getByRole('button', { name: /^(Approve|Deny|Request review)/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
});
