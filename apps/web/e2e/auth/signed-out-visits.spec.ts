/**
 * A signed-out visit makes no failing request and logs no error (issue 26: /provider logged a 401 on
 * every signed-out visit): the console's sign-in page, and the review team's pages, which go to their
 * own sign-in page without asking the server.
 */
import { PROVIDER_MSG } from '@wayguard/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** Console errors and 4xx/5xx answers from now on. */
function recordFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') failures.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return failures;
}

for (const path of ['/provider', '/provider/team']) {
  test(`a signed-out visit of ${path} goes to the team's sign-in with no failing request`, async ({ page }) => {
    const failures = recordFailures(page);
    await page.goto(path);
    await expect(page).toHaveURL(/\/provider\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: PROVIDER_MSG.signInTitle })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
  });
}

test('a signed-out visit of /login makes no failing request', async ({ page }) => {
  const failures = recordFailures(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
});
