/**
 * Styling does not depend on the path a user took (issue 26): on a FRESH load of each screen, every
 * Mantine part the page shows, its dropdowns, menus and dialogs included, has its stylesheet rules
 * loaded. A component whose CSS was imported only by some other screen's chunk (a giant black check
 * mark in the 'Approved until' list, unstyled checkboxes on /library) fails here by its class name.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { openAs } from '../sessions';
import { REQ_ADMIN } from '../requests/requests-helpers';
import { ADMIN, NODES, deviceUrl } from '../web-access/web-access-helpers';

const require = createRequire(import.meta.url);
/** Every class Mantine's own stylesheets give rules to (core and dates). */
const MANTINE_CLASSES = new Set(
  ['@mantine/core/styles.css', '@mantine/dates/styles.css'].flatMap((file) =>
    [...readFileSync(require.resolve(file), 'utf8').matchAll(/\.(m_[0-9a-f]{8})\b/g)].map((m) => m[1]!),
  ),
);

/** Mantine classes on the page (portals included) that no loaded stylesheet has a rule for. */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  const { used, styled } = await page.evaluate(() => {
    const used = new Set<string>();
    for (const el of document.querySelectorAll('[class*="m_"]'))
      for (const c of el.classList) if (/^m_[0-9a-f]{8}$/.test(c)) used.add(c);
    const styled = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})/g)) styled.add(m[1]!);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    return { used: [...used], styled: [...styled] };
  });
  const loaded = new Set(styled);
  return used.filter((c) => MANTINE_CLASSES.has(c) && !loaded.has(c)).sort();
}

async function expectStyled(page: Page, where: string): Promise<void> {
  expect(await unstyledMantineClasses(page), `Mantine parts without their CSS: ${where}`).toEqual([]);
}

test('requests: the Approve dialog\'s "Approved until" list and the Block Website panel, on a fresh load', async ({
  page,
}) => {
  await openAs(page, REQ_ADMIN, '/requests/website');
  const approve = page.getByRole('button', { name: /^Approve (?!selected)/ }).first();
  await approve.click();
  await page.getByRole('menuitem', { name: 'Approve for the whole account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve request' });
  await dialog.getByLabel('Approved until').click();
  const option = page.getByRole('option', { name: 'Permanent' });
  await expect(option).toBeVisible();
  await expectStyled(page, 'Approved until');
  // The selected option's check mark is an icon, not a box filling the list.
  const check = await option.locator('svg').first().boundingBox();
  expect(check?.width ?? 0).toBeLessThan(20);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/requests/website');
  await page.getByRole('button', { name: 'Block Website' }).click();
  const panel = page.getByRole('dialog', { name: 'Block Website' });
  await panel.getByRole('radio', { name: 'Device' }).check();
  await expect(panel.getByRole('checkbox').first()).toBeVisible();
  await expectStyled(page, 'Block Website panel');
  const box = await panel.locator('.mantine-Checkbox-icon').first().boundingBox();
  expect(box?.width ?? 0).toBeLessThan(20);
});

test('/library: checkboxes and switches are styled on a fresh load', async ({ page }) => {
  await page.goto('/library');
  await expect(page.getByRole('checkbox', { name: 'I have read and acknowledge the above' })).toBeVisible();
  await expectStyled(page, '/library');
  const track = page.locator('.mantine-Switch-track').first();
  expect(await track.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
  const icon = await page.locator('.mantine-Checkbox-icon').first().boundingBox();
  expect(icon?.width ?? 0).toBeLessThan(20);
});

test('devices, web access and account: styled on a fresh load', async ({ page }) => {
  for (const path of ['/devices', deviceUrl(NODES.readPc, 'websites'), '/account']) {
    await openAs(page, ADMIN, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    await expectStyled(page, path);
  }
});

test('/login: the first step is styled by the entry alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectStyled(page, '/login');
});
