/**
 * A Console User reads the request lists without any action (002 §6): no Block Website, no approve,
 * deny, bookmark or row menus, no selection; other addresses under a kind say 'Redirecting...' and go
 * to its pending list; axe. Reads only. (The app request lists' Console User view: apps-requests.spec.ts.)
 */
import { REQUEST_MSG } from '@wayguard/contracts';
import { expectNoA11yViolations, test } from '../fixtures';
import { CONSOLE_USER, apiRequests, expect, openAs, requestsTable, shownSubjects, subjectOf } from './requests-helpers';

test.describe.configure({ timeout: 180_000 });

test('a Console User sees the lists without actions; redirects; axe', async ({ page }) => {
  await openAs(page, CONSOLE_USER, '/requests/website');
  const api = await apiRequests(page, { type: 'website', state: 'pending', status: 'admin' });
  await expect.poll(() => shownSubjects(page)).toEqual(api.requests.slice(0, 25).map(subjectOf));
  await expect(page.getByRole('button', { name: 'Block Website' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Approve|Deny)/ })).toHaveCount(0);
  await expect(requestsTable(page).getByRole('checkbox')).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.goto('/requests/media/approved');
  const media = await apiRequests(page, { type: 'media', state: 'approved', status: 'all' });
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await expect.poll(() => shownSubjects(page, 'Media')).toEqual(media.requests.slice(0, 25).map(subjectOf));
  await expect(page.getByRole('button', { name: /^(Actions for|Bookmark)/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/requests/website/nowhere');
  await expect(page).toHaveURL(/\/requests\/website(\?|$)/);
  expect(REQUEST_MSG.redirecting).toBe('Redirecting...');
});
