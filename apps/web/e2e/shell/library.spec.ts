/** /library and /library/typography (000 §2.1): bare-layout showcase pages, not the 404 page. */
import { MSG } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from '../fixtures';

test.describe('library', () => {
  test('/library shows the building blocks without the app shell, and links to typography', async ({ page }) => {
    await page.goto('/library');
    await expect(page).toHaveTitle('Wayguard | Library');
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
    await expect(page.getByText(MSG.pageNotFound)).toHaveCount(0);
    for (const section of ['Actions', 'Form inputs', 'Statuses', 'Alerts'])
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    // Bare layout: no rail, no header menus.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Nothing spins for ever (WCAG 2.2.2): the saving state shows on demand and stops again.
    const endless = () =>
      page.evaluate(() => document.getAnimations().filter((a) => a.effect?.getTiming().iterations === Infinity).length);
    await expect.poll(endless).toBe(0);
    const showSaving = page.getByRole('switch', { name: 'Show the saving state' });
    await showSaving.check();
    await expect(page.locator('.mantine-Loader-root')).toBeVisible();
    await showSaving.uncheck();
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    await expect.poll(endless).toBe(0);

    await page.getByRole('link', { name: 'Typography' }).click();
    await expect(page).toHaveURL('/library/typography');
  });

  test('/library/typography shows the type scale', async ({ page }) => {
    await page.goto('/library/typography');
    await expect(page).toHaveTitle('Wayguard | Typography');
    await expect(page.getByRole('heading', { level: 1, name: 'Typography' })).toBeVisible();
    await expect(page.getByText(MSG.pageNotFound)).toHaveCount(0);
    for (const level of [1, 2, 3, 4, 5, 6])
      await expect(
        page.getByRole('heading', { level, name: `Heading ${level}: Pending website requests` }),
      ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Library' }).click();
    await expect(page).toHaveURL('/library');
  });
});
