/**
 * Server user settings, /users/server_users/{id}/settings (002 §2.8, §2.10, §7): User Access Section
 * with Delete User, Web Access Options and Social Media Options by the account's permissions; every
 * change sends all options with one changed; refusals show the server's text.
 */
import { MSG, SERVER_USER_MSG, type RegistrationInfo } from '@wayguard/contracts';
import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoA11yViolations, test } from '../fixtures';
import { API } from '../shell-helpers';
import {
  STAFF,
  SU,
  signIn,
  postAsPage,
  serverUserDetails,
  serverUserId,
  serverUserUrl,
  settingsUrl,
  toast,
  userMenu,
} from './server-users-helpers';

const section = (page: Page, name: string) => page.getByRole('region', { name });

// First loads fetch the shell's chunks and the registration info: give them time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('server user settings', () => {
  // Each test signs in (argon2) and walks a whole flow with several round trips: slow on a busy machine.
  test.describe.configure({ timeout: 150_000 });

  test('each switch sends every option with that one changed', async ({ page }) => {
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.farah);
    const before = (await serverUserDetails(page, id)).options;
    await page.goto(settingsUrl(id));

    await expect(page).toHaveTitle('Wayguard | Server User Settings');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'User Access',
      'Web Access Options',
      'Social Media Options',
    ]);
    await expect(userMenu(page).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    const web = section(page, 'Web Access Options');
    await expect(web.getByRole('switch')).toHaveCount(2);
    await expect(section(page, 'Social Media Options').getByRole('switch')).toHaveCount(5);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Switch to dark color scheme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoA11yViolations(page);

    const website = web.getByRole('switch', { name: 'Disable website requests' });
    await expect(website).not.toBeChecked();
    let sent = page.waitForRequest((r) => r.url().endsWith(`${API}/server_users/options`));
    await website.check();
    expect((await sent).postDataJSON()).toEqual({ id, ...before, disable_website_requests: true });
    await expect(toast(page, MSG.lastActionSuccess)).toBeVisible();
    await expect(website).toBeChecked();
    expect((await serverUserDetails(page, id)).options.disable_website_requests).toBe(true);

    await page.reload();
    await expect(website).toBeChecked();

    // Keyboard: Space switches too, and focus stays on the switch.
    const youtube = page.getByRole('switch', { name: 'Disallow YouTube access' });
    await youtube.focus();
    sent = page.waitForRequest((r) => r.url().endsWith(`${API}/server_users/options`));
    await page.keyboard.press('Space');
    expect((await sent).postDataJSON()).toEqual({
      id,
      ...before,
      disable_website_requests: true,
      disallow_youtube_access: true,
    });
    await expect(youtube).toBeChecked();
    await expect(youtube).toBeFocused();
    // What decides YouTube (issue 26): on, the option; off, the rules, as the resolver explains them.
    const note = page.getByTestId('social-note-disallow_youtube_access');
    await expect(note).toHaveText(
      'YouTube is blocked for this user by this option, whatever the web-access rules say.',
    );

    // Back to the demo state, one change at a time.
    for (const s of [website, youtube]) {
      await s.uncheck();
      await expect(s).not.toBeChecked();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    }
    await expect.poll(async () => (await serverUserDetails(page, id)).options).toEqual(before);
    const decided = await postAsPage(page, '/node/web_access/test', {
      node_id: String(id),
      node_type: 'server_user',
      url: 'https://www.youtube.com/',
    });
    const body = (await decided.json()) as { decision: 'ALLOW' | 'BLOCK'; explanation: string };
    await expect(note).toContainText(
      `the web-access rules decide: YouTube is ${body.decision === 'BLOCK' ? 'blocked' : 'allowed'} for this user now.`,
    );
    if (body.explanation) await expect(note).toContainText(body.explanation);
  });

  test('a change refused by the server shows its text and the switch goes back', async ({ page }) => {
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.farah);
    const before = (await serverUserDetails(page, id)).options;
    await page.goto(settingsUrl(id));
    const media = page.getByRole('switch', { name: 'Disable media requests' });
    await expect(media).not.toBeChecked();

    // Another tab of an admin changes an option: the page's copy is now stale and the server refuses.
    const other = await postAsPage(page, '/server_users/options', {
      id,
      ...before,
      disallow_pinterest_access: true,
    });
    expect(other.status()).toBe(200);
    // A click, not check(): the refusal may put the switch back before check() could see it move.
    await media.click();
    await expect(toast(page, SERVER_USER_MSG.optionsChangedMeanwhile)).toBeVisible();
    await expect(media).not.toBeChecked();
    // The page reads the stored options again.
    await expect(page.getByRole('switch', { name: 'Disallow Pinterest access' })).toBeChecked();

    await page.getByRole('switch', { name: 'Disallow Pinterest access' }).uncheck();
    await expect(toast(page, MSG.lastActionSuccess)).toBeVisible();
    await expect.poll(async () => (await serverUserDetails(page, id)).options).toEqual(before);
  });

  test('Delete User in User Access asks first; a deleted user has no settings', async ({ page }) => {
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.george);
    await page.goto(settingsUrl(id));

    const access = section(page, 'User Access');
    await access.getByRole('button', { name: 'Delete User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await expect(dialog).toContainText(SU.george);
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Delete User' }).click();

    await expect(toast(page, MSG.serverUserDeleted)).toBeVisible();
    await expect(page).toHaveURL(serverUserUrl(id));
    await expect(page.getByTestId('server-user-status')).toHaveText('Deleted');
    await expect(userMenu(page).getByRole('link')).toHaveText(['Information']);
    await page.goto(settingsUrl(id));
    await expect(page).toHaveURL(serverUserUrl(id));

    await page.getByRole('button', { name: 'Undelete' }).click();
    await expect(toast(page, MSG.serverUserUndeleted)).toBeVisible();
    await expect(page.getByTestId('server-user-status')).toHaveText('Activated');
    expect((await serverUserDetails(page, id)).status).toBe('activated');
  });

  test('deleting a user someone deleted meanwhile shows the server text', async ({ page }) => {
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.george);
    await page.goto(settingsUrl(id));
    await section(page, 'User Access').getByRole('button', { name: 'Delete User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await expect(dialog).toBeVisible();

    expect((await postAsPage(page, '/server_users/server_user', { id, action: 'delete' })).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expect(toast(page, SERVER_USER_MSG.alreadyDeleted)).toBeVisible();
    // The refreshed user is Deleted: settings give way to the user's page.
    await expect(page).toHaveURL(serverUserUrl(id));
    await expect(page.getByTestId('server-user-status')).toHaveText('Deleted');

    await page.getByRole('button', { name: 'Undelete' }).click();
    await expect(toast(page, MSG.serverUserUndeleted)).toBeVisible();
    expect((await serverUserDetails(page, id)).status).toBe('activated');
  });

  test('sections and switches follow the account permissions', async ({ page }) => {
    let permissions: Partial<RegistrationInfo['access_permissions']> = { allow_social_media: false };
    await page.route(`**${API}/registration_info`, async (route) => {
      const res = await route.fetch();
      const info = (await res.json()) as RegistrationInfo;
      await route.fulfill({
        response: res,
        json: { ...info, access_permissions: { ...info.access_permissions, ...permissions } },
      });
    });
    await signIn(page, STAFF.consoleAdmin);
    const id = await serverUserId(page.request, SU.carlos);

    await page.goto(settingsUrl(id));
    await expect(section(page, 'Web Access Options').getByRole('switch')).toHaveCount(2);
    await expect(section(page, 'Social Media Options')).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(2);

    permissions = { allow_social_media: true, allow_disable_website_requests: false };
    await page.reload();
    await expect(section(page, 'Social Media Options').getByRole('switch')).toHaveCount(5);
    await expect(
      section(page, 'Web Access Options').getByRole('switch', { name: 'Disable media requests' }),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Disable website requests' })).toHaveCount(0);

    permissions = {
      allow_social_media: false,
      allow_disable_website_requests: false,
      allow_disable_media_requests: false,
    };
    await page.reload();
    await expect(section(page, 'User Access')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['User Access']);
    await expect(page.getByRole('switch')).toHaveCount(0);
  });
});
