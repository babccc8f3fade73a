/**
 * Pending website requests (001 §2.4, §2.5, §4, §8): the list's columns, a thread's accordion and its
 * Request Devices modal, approving for the whole account, denying with 'Prevent further requests', the
 * batch approval of selected rows, their toasts, keyboard and axe. Changes pending website requests.
 */
import { REQUEST_MSG } from '@wayguard/contracts';
import { expectNoA11yViolations, test } from '../fixtures';
import {
  REQ_ADMIN,
  apiRequests,
  expect,
  openAs,
  requestsTable,
  shownSubjects,
  subjectOf,
  toastWith,
} from './requests-helpers';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PENDING = { type: 'website', state: 'pending', status: 'admin' } as const;

test('the pending list, a thread of several devices and Request Devices; axe', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Websites Requests' })).toBeVisible();
  const api = await apiRequests(page, PENDING);
  expect(api.requests.length).toBeGreaterThan(0);
  await expect.poll(() => shownSubjects(page)).toEqual(api.requests.slice(0, 25).map(subjectOf));
  const table = requestsTable(page);
  await expect(table.locator('thead th')).toHaveCount(5);
  await expect(table.getByRole('columnheader', { name: /^Website/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /^By/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /^Requested/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Approve selected/ })).toBeDisabled();

  const thread = api.requests.find((r) => r.device_count > 1);
  expect(thread, 'the demo has a thread asked from several devices').toBeTruthy();
  const name = subjectOf(thread!);
  if (thread!.requester_count > 1)
    await expect(table.getByText(`+${thread!.requester_count - 1} more`).first()).toBeVisible();
  const toggle = page.getByRole('button', { name: `Show details of ${name}` });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const details = page.getByTestId('request-details');
  await expect(details).toContainText('User notes');
  await expect(details).toContainText('Requested date');
  await details.getByRole('button', { name: `Show the ${thread!.device_count} devices` }).click();
  const dialog = page.getByRole('dialog', { name: REQUEST_MSG.requestDevicesTitle });
  await expect(dialog.getByRole('link')).toHaveCount(thread!.device_count);
  await expect(dialog.getByRole('link').first()).toHaveAttribute('target', '_blank');
  await expect(dialog.getByRole('link').first()).toHaveAttribute('href', /^\/devices\/(machine|mobile)\/.+/);
  await expect(dialog.getByRole('status')).toHaveText(`${thread!.device_count} devices`);
  await expectNoA11yViolations(page);
  const machines = await dialog
    .getByRole('link')
    .evaluateAll((as) => as.filter((a) => a.getAttribute('href')?.startsWith('/devices/machine/')).length);
  await dialog.getByText('Mobile', { exact: true }).click();
  if (machines === thread!.device_count) await expect(dialog.getByText(REQUEST_MSG.noDevices)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expectNoA11yViolations(page);
});

test('approve for the whole account, deny with Prevent further requests, batch approval', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/website');
  const api = await apiRequests(page, PENDING);
  // Single-device threads, so that the first test finds its thread on a retry.
  const [first, second, third, fourth] = api.requests.filter((r) => r.device_count <= 1);
  expect(fourth, 'four pending website requests in the demo').toBeTruthy();
  await expect.poll(() => shownSubjects(page)).toContain(subjectOf(first!));

  // Approve (hover or click menu) > Approve for the whole account > Permanent.
  await page.getByRole('button', { name: `Approve ${subjectOf(first!)}` }).click();
  await page.getByRole('menuitem', { name: 'Approve for the whole account' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve request' });
  await expect(approve.getByLabel('Approved until')).toHaveValue('Permanent');
  await expectNoA11yViolations(page);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(toastWith(page, '1 website request(s) approved')).toBeVisible();
  await expect(toastWith(page, '1 added to account whitelist')).toBeVisible();
  await expect(approve).toBeHidden();
  await expect.poll(() => shownSubjects(page)).not.toContain(subjectOf(first!));

  // Deny with 'Prevent further requests'.
  await page.getByRole('button', { name: `Deny ${subjectOf(second!)}` }).click();
  const deny = page.getByRole('dialog', { name: 'Deny request' });
  await deny.getByRole('textbox', { name: 'Reason (optional)' }).fill('Not for lessons');
  await deny.getByRole('checkbox', { name: REQUEST_MSG.preventFurther }).check();
  await deny.getByRole('button', { name: 'Deny' }).click();
  await expect(toastWith(page, REQUEST_MSG.pendingWebsiteDenied)).toBeVisible();
  await expect.poll(() => shownSubjects(page)).not.toContain(subjectOf(second!));
  const denied = await apiRequests(page, { type: 'website', state: 'denied', status: 'all', query: second!.website });
  expect(denied.requests.find((r) => r.id === second!.id)?.prevent_requests).toBe(true);

  // Batch: two rows chosen, the account's whitelist.
  const batch = page.getByRole('button', { name: /^Approve selected/ });
  await expect(batch).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${subjectOf(third!)}` }).check();
  await page.getByRole('checkbox', { name: `Select ${subjectOf(fourth!)}` }).check();
  await expect(batch).toHaveText('Approve selected (2)');
  await batch.click();
  const dialog = page.getByRole('dialog', { name: 'Approve selected requests' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toastWith(page, '2 website request(s) approved')).toBeVisible();
  await expect.poll(() => shownSubjects(page)).not.toContain(subjectOf(third!));
  await expect(batch).toHaveText('Approve selected (0)');
});
