/**
 * Static legal pages (000 §2.1-2.2, 002 §2.15): Website Terms of Use, Privacy Policy and Cookies
 * Policy, without the app shell, with their last-updated dates and a link back to the console.
 */
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { rail } from '../shell-helpers';
import { STAFF, signInToShell } from './support-helpers';

const PAGES = [
  {
    path: '/legal/terms',
    title: 'Website Terms of Use',
    footer: 'Website Terms',
    updated: '5 May 2021',
    iso: '2021-05-05',
  },
  {
    path: '/legal/privacy',
    title: 'Privacy Policy',
    footer: 'Privacy Policy',
    updated: '21 November 2023',
    iso: '2023-11-21',
  },
  {
    path: '/legal/cookies',
    title: 'Cookies Policy',
    footer: 'Cookies Policy',
    updated: '21 November 2023',
    iso: '2023-11-21',
  },
];

// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel' });

test.describe('legal pages', () => {
  test.beforeEach(async ({ page }) => {
    await signInToShell(page, STAFF.olivia);
  });

  for (const p of PAGES) {
    test(`${p.title}: opened from the footer, without the shell, dated ${p.updated}`, async ({ page }) => {
      await page.getByRole('contentinfo').getByRole('link', { name: p.footer }).click();
      await expect(page).toHaveURL(p.path);
      await expect(page).toHaveTitle(`Wayguard | ${p.title}`);
      await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
      await expect(rail(page)).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
      await expect(page.getByTestId('legal-updated')).toHaveText(`Last updated: ${p.updated}`);
      await expect(page.getByTestId('legal-updated').locator('time')).toHaveAttribute('datetime', p.iso);
      await expect(page.getByRole('article')).toContainText('Wayguard Ltd');
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
      await expectNoA11yViolations(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expectNoA11yViolations(page);

      const back = page.getByRole('link', { name: 'Back to the console' });
      await expect(back).toHaveCount(2);
      await expect(back.first()).toHaveAttribute('href', '/');
      await back.first().click();
      await expect(page).toHaveURL('/');
      await expect(rail(page)).toBeVisible();
    });
  }

  test('the legal pages link to each other', async ({ page }) => {
    await page.goto('/legal/terms');
    await page.getByRole('article').getByRole('link', { name: 'Cookies Policy' }).click();
    await expect(page).toHaveURL('/legal/cookies');
    await page.getByRole('article').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/legal/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('a long legal page has Back to Top', async ({ page }) => {
    await page.goto('/legal/privacy');
    const heading = page.getByRole('heading', { level: 1, name: 'Privacy Policy' });
    await expect(heading).toBeVisible();
    await page.getByRole('heading', { level: 2, name: '13. Changes to this policy' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Back to Top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(heading).toBeFocused();
  });
});
