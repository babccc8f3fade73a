/**
 * Denied media requests (001 §2.4, §4, §5, §8): columns, the approve button disabled by association
 * (the contracts' rule), the review dialog (9 rows, Submit with 4 characters or more), 'Review request
 * sent' and the review offered once only; axe. Changes denied media requests (media: no pending thread
 * of the same subject, which would answer a review with 'no further action').
 */
import { REQUEST_MSG, deniedApproveOptions } from '@wayguard/contracts';
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

test.describe.configure({ timeout: 180_000 });

const DENIED = { type: 'media', state: 'denied', status: 'all' } as const;

test('denied: approve by association, request review once; axe', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/media/denied');
  const api = await apiRequests(page, DENIED);
  expect(api.requests.length).toBeGreaterThan(0);
  await expect.poll(() => shownSubjects(page, 'Media')).toEqual(api.requests.slice(0, 25).map(subjectOf));
  await expect(requestsTable(page, 'Media').locator('thead th')).toHaveCount(6);
  for (const r of api.requests.slice(0, 5)) {
    const approve = page.getByRole('button', { name: `Approve ${subjectOf(r)}` });
    if (deniedApproveOptions(r).length === 0) await expect(approve).toBeDisabled();
    else await expect(approve).toBeEnabled();
  }

  const row = api.requests.find((r) => r.can_request_review);
  expect(row, 'a denied request that may be reviewed').toBeTruthy();
  await page.getByRole('button', { name: `Request review of ${subjectOf(row!)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Request review' });
  const reason = dialog.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toHaveAttribute('rows', '9');
  await expect(reason).toBeFocused();
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await reason.fill('abc');
  await expect(submit).toBeDisabled();
  await reason.fill('abcd it is for a class project');
  await expect(submit).toBeEnabled();
  await expectNoA11yViolations(page);
  await submit.click();
  await expect(toastWith(page, REQUEST_MSG.reviewSent)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Request review of ${subjectOf(row!)}` })).toHaveCount(0);
});
