/**
 * allow_user_creation controls the Create User button and dialog (000 §2.7, §6): a Console Admin of an
 * account without it gets neither, and create_user=1 only leaves the address. The demo accounts all
 * allow creation, so the registration info the browser reads is changed on its way.
 */
import type { RegistrationInfo } from '@wayguard/contracts';
import { test } from '../fixtures';
import { addressParams, DEFAULT_PARAMS, expect, settled, signInAdmin } from './users-list-helpers';

test.describe.configure({ timeout: 120_000 });

test('without allow_user_creation a Console Admin has no Create User, and create_user=1 opens nothing', async ({
  page,
}) => {
  let answered = 0;
  await page.route(
    (url) => url.pathname === '/api/mobile/admin/registration_info',
    async (route) => {
      const res = await route.fetch();
      const info = (await res.json()) as RegistrationInfo;
      expect(info.user_type).toBe('console_admin');
      answered++;
      await route.fulfill({
        response: res,
        json: { ...info, access_permissions: { ...info.access_permissions, allow_user_creation: false } },
      });
    },
  );
  await signInAdmin(page);
  await page.goto('/users?create_user=1');
  await expect.poll(() => addressParams(page)).toEqual(DEFAULT_PARAMS);
  await settled(page);
  expect(answered).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Users List' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create User' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // With the permission (the real answer), the same address opens the dialog.
  await page.unrouteAll({ behavior: 'wait' });
  await page.goto('/users?create_user=1');
  await expect(page.getByRole('dialog', { name: 'Create User' })).toBeVisible();
  await expect.poll(() => addressParams(page).create_user).toBeUndefined();
});
