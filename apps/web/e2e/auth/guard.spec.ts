/** The auth guard (000 §2.1), the 401 handling (000 §4.6, §8) and the reset-password redirect. */
import { expect, test } from '../fixtures';
import { DEMO } from '../demo';
import { API, logInToShell, rail, sessionMarker } from '../shell-helpers';

test.describe('auth guard', () => {
  test('sends a visitor to /login with the origin and back there after login', async ({ page }) => {
    await page.goto('/users?deactivated=1');
    await expect(page).toHaveURL('/login?origin=%2Fusers%3Fdeactivated%3D1');

    await page.getByLabel('Username').fill(DEMO.family.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.family.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL('/users?deactivated=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Users List' })).toBeVisible();
    expect(await sessionMarker(page)).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  test('guards every signed-in area, including pages without the shell', async ({ page }) => {
    for (const path of [
      '/',
      '/devices/machine/5/settings',
      '/requests/media/denied',
      '/legal/cookies',
      '/support/feedback',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?origin=${encodeURIComponent(path)}`);
    }
  });

  test('the login page does not load the shell or the screens behind the guard', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /AppLayout|DashboardPage|TermsOfUse|ConfirmDetails|ComingSoon/.test(s))).toEqual([]);
  });

  test('Contact Us is public', async ({ page }) => {
    await page.goto('/support');
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(rail(page)).toHaveCount(0);
  });

  test('a 401 clears the session marker and reloads into the login page', async ({ page, context }) => {
    await logInToShell(page, DEMO.family, '/devices');
    await expect(page).toHaveURL(/\/devices(\?|$)/);

    await context.clearCookies({ name: 'wg_session' });
    const stats = page.waitForResponse((r) => r.url().includes(`${API}/stats`));
    // Opening the Requests menu fetches /stats, which now answers 401.
    await rail(page).getByRole('button', { name: 'Requests' }).click();
    expect((await stats).status()).toBe(401);

    await expect(page).toHaveURL(/\/login\?origin=/);
    expect(await sessionMarker(page)).toBeNull();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('reset password sends a signed-in user back to the previous location', async ({ page }) => {
    await logInToShell(page, DEMO.family, '/users');
    await expect(page).toHaveURL(/\/users(\?|$)/);
    await page.goto('/devices?important_alerts=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();

    await page.goto('/reset_password');
    await expect(page).toHaveURL('/devices?important_alerts=1');
  });
});
