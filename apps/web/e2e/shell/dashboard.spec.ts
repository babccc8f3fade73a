/** Dashboard (000 §2.3): greeting, logo tile, count tiles from registration info, rotating news. */
import { NEWS_ROTATE_MS, type RegistrationInfo } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { openAs, rail, registrationInfo } from '../shell-helpers';

type CountKey = keyof RegistrationInfo;
const TILES: { testId: string; key: CountKey; href: string }[] = [
  { testId: 'tile-website', key: 'website_requests', href: '/requests/website' },
  { testId: 'tile-website-tech', key: 'website_requests_tech', href: '/requests/website/pending/tech' },
  { testId: 'tile-media', key: 'media_requests', href: '/requests/media' },
  { testId: 'tile-media-tech', key: 'media_requests_tech', href: '/requests/media/pending/tech' },
  { testId: 'tile-apps', key: 'mobile_app_requests', href: '/requests/apps' },
  { testId: 'tile-apps-tech', key: 'mobile_app_requests_tech', href: '/requests/apps/pending/tech' },
  { testId: 'tile-critical', key: 'critical_alert_count', href: '/devices?critical_alerts=1' },
  { testId: 'tile-important', key: 'important_alert_count', href: '/devices?important_alerts=1' },
  { testId: 'tile-pending-users', key: 'pending_users', href: '/users?awaiting_activation=1&password_reset=1' },
  { testId: 'tile-active-users', key: 'active_users', href: '/users?active_last_30_days=1' },
  { testId: 'tile-deactivated-users', key: 'deactivated_users', href: '/users?deactivated=1' },
];

// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel' });

test.describe('dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await openAs(page, DEMO.family);
    await expect(page).toHaveURL('/');
  });

  test('greets the user and shows every count of the registration info', async ({ page }) => {
    const info = await registrationInfo(page);
    await expect(page).toHaveTitle('Wayguard | Dashboard');
    const greeting = page.getByTestId('greeting');
    await expect(greeting.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${info.user_full_name}`);
    await expect(greeting).toContainText(info.user_email);

    for (const tile of TILES) {
      const link = page.getByTestId(tile.testId);
      await expect(link, tile.testId).toHaveAttribute('href', tile.href);
      await expect(link.getByTestId('tile-count'), tile.testId).toHaveText(String(info[tile.key]));
    }
    await expect(page.getByRole('link', { name: 'Users with failed e-mail delivery' })).toHaveAttribute(
      'href',
      '/users?failed_email_delivery=1',
    );
    await expect(page.getByTestId('logo-tile')).toHaveAttribute('href', '/account?add_logo=1');
    // Each user tile says what it counts (parts of the users list, not its total).
    await expect(page.getByTestId('tile-active-users').getByTestId('tile-counts')).toHaveText(
      'Active in the last 30 days',
    );
  });

  test('tiles open their lists', async ({ page }) => {
    await page.getByTestId('tile-website-tech').click();
    await expect(page).toHaveURL(/\/requests\/website\/pending\/tech(\?|$)/); // the list writes its view into the address
    await expect(page).toHaveTitle('Wayguard | Websites Requests – Pending for the support team');
    await page.goBack();
    await page.getByTestId('tile-critical').click();
    await expect(page).toHaveURL('/devices?critical_alerts=1');
    await page.goBack();
    await page.getByTestId('logo-tile').click();
    // The account page opens its logo editor for add_logo=1, then leaves the address (account-logo.spec.ts).
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL('/account');
  });

  test('the logo tile promises the logo editor only to a Console Admin', async ({ page }) => {
    // The same account seen by a console user: they cannot change the logo (only a Console Admin can).
    await page.route('**/registration_info', async (route) => {
      const response = await route.fetch();
      const info = (await response.json()) as RegistrationInfo;
      await route.fulfill({ response, json: { ...info, user_type: 'console_user' } });
    });
    await page.reload();
    const tile = page.getByTestId('logo-tile');
    await expect(tile).toHaveAttribute('href', '/account');
    await expect(tile.getByText('No account logo yet').or(tile.getByText('Your account logo'))).toBeVisible();
    await expect(tile).not.toContainText('Add your account logo');
    await expect(tile).not.toContainText('Change your account logo');
    await tile.click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByTestId('account-read-only')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('counts are fetched again when the dashboard opens', async ({ page }) => {
    await rail(page).getByRole('link', { name: 'Devices', exact: true }).click();
    await expect(page).toHaveURL(/\/devices(\?|$)/);
    await page.waitForTimeout(5_500); // the shell's own fetch is older than the 5 s dedupe window now
    const refetch = page.waitForRequest((r) => r.url().endsWith('/registration_info'));
    await rail(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await refetch;
  });

  test('the news tile moves on every 5 s and can be paused', async ({ page }) => {
    const tile = page.getByTestId('news-tile');
    const item = tile.getByTestId('news-item');
    await expect(item).toBeVisible();
    const first = (await item.textContent()) ?? '';
    await page.mouse.move(0, 0); // hovering the tile holds the rotation
    await expect(item).not.toHaveText(first, { timeout: NEWS_ROTATE_MS + 3_000 });

    await tile.getByRole('button', { name: 'Pause' }).click();
    await expect(tile.getByRole('button', { name: 'Play' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.locator('body').click({ position: { x: 5, y: 500 } });
    const paused = (await item.textContent()) ?? '';
    await page.waitForTimeout(NEWS_ROTATE_MS + 1_500);
    await expect(item).toHaveText(paused);

    await tile.getByRole('button', { name: 'Next news item' }).click();
    await expect(item).not.toHaveText(paused);
  });

  test('passes the accessibility scan in light and dark schemes', async ({ page }) => {
    await expect(page.getByTestId('tile-website')).toBeVisible();
    await expect(page.getByTestId('news-item')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Switch to dark color scheme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoA11yViolations(page);
  });
});
