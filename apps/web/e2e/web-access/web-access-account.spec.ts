/**
 * The account's own web access (issue 26): reached from the rail's Account menu, the device pages'
 * screens for the account node (Websites, Categories, Media), each with the classic console's page as
 * a secondary link; the rows as the API answers them for the account; axe. Read only: the account's
 * rules are what every other spec's devices inherit.
 */
import { expectNoA11yViolations, test } from '../fixtures';
import { rail } from '../sessions';
import { apiWebsites, expect, settled, shownNames, signInAdmin } from './web-access-helpers';

const ACCOUNT = { type: 'account', id: 'account' } as const;

test("the account's websites, categories and media from the Account menu; axe", async ({ page }) => {
  await signInAdmin(page);
  const nav = rail(page);
  await nav.getByRole('button', { name: 'Account' }).click();
  await nav.getByRole('button', { name: 'Web Access' }).click();
  await nav.getByRole('link', { name: 'Website Access', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/websites(\?|$)/);
  // The pointer leaves the rail: axe reads the link's colours at rest.
  await page.mouse.move(900, 40);
  await expect(page.getByRole('heading', { level: 1, name: 'Account web access' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Websites' })).toBeVisible();
  await expect(page).toHaveTitle(/Account Websites/);
  const classic = page.getByRole('link', { name: /^Open in the classic console/ });
  await expect(classic).toHaveAttribute('target', '_blank');
  await expect(classic).toHaveAttribute('href', /\/web-access\/websites$/);
  await settled(page, 'Websites');
  const api = await apiWebsites(page, ACCOUNT);
  expect(await shownNames(page, 'Websites')).toEqual(api.result.map((r) => r.name));
  // Rows with a rule at the account lead the default order.
  expect(api.result[0]!.own_access).not.toBe('INHERIT');
  await expectNoA11yViolations(page);

  const pages = page.getByRole('navigation', { name: 'Account web access pages' });
  await pages.getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/account\/categories(\?|$)/);
  await page.mouse.move(900, 40);
  await expect(pages.getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: /Communication/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open in the classic console/ })).toHaveAttribute(
    'href',
    /\/web-access\/categories$/,
  );
  await expectNoA11yViolations(page);

  // Keyboard: the pages' menu is reachable and opens Media.
  await pages.getByRole('link', { name: 'Media' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/media(\?|$)/);
  await expect(page.getByRole('heading', { level: 2, name: 'Media' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Account Info' })).not.toHaveAttribute('aria-current', 'page');
});
