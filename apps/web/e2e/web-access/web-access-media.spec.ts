/**
 * Media of a device and of a server user (002 §2.5, §2.9, §3 'Media info'): the page's pieces and header
 * links, the rows the API answers, the media type filter in two groups with indeterminate group boxes
 * and '{n} filter(s) applied', sorting by Media Type, a row's accordion with the spec's texts for what is
 * missing, keyboard and axe. Reads only.
 */
import { expectNoA11yViolations, test } from '../fixtures';
import {
  NODES,
  SERVER_USERS,
  addressParams,
  apiMedia,
  deviceUrl,
  expect,
  serverUserUrl,
  shownNames,
  signInAdmin,
  table,
  userNode,
} from './web-access-helpers';

test.describe.configure({ timeout: 180_000 });

test.describe('media', () => {
  test("a tablet's media: links, rows, type filter, sort, accordion; axe", async ({ page }) => {
    await signInAdmin(page, deviceUrl(NODES.readMobile, 'media'));
    await expect(page.getByRole('heading', { level: 2, name: 'Media' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Find media' })).toHaveAttribute('placeholder', 'Find media...');
    for (const label of ['Add media', 'Block media'])
      await expect(page.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('target', '_blank');

    const api = await apiMedia(page, NODES.readMobile);
    expect(api.result.length).toBeGreaterThan(0);
    expect(await shownNames(page, 'Media')).toEqual(api.result.map((r) => r.name));
    await expectNoA11yViolations(page);

    // Sort by Media Type.
    await table(page, 'Media')
      .getByRole('button', { name: /^Media Type/ })
      .click();
    await expect.poll(() => addressParams(page).sort_by).toBe('media_type');
    const byType = await apiMedia(page, NODES.readMobile, { sort_by: 'media_type' });
    // The table may still show the previous order for a moment after the address changed.
    await expect(async () => {
      expect(await shownNames(page, 'Media')).toEqual(byType.result.map((r) => r.name));
    }).toPass();

    // The type filter: ticking one Video type leaves the Video group box indeterminate.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Channel', exact: true }).check();
    await expect(page.getByRole('checkbox', { name: 'Video', exact: true }).first()).toHaveJSProperty(
      'indeterminate',
      true,
    );
    await page.getByRole('checkbox', { name: 'Social Media', exact: true }).check();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: '5 filter(s) applied' })).toBeVisible();
    await expect.poll(() => addressParams(page).media_types).toBe('group,account,review,social_page,channel');

    // Back to all types, then a row's accordion from the keyboard.
    await page.getByRole('button', { name: '5 filter(s) applied' }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
    const first = (await apiMedia(page, NODES.readMobile, { sort_by: 'media_type' })).result[0]!;
    const toggle = page.getByRole('button', { name: `Show details of ${first.name}` });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = table(page, 'Media').getByTestId('media-details');
    await expect(details).toBeVisible();
    for (const label of ['Type', 'Category', 'URL', 'Referrer', 'Description'])
      await expect(details.getByText(label, { exact: true })).toBeVisible();
    const info = await page.request.get(`/api/mobile/admin/node/web_access/websites/media_info`, {
      params: { website_id: String(first.id) },
    });
    const body = (await info.json()) as { thumbnail: string; referer: string; description: string };
    if (!body.thumbnail) await expect(details.getByText('No preview available')).toBeVisible();
    if (!body.referer) await expect(details.getByText('Not specified').first()).toBeVisible();
    if (!body.description) await expect(details.getByText('No description.')).toBeVisible();
    await expectNoA11yViolations(page);

    // At 1280px and 1024px a row shows its last button whole: nothing is clipped (issue 26).
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      const row = table(page, 'Media').getByRole('row').nth(1);
      await expect(row.getByRole('button').last(), `${width}px`).toBeInViewport({ ratio: 1 });
      await expect(row.getByRole('switch'), `${width}px`).toBeInViewport({ ratio: 1 });
    }
  });

  test("a server user's media: Add media only", async ({ page }) => {
    await signInAdmin(page);
    const node = await userNode(page, SERVER_USERS.ahmed);
    await page.goto(serverUserUrl(Number(node.id), 'media'));
    await expect(page.getByRole('link', { name: /^Add media/ })).toHaveAttribute('href', /type=server_user/);
    await expect(page.getByRole('link', { name: /^Block media/ })).toHaveCount(0);
    const api = await apiMedia(page, node);
    if (api.total_count === 0) await expect(table(page, 'Media').getByText('No media found')).toBeVisible();
    else expect(await shownNames(page, 'Media')).toEqual(api.result.map((r) => r.name));
  });
});
