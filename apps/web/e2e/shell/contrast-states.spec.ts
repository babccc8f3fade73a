/**
 * Contrast of states a screen shows only after a step (issue 26, WCAG 2.2 AA 1.4.3): a filled status
 * badge ('Allowed' from "Test a website", 3.44:1 on Mantine's green) and the date range filter's
 * calendar with its outside-month days (2.06:1 at Mantine's half opacity). The axe scan covers them.
 */
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { openAs } from '../sessions';
import { REQ_ADMIN } from '../requests/requests-helpers';
import { NODES, deviceUrl } from '../web-access/web-access-helpers';

test('an Allowed decision badge passes the contrast scan', async ({ page }) => {
  await openAs(page, REQ_ADMIN, deviceUrl(NODES.readPc, 'websites'));
  const card = page.getByTestId('test-website');
  await card.getByRole('textbox', { name: 'Website address' }).fill('scratch.mit.edu');
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(card.getByTestId('test-decision')).toHaveText('Allowed');
  await expectNoA11yViolations(page);
});

test("the date range filter's calendar, outside-month days included, passes the contrast scan", async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/website');
  await page.getByRole('button', { name: /^Date filter:/ }).click();
  const outside = page.locator('[data-outside]').first();
  await expect(outside).toBeVisible();
  expect(await outside.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await expectNoA11yViolations(page);
});
