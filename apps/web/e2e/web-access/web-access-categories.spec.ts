/**
 * Categories of a device and of a server user (002 §2.3, §2.9, §4.3): groups as the API answers them,
 * panels that open after a search and close when it is cleared, a category's switch with its toasts, a
 * provider-locked category that cannot be allowed, the empty text and the menu entries; keyboard and axe.
 * Changes only year8.dana's rules.
 */
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, test } from '../fixtures';
import {
  NODES,
  SERVER_USERS,
  apiCategories,
  deviceUrl,
  expect,
  expectToast,
  recordToasts,
  search,
  serverUserUrl,
  signInAdmin,
  userNode,
} from './web-access-helpers';

test.describe.configure({ timeout: 180_000 });

const panelButtons = (page: Page) => page.locator('[data-testid^="category-group-"] [data-accordion-control]');

test.describe('categories', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
  });

  test("a PC's categories: groups, search opens all, clearing closes all, locked; axe", async ({ page }) => {
    await signInAdmin(page, deviceUrl(NODES.readPc, 'categories'));
    await expect(page.getByRole('heading', { level: 2, name: 'Categories' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Find category' })).toHaveAttribute(
      'placeholder',
      'Find category...',
    );
    const api = await apiCategories(page, NODES.readPc);
    const titles = api.groups.map((g) => g.title);
    await expect(panelButtons(page)).toHaveText(titles.map((t) => new RegExp(`^${t}`)));
    for (const b of await panelButtons(page).all()) await expect(b).toHaveAttribute('aria-expanded', 'false');
    await expectNoA11yViolations(page);

    // A provider-locked category: its switch cannot be used.
    const locked = api.groups.flatMap((g) => g.categories).find((c) => c.locked);
    if (locked) {
      await search(page, 'Find category', locked.name);
      await expect(page.getByRole('switch', { name: `Access to ${locked.name}`, exact: true })).toBeDisabled();
    }

    await search(page, 'Find category', 'game');
    const found = await apiCategories(page, NODES.readPc, 'game');
    await expect(panelButtons(page)).toHaveCount(found.groups.length);
    for (const b of await panelButtons(page).all()) await expect(b).toHaveAttribute('aria-expanded', 'true');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(panelButtons(page)).toHaveCount(api.groups.length);
    for (const b of await panelButtons(page).all()) await expect(b).toHaveAttribute('aria-expanded', 'false');

    await search(page, 'Find category', 'no-such-category-zz');
    await expect(page.getByText('No categories found')).toBeVisible();
  });

  test("a server user's category switch blocks and allows with its toasts (keyboard)", async ({ page }) => {
    await signInAdmin(page);
    const node = await userNode(page, SERVER_USERS.dana);
    await page.goto(serverUserUrl(Number(node.id), 'categories'));
    const menu = page.getByRole('navigation', { name: 'User pages' });
    for (const entry of ['Websites', 'Categories', 'Media'])
      await expect(menu.getByRole('link', { name: entry })).toBeVisible();

    const api = await apiCategories(page, node, 'Sports');
    const sports = api.groups.flatMap((g) => g.categories).find((c) => c.name === 'Sports' && !c.locked);
    expect(sports).toBeDefined();
    await search(page, 'Find category', 'Sports');
    const sw = page.getByRole('switch', { name: 'Access to Sports', exact: true });
    const wasAllowed = sports!.access === 'ALLOW';
    await expect(sw).toBeChecked({ checked: wasAllowed });
    await sw.focus();
    await page.keyboard.press('Space');
    await expectToast(page, wasAllowed ? 'Access is blocked' : 'Access is allowed');
    await expect(sw).toBeChecked({ checked: !wasAllowed });
    await page.keyboard.press('Space');
    await expectToast(page, wasAllowed ? 'Access is allowed' : 'Access is blocked');
    await expect(sw).toBeChecked({ checked: wasAllowed });
  });
});
