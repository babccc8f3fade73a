/** The page-not-found screen (000 §2.1, §8): no sign-in needed, the catalogue's text, a link home. */
import { MSG } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from '../fixtures';

// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel' });

test.describe('page not found', () => {
  test('an unknown path shows the text and a link home, without signing in', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/\/no\/such\/page\?x=1$/);
    await expect(page.getByText(MSG.pageNotFound, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Wayguard | Page not found');
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Go to the home page' }).click();
    // Home needs a session: the guard sends the visitor to sign in, with home as the origin.
    await expect(page).toHaveURL('/login?origin=%2F');
  });

  test('unknown paths under known areas are not found either', async ({ page }) => {
    await page.goto('/devices/tablet/12');
    await expect(page.getByText(MSG.pageNotFound, { exact: true })).toBeVisible();
    // /library and /library/typography are pages (000 §2.1); a path below them is not.
    await page.goto('/library/colours');
    await expect(page.getByText(MSG.pageNotFound, { exact: true })).toBeVisible();
  });
});
