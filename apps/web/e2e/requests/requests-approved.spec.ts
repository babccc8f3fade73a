/**
 * Approved website requests (001 §2.4, §4, §8; ours: the Expiring soon and Bookmarked tabs): columns,
 * the bookmark toggle and its toasts, the tabs in filterIndex, denying an approved request, axe.
 * Changes approved website requests.
 */
import { EXPIRING_SOON_HOURS, REQUEST_MSG } from '@wayguard/contracts';
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

const APPROVED = { type: 'website', state: 'approved', status: 'all' } as const;

test('approved: columns, bookmark on and off, Expiring soon; axe', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/website/approved');
  const api = await apiRequests(page, APPROVED);
  expect(api.requests.length).toBeGreaterThan(1);
  await expect.poll(() => shownSubjects(page)).toEqual(api.requests.slice(0, 25).map(subjectOf));
  const table = requestsTable(page);
  await expect(table.locator('thead th')).toHaveCount(7);
  for (const h of [/^Website/, /^By/, /^For/, /^Approved/, /^Bookmark$/])
    await expect(table.getByRole('columnheader', { name: h })).toBeVisible();

  // The sort menu (001 §9), with the keyboard: 'Approved by A-Z' sorts by processor.
  const sortMenu = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sortMenu).toHaveValue('Approved: Newest first');
  await sortMenu.focus();
  await page.keyboard.press('ArrowDown');
  const byProcessor = page.getByRole('option', { name: 'Approved by A-Z' });
  await expect(byProcessor).toBeVisible();
  for (let i = 0; i < 12 && (await byProcessor.getAttribute('data-combobox-selected')) === null; i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(sortMenu).toHaveValue('Approved by A-Z');
  await expect(page).toHaveURL(/sort_by=processor/);
  const byName = await apiRequests(page, { ...APPROVED, sort_by: 'processor', reverse_order: '0' });
  await expect.poll(() => shownSubjects(page)).toEqual(byName.requests.slice(0, 25).map(subjectOf));
  await table
    .getByRole('columnheader', { name: /^Approved/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/sort_by=processed/);

  const row = api.requests.at(-1)!;
  const mark = page.getByRole('button', { name: `Bookmark ${subjectOf(row)}` });
  const was = row.bookmark !== 0;
  await expect(mark).toHaveAttribute('aria-pressed', String(was));
  await mark.click();
  await expect(toastWith(page, was ? REQUEST_MSG.bookmarkRemoved : REQUEST_MSG.bookmarkAdded)).toBeVisible();
  await expect(mark).toHaveAttribute('aria-pressed', String(!was));
  await mark.click();
  await expect(toastWith(page, was ? REQUEST_MSG.bookmarkAdded : REQUEST_MSG.bookmarkRemoved)).toBeVisible();
  await expect(mark).toHaveAttribute('aria-pressed', String(was));

  const tabs = page.getByRole('radiogroup', { name: 'Requests to show' });
  // Expiring soon (ours): approvals ending within EXPIRING_SOON_HOURS; the tab is kept in filterIndex.
  await tabs.getByText('Expiring soon', { exact: true }).click();
  await expect(tabs.getByRole('radio', { name: 'Expiring soon' })).toBeChecked();
  await expect(page).toHaveURL(/filterIndex=1/);
  const expiring = await apiRequests(page, { ...APPROVED, expiring: '1' });
  const limit = Date.now() / 1000 + EXPIRING_SOON_HOURS * 3600;
  for (const r of expiring.requests) expect(r.expires).toBeLessThanOrEqual(limit);
  await expect.poll(() => shownSubjects(page)).toEqual(expiring.requests.map(subjectOf));
  await expectNoA11yViolations(page);
  await tabs.getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/filterIndex=0/);
});

test('deny an approved request', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/website/approved');
  const api = await apiRequests(page, APPROVED);
  const row = api.requests[0]!;
  await page.getByRole('button', { name: `Actions for ${subjectOf(row)}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Block' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Deny' }).click();
  const deny = page.getByRole('dialog', { name: 'Deny request' });
  await expect(deny.getByRole('checkbox', { name: REQUEST_MSG.preventFurther })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await deny.getByRole('button', { name: 'Deny' }).click();
  await expect(toastWith(page, REQUEST_MSG.denied)).toBeVisible();
  await expect(deny).toBeHidden();
  await expect.poll(async () => (await apiRequests(page, APPROVED)).requests.some((r) => r.id === row.id)).toBe(false);
});
