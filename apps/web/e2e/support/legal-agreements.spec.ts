/**
 * Agreement pages (002 §2.15): License Agreement, Terms of Use and Privacy Policy show the title and
 * content of the session's registration info, inside the shell, with a Back to Top button.
 */
import { BACK_TO_TOP_AFTER_PX, type RegistrationInfo } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { rail, registrationInfo } from '../shell-helpers';
import { STAFF, signInToShell } from './support-helpers';

const PAGES: { path: string; title: string; kind: keyof RegistrationInfo['agreements'] }[] = [
  { path: '/support/agreements/license-agreement', title: 'License Agreement', kind: 'eula' },
  { path: '/support/agreements/terms', title: 'Terms of Use', kind: 'terms_of_use' },
  { path: '/support/agreements/privacy-policy', title: 'Privacy Policy', kind: 'privacy_policy' },
];

const paragraphs = (content: string) =>
  content
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel' });

test.describe('agreement pages', () => {
  test.beforeEach(async ({ page }) => {
    await signInToShell(page, STAFF.peter);
  });

  for (const { path, title, kind } of PAGES) {
    test(`${title}: title and content from registration info`, async ({ page }) => {
      const agreement = (await registrationInfo(page)).agreements[kind];
      expect(agreement.content.length).toBeGreaterThan(0);
      await page.goto(path);
      await expect(page).toHaveTitle(`Wayguard | ${title}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(agreement.title);
      const content = page.getByTestId('agreement-content');
      const shown = await content.locator('p').allInnerTexts();
      expect(shown).toEqual(paragraphs(agreement.content));
      await expect(rail(page)).toBeVisible();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs).toContainText('Agreements');
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title);
      await expectNoA11yViolations(page);
    });
  }

  test('each agreement links to the other two: the Privacy Policy is reached from the Terms of Use', async ({
    page,
  }) => {
    const info = await registrationInfo(page);
    await page.goto('/support/agreements/terms');
    const others = page.getByRole('navigation', { name: 'Other agreements' });
    await expect(others.getByRole('link')).toHaveText(['License Agreement', 'Privacy Policy']);
    await others.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/support/agreements/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.agreements.privacy_policy.title);
    await expect(others.getByRole('link')).toHaveText(['Terms of Use', 'License Agreement']);
    await others.getByRole('link', { name: 'License Agreement' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/support/agreements/license-agreement');
    await expect(others.getByRole('link')).toHaveText(['Terms of Use', 'Privacy Policy']);
  });

  test('the rail opens the agreements', async ({ page }) => {
    const nav = rail(page);
    await nav.getByRole('button', { name: 'Support' }).click();
    await nav.getByRole('button', { name: 'Agreements' }).click();
    await nav.getByRole('link', { name: 'License Agreement' }).click();
    await expect(page).toHaveURL('/support/agreements/license-agreement');
    const info = await registrationInfo(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.agreements.eula.title);
  });

  test(`Back to Top appears after ${BACK_TO_TOP_AFTER_PX} px of scrolling and returns to the heading`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 400 });
    await page.goto('/support/agreements/terms');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const button = page.getByRole('button', { name: 'Back to Top' });
    await expect(button).toHaveCount(0);
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(scrollable).toBeGreaterThan(BACK_TO_TOP_AFTER_PX + 50);

    await page.evaluate((y) => window.scrollTo(0, y), BACK_TO_TOP_AFTER_PX - 50);
    await page.waitForTimeout(300);
    await expect(button).toHaveCount(0);
    await page.evaluate((y) => window.scrollTo(0, y), BACK_TO_TOP_AFTER_PX + 50);
    await expect(button).toBeVisible();
    await expectNoA11yViolations(page);

    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(heading).toBeFocused();
    await expect(button).toHaveCount(0);
  });
});
