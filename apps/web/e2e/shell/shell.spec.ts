/** The app shell (000 §2.2): rail and its menus, count chips, classic links, header, footer, banner. */
import { APP_VERSION, MSG, STATS_POLL_MS } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { API, logInToShell, openAs, rail, registrationInfo, sessionMarker } from '../shell-helpers';

// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel' });

test.describe('app shell', () => {
  test.beforeEach(async ({ page }) => {
    await openAs(page, DEMO.family);
  });

  test('the rail lists the six areas', async ({ page }) => {
    const nav = rail(page);
    for (const name of ['Dashboard', 'Devices', 'Users'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    for (const name of ['Requests', 'Account', 'Support']) {
      await expect(nav.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('Requests menu: four entries per kind, chips from /stats, polled only while open', async ({ page }) => {
    const statsCalls: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`${API}/stats`)) statsCalls.push(Date.now());
    });
    await page.waitForTimeout(1_000);
    expect(statsCalls, 'no polling while the menu is closed').toHaveLength(0);

    const nav = rail(page);
    const statsResponse = page.waitForResponse((r) => r.url().endsWith(`${API}/stats`));
    await nav.getByRole('button', { name: 'Requests' }).click();
    const stats = (await (await statsResponse).json()) as Record<string, number>;
    await expect(nav.getByRole('button', { name: 'Requests' })).toHaveAttribute('aria-expanded', 'true');

    const kinds = [
      { group: 'Websites', pending: 'website_requests', tech: 'website_requests_tech', path: '/requests/website' },
      { group: 'Media', pending: 'media_requests', tech: 'media_requests_tech', path: '/requests/media' },
      { group: 'Apps', pending: 'mobile_app_requests', tech: 'mobile_app_requests_tech', path: '/requests/apps' },
    ];
    for (const kind of kinds) {
      const group = nav.getByRole('group', { name: kind.group });
      const pendingAdmin = group.getByRole('link', { name: /^Pending Admin/ });
      const pendingTech = group.getByRole('link', { name: /^Pending for the support team/ });
      await expect(pendingAdmin).toHaveAttribute('href', kind.path);
      await expect(pendingTech).toHaveAttribute('href', `${kind.path}/pending/tech`);
      await expect(group.getByRole('link', { name: 'Approved' })).toHaveAttribute('href', `${kind.path}/approved`);
      await expect(group.getByRole('link', { name: 'Denied' })).toHaveAttribute('href', `${kind.path}/denied`);
      await expect(pendingAdmin.getByTestId('count-chip')).toHaveText(`${stats[kind.pending]} pending`);
      await expect(pendingTech.getByTestId('count-chip')).toHaveText(`${stats[kind.tech]} pending`);
    }

    // The next poll comes STATS_POLL_MS later; closing the menu stops it.
    const before = statsCalls.length;
    await page.waitForRequest((r) => r.url().endsWith(`${API}/stats`), { timeout: STATS_POLL_MS + 5_000 });
    expect(statsCalls.length).toBeGreaterThan(before);
    await nav.getByRole('button', { name: 'Requests' }).click();
    await expect(nav.getByRole('button', { name: 'Requests' })).toHaveAttribute('aria-expanded', 'false');
    const afterClose = statsCalls.length;
    await page.waitForTimeout(STATS_POLL_MS + 1_000);
    expect(statsCalls.length).toBe(afterClose);
  });

  test('navigating a request list sets breadcrumbs, the active entry and the title', async ({ page }) => {
    const nav = rail(page);
    await nav.getByRole('button', { name: 'Requests' }).click();
    await nav
      .getByRole('group', { name: 'Media' })
      .getByRole('link', { name: /^Pending for the support team/ })
      .click();
    await expect(page).toHaveURL(/\/requests\/media\/pending\/tech(\?|$)/);
    await expect(page).toHaveTitle('Wayguard | Media Requests – Pending for the support team');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('Dashboard');
    await expect(crumbs.getByRole('link', { name: 'Requests' })).toHaveAttribute('href', '/requests');
    await expect(crumbs.getByRole('link', { name: 'Media' })).toHaveAttribute('href', '/requests/media');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Pending for the support team');
    await expect(
      nav.getByRole('group', { name: 'Media' }).getByRole('link', { name: /^Pending for the support team/ }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('table', { name: 'Media requests' })).toBeVisible();
  });

  test("Account menu: the account's web access, and classic console links in a new tab with a tooltip", async ({
    page,
  }) => {
    const info = await registrationInfo(page);
    const nav = rail(page);
    await nav.getByRole('button', { name: 'Account' }).click();
    await expect(nav.getByRole('link', { name: 'Account Info' })).toHaveAttribute('href', '/account');
    await nav.getByRole('button', { name: 'Web Access' }).click();
    // The account's own web access is in this console (issue 26); its pages link to the classic ones.
    for (const [name, href] of [
      ['Website Access', '/account/websites'],
      ['Media Access', '/account/media'],
      ['Categories', '/account/categories'],
    ] as const)
      await expect(nav.getByRole('link', { name, exact: true }), name).toHaveAttribute('href', href);
    for (const name of ['Notifications', 'Reporting', 'Classification', 'Mobile Apps', 'PC Apps']) {
      const link = nav.getByRole('link', { name: `${name} (opens in a new tab)` });
      await expect(link, name).toHaveAttribute('target', '_blank');
      await expect(link, name).toHaveAttribute('rel', 'noopener noreferrer');
      expect(await link.getAttribute('href'), name).toMatch(
        new RegExp(`^${info.classic_console_url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/`),
      );
    }
    const notifications = nav.getByRole('link', { name: 'Notifications (opens in a new tab)' });
    await notifications.hover();
    // One tooltip: another link's (the mouse crossed it on its way) may still be fading out.
    await expect(page.getByRole('tooltip', { name: MSG.classicTooltip })).toHaveCount(1);
    await expect(page.getByRole('tooltip', { name: MSG.classicTooltip })).toBeVisible();
    await page.mouse.move(900, 500);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    // Keyboard users get it too.
    await nav.getByRole('link', { name: 'Account Info' }).focus();
    await page.keyboard.press('Tab');
    await expect(notifications).toBeFocused();
    await expect(page.getByRole('tooltip', { name: MSG.classicTooltip })).toHaveCount(1);
    await expect(page.getByRole('tooltip', { name: MSG.classicTooltip })).toBeVisible();
  });

  test('Support menu: Contact Us, Feedback and the Agreements accordion', async ({ page }) => {
    const nav = rail(page);
    await nav.getByRole('button', { name: 'Support' }).click();
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/support');
    await expect(nav.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/support/feedback');
    await nav.getByRole('button', { name: 'Agreements' }).click();
    await expect(nav.getByRole('link', { name: 'License Agreement' })).toHaveAttribute(
      'href',
      '/support/agreements/license-agreement',
    );
    await nav.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL('/support/agreements/terms');
    await expect(page).toHaveTitle('Wayguard | Terms of Use');
    // Contact Us is in the shell for a signed-in user.
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(nav).toBeVisible();
  });

  test('the rail works from the keyboard', async ({ page }) => {
    const requests = rail(page).getByRole('button', { name: 'Requests' });
    await requests.focus();
    await page.keyboard.press('Enter');
    await expect(requests).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(
      rail(page)
        .getByRole('group', { name: 'Websites' })
        .getByRole('link', { name: /^Pending Admin/ }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/requests\/website(\?|$)/);
  });

  test('profile menu: Profile opens the own user page, Logout signs out', async ({ page }) => {
    // Logout ends the session: a session of this test's own, not the saved one other tests use.
    await logInToShell(page, DEMO.family);
    const info = await registrationInfo(page);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(`/users/${info.user_id}`);

    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    // Polled: the marker goes as the sign-out ends (a late 401 of the page left no longer reloads /login:
    // api-client consoleUnauthorized).
    await expect.poll(() => sessionMarker(page).catch(() => 'navigating')).toBeNull();
    expect((await page.request.get(`${API}/registration_info`)).status()).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL('/login?origin=%2F');
  });

  test('footer: copyright, legal links and the version; legal pages have no shell', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Wayguard`);
    await expect(footer).toContainText(APP_VERSION);
    await expect(footer.getByRole('link', { name: 'Website Terms' })).toHaveAttribute('href', '/legal/terms');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');
    await expect(footer.getByRole('link', { name: 'Cookies Policy' })).toHaveAttribute('href', '/legal/cookies');
    await footer.getByRole('link', { name: 'Cookies Policy' }).click();
    await expect(page).toHaveURL('/legal/cookies');
    await expect(page.getByRole('heading', { level: 1, name: 'Cookies Policy' })).toBeVisible();
    await expect(rail(page)).toHaveCount(0);
    await expect(page).toHaveTitle('Wayguard | Cookies Policy');
    await expectNoA11yViolations(page);
  });

  test('the development banner collapses and stays collapsed', async ({ page }) => {
    const banner = page.getByRole('region', { name: 'Development notice' });
    await expect(banner).toContainText(MSG.developmentBanner);
    await banner.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByText(MSG.developmentBanner)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Show development notice' })).toBeVisible();
    await expect(page.getByText(MSG.developmentBanner)).toHaveCount(0);
    await page.getByRole('button', { name: 'Show development notice' }).click();
    await expect(page.getByText(MSG.developmentBanner)).toBeVisible();
  });

  test('every screen has a prefixed title and a coming-soon page passes the scan', async ({ page }) => {
    const pages: [string, string][] = [
      ['/devices/machine/RFPC0001', 'Wayguard | Device Details for RIVERSIDE-MARKER Laptop'],
      ['/users/server_users/12/websites', 'Wayguard | Server User Websites'],
      ['/account', 'Wayguard | Account Info'],
      ['/requests', 'Wayguard | Websites Requests – Pending Admin'],
      ['/support/agreements/privacy-policy', 'Wayguard | Privacy Policy'],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
    }
    await page.goto('/device/machine/RFPC0001');
    await expect(page).toHaveURL('/devices/machine/RFPC0001/settings');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Device Details for RIVERSIDE-MARKER Laptop' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('RIVERSIDE-MARKER Laptop');
    // A screen of a later issue (server user web access) is a plain coming-soon page.
    await page.goto('/users/server_users/12/websites');
    await expect(page).toHaveTitle('Wayguard | Server User Websites');
    await expectNoA11yViolations(page);
  });

  test('the shell passes the accessibility scan in the dark scheme with menus open', async ({ page }) => {
    await page.getByRole('button', { name: 'Switch to dark color scheme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const nav = rail(page);
    for (const name of ['Requests', 'Account', 'Support']) await nav.getByRole('button', { name, exact: true }).click();
    await page.goto('/users/4');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
