/**
 * Users list by keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7): sorting, search, the filter popup, the pager,
 * a row's menu and its note dialog, and Create User with its type tiles; focus goes back where it came
 * from when a popup or dialog closes, and every control shows where focus is. Changes no user.
 */
import type { Locator, Page } from '@playwright/test';
import { MSG } from '@wayguard/contracts';
import { test } from '../fixtures';
import { addressParams, expect, MINE, settled, signInAdmin, usersTable } from './users-list-helpers';

/** Presses Tab until `target` has focus (at most `max` times): it is reachable by keyboard, in order. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reached by Tab: ${target.toString()}`);
}

/** The focused element draws a visible outline (Mantine's focus ring; WCAG 2.4.7). */
async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(1);
}

const sortButton = (page: Page, name: string) =>
  usersTable(page)
    .getByRole('columnheader', { name: new RegExp(`^${name}`) })
    .getByRole('button');

test.describe.configure({ timeout: 180_000 });

test.describe('users list by keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/users');
    await settled(page);
    // Start from the top of the page, as a keyboard user arriving on it.
    await page.getByRole('heading', { level: 1, name: 'Users List' }).click();
  });

  test('search, sort, filter and page without a mouse', async ({ page }) => {
    const box = page.getByRole('textbox', { name: 'Search users' });
    await tabTo(page, box);
    await expectFocusRing(box);
    await page.keyboard.type('ben');
    await page.keyboard.press('Enter');
    await expect.poll(() => addressParams(page).query).toBe('ben');
    await page.getByRole('button', { name: 'Clear search' }).press('Enter');
    await expect.poll(() => addressParams(page).query).toBeUndefined();

    // Filters: Enter opens the popup with focus inside it; Space ticks; Tab reaches Apply.
    const filters = page.getByRole('button', { name: /^Filters/ });
    await tabTo(page, filters);
    await expectFocusRing(filters);
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Filters' });
    await expect(popup).toBeVisible();
    const deactivated = popup.getByRole('checkbox', { name: 'Deactivated or deleted' });
    await tabTo(page, deactivated, 10);
    await page.keyboard.press('Space');
    await expect(deactivated).toBeChecked();
    await tabTo(page, popup.getByRole('button', { name: 'Apply' }), 10);
    await page.keyboard.press('Enter');
    await expect(popup).toBeHidden();
    await expect(filters).toHaveText('Filters (1)');
    await expect(filters).toBeFocused();
    await expect.poll(() => addressParams(page).deactivated).toBe('1');

    // Sorting: Enter on a header sorts, Enter again reverses.
    const email = sortButton(page, 'Email');
    await tabTo(page, email);
    await expectFocusRing(email);
    await page.keyboard.press('Enter');
    await expect.poll(() => addressParams(page)).toMatchObject({ sort_by: 'email_address', reverse_order: '0' });
    await page.keyboard.press('Enter');
    await expect.poll(() => addressParams(page).reverse_order).toBe('1');
    await expect(sortButton(page, 'Email')).toContainText('Z-A');

    // The pager: page size by keyboard, then the page jump with Enter.
    await filters.press('Enter');
    await popup.getByRole('button', { name: 'Clear' }).press('Enter');
    await popup.getByRole('button', { name: 'Apply' }).press('Enter');
    await expect.poll(() => addressParams(page).deactivated).toBeUndefined();
    // The screen shows the new state (its render can lag the address), and then its rows.
    await expect(filters).toHaveText('Filters');
    await settled(page);
    const pager = page.getByRole('navigation', { name: 'Users pages' });
    const next = pager.getByRole('button', { name: 'Next page' });
    await tabTo(page, next, 80);
    await expectFocusRing(next);
    await page.keyboard.press('Enter');
    await expect.poll(() => addressParams(page).page).toBe('2');
    const jump = pager.getByRole('textbox', { name: 'Go to page' });
    await tabTo(page, jump, 10);
    await page.keyboard.type('999');
    await page.keyboard.press('Enter');
    await expect(pager.getByText(/^Please enter page 1 to \d+$/)).toBeVisible();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => addressParams(page).page).toBe('1');
  });

  test("a row's menu and its note dialog; focus returns to the menu button", async ({ page }) => {
    const username = MINE.activated[4]; // harry.king8: never changed by the specs
    await page.goto(`/users?query=${username}`);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Users List' }).click();
    const link = usersTable(page).getByRole('link', { name: username, exact: true });
    await tabTo(page, link);
    await expectFocusRing(link);
    const actions = page.getByRole('button', { name: `Actions for ${username}`, exact: true });
    await page.keyboard.press('Tab');
    await expectFocusRing(actions);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const deactivate = menu.getByRole('menuitem', { name: 'Deactivate' });
    for (let i = 0; i < 4 && !(await deactivate.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowDown');
    await expect(deactivate).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Deactivate user' });
    const note = dialog.getByRole('textbox', { name: 'Note' });
    await expect(note).toBeFocused();
    await page.keyboard.type('ab');
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(actions).toBeFocused();
    await expect(usersTable(page).getByRole('row').filter({ hasText: username })).toContainText(/Activated|Password/);

    // Manage User by keyboard opens the user's page.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    const manage = menu.getByRole('menuitem', { name: 'Manage User' });
    for (let i = 0; i < 4 && !(await manage.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users\/\d+$/);
  });

  test('Create User: messages on leaving a field, type tiles by arrow keys, Escape returns focus', async ({ page }) => {
    const create = page.getByRole('button', { name: 'Create User' });
    await tabTo(page, create);
    await expectFocusRing(create);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create User' });
    const username = dialog.getByLabel('Username');
    await expect(username).toBeFocused();
    // Validated on blur: nothing is said while typing, the message comes on leaving the field.
    await page.keyboard.type('abc');
    await expect(dialog.getByText(MSG.usernameMin)).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(dialog.getByText(MSG.usernameMin)).toBeVisible();

    // One tab stop for the type: the chosen tile; arrows move the choice.
    const userTile = dialog.getByRole('radio', { name: /Wayguard User/ });
    await expect(userTile).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    const requestTile = dialog.getByRole('radio', { name: /Request Admin/ });
    await expect(requestTile).toBeFocused();
    await expect(requestTile).toHaveAttribute('aria-checked', 'true');
    await expect(userTile).toHaveAttribute('aria-checked', 'false');
    await expectFocusRing(requestTile);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Email address')).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();
  });
});
