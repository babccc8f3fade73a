/**
 * The account logo (000 §2.6, §5, §7.2, §9): the editor opened from the card or by add_logo=1, file
 * types, zoom and pan from the keyboard, the 500x100 crop uploaded with progress, drag and drop,
 * the server's refusal, and removal. Signs in as the Northfield Console Admin and leaves no logo.
 */
import type { Page } from '@playwright/test';
import { LOGO, MSG } from '@wayguard/contracts';
import { expect as baseExpect, expectNoA11yViolations, test } from '../fixtures';
import { API } from '../shell-helpers';
import { card, getAccount, openAccount, pngSize, postAsPage, reloadAccount, toastWith } from './account-helpers';

// The machine these run on may be busy: give each expectation more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

/** An 800x400 PNG drawn in the page: red left half, blue right half. */
async function makePng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(800, 400);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 400, 400);
    ctx.fillStyle = '#0000ff';
    ctx.fillRect(400, 0, 400, 400);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}

/** RGBA of some pixels of a base64 PNG, decoded in the page. */
async function pixels(page: Page, b64: string, points: [number, number][]): Promise<number[][]> {
  return page.evaluate(
    async ({ b64, points }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      return points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data));
    },
    { b64, points },
  );
}

const editor = (page: Page) => page.getByRole('dialog', { name: 'Account Logo' });
const fileInput = (page: Page) => page.getByTestId('logo-file-input');

async function removeLogo(page: Page) {
  const res = await postAsPage(page, '/account/logo', { data: '', filename: '', width: 0, height: 0 });
  expect(res.status()).toBe(200);
}

test.describe('account logo', () => {
  // generous: these tests sign in, decode and upload images, and run axe
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await openAccount(page);
    await removeLogo(page);
    await reloadAccount(page);
  });
  test.afterEach(async ({ page }) => {
    await removeLogo(page);
  });

  test('add_logo=1 opens the editor and leaves the address without a history entry', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('logo-tile').click();
    await expect(editor(page)).toBeVisible();
    await expect(page).toHaveURL('/account');
    await expect(editor(page).getByRole('button', { name: 'Choose image' })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(editor(page)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL('/');
  });

  test('only jpeg, png, gif, bmp and webp images are accepted', async ({ page }) => {
    await card(page, 'Account Logo').getByRole('button', { name: 'Add logo' }).click();
    await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(editor(page).getByRole('alert')).toHaveText(MSG.invalidImage);
    await expect(editor(page).getByRole('button', { name: 'Save' })).toBeDisabled();
    // the right type, but not an image
    await fileInput(page).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    await expect(editor(page).getByRole('alert')).toHaveText(MSG.invalidImage);
    // an image clears the message
    await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makePng(page) });
    await expect(editor(page).getByTestId('logo-canvas')).toBeVisible();
    await expect(editor(page).getByRole('alert')).toHaveCount(0);
    await expect(editor(page).getByTestId('logo-file-input')).toHaveAttribute('accept', /image\/webp/);
  });

  test('zoom and pan from the keyboard, Save uploads the 500x100 crop with progress, then removal', async ({
    page,
  }) => {
    await card(page, 'Account Logo').getByRole('button', { name: 'Add logo' }).click();
    const dialog = editor(page);
    await dialog.getByRole('button', { name: 'Choose image' }).focus();
    await fileInput(page).setInputFiles({ name: 'school.png', mimeType: 'image/png', buffer: await makePng(page) });
    const canvas = dialog.getByTestId('logo-canvas');
    const slider = dialog.getByRole('slider', { name: 'Zoom' });

    // 800x400 fits the 500x100 crop area at 0.25, centred: x = 100 + (500 - 200) / 2
    await expect(canvas).toHaveAttribute('data-zoom', '0.25');
    await expect(canvas).toHaveAttribute('data-x', '250');
    await expect(slider).toHaveAttribute('aria-valuemin', '0.25');
    await expect(slider).toHaveAttribute('aria-valuemax', String(LOGO.zoomMax));
    await expect(dialog.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await expectNoA11yViolations(page);

    // + and - on the editor area zoom by 0.1, the buttons and the slider too
    await canvas.focus();
    await page.keyboard.press('+');
    await expect(canvas).toHaveAttribute('data-zoom', '0.35');
    await page.keyboard.press('-');
    await expect(canvas).toHaveAttribute('data-zoom', '0.25');
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(canvas).toHaveAttribute('data-zoom', '0.35');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(canvas).toHaveAttribute('data-zoom', '0.45');
    await page.keyboard.press('End');
    await expect(canvas).toHaveAttribute('data-zoom', '5');
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await page.keyboard.press('Home');
    await expect(canvas).toHaveAttribute('data-zoom', '0.25');

    // arrow keys pan; at the fit level the image stays inside the crop area
    await canvas.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(canvas).toHaveAttribute('data-x', '240');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(canvas).toHaveAttribute('data-x', '190');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect(canvas).toHaveAttribute('data-x', '100');
    await page.keyboard.press('ArrowUp');
    await expect(canvas).toHaveAttribute('data-y', '100');

    // hold the upload to see its progress
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${API}/account/logo`, async (route) => {
      await held;
      await route.fallback();
    });
    const posted = page.waitForRequest((r) => r.url().endsWith('/account/logo'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    const body = (await posted).postDataJSON() as { data: string; filename: string; width: number; height: number };
    expect(body.filename).toBe('school.png');
    expect([body.width, body.height]).toEqual([500, 100]);
    expect(body.data.startsWith('data:')).toBe(false);
    expect(pngSize(Buffer.from(body.data, 'base64'))).toEqual({ width: 500, height: 100 });
    await expect(dialog.getByText(/^Uploading… \d+%$/)).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Logo upload progress' })).toBeAttached();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    await expect(toastWith(page, MSG.accountUpdated)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // the crop: the image (200x100, at the left of the crop area) red then blue, then transparent
    const stored = await getAccount(page);
    expect(stored.logo?.filename).toBe('school.png');
    expect(pngSize(Buffer.from(stored.logo!.data, 'base64'))).toEqual({ width: 500, height: 100 });
    const [red, blue, empty] = await pixels(page, stored.logo!.data, [
      [50, 50],
      [150, 50],
      [400, 50],
    ]);
    expect(red).toEqual([255, 0, 0, 255]);
    expect(blue).toEqual([0, 0, 255, 255]);
    expect(empty![3]).toBe(0);

    const logoCard = card(page, 'Account Logo');
    await expect(logoCard.getByRole('img', { name: 'Northfield Academy logo' })).toBeVisible();
    await expect(logoCard.getByRole('button', { name: 'Change logo' })).toBeVisible();

    // the dashboard's logo tile shows it too
    await page.goto('/');
    await expect(page.getByTestId('logo-tile').getByRole('img')).toBeVisible();
    await page.goto('/account');

    // removal: empty data, empty filename and zero sizes
    const removal = page.waitForRequest((r) => r.url().endsWith('/account/logo'));
    await card(page, 'Account Logo').getByRole('button', { name: 'Remove logo' }).click();
    expect((await removal).postDataJSON()).toEqual({ data: '', filename: '', width: 0, height: 0 });
    await expect(toastWith(page, MSG.accountUpdated)).toBeVisible();
    await expect(card(page, 'Account Logo').getByText('No logo')).toBeVisible();
    await expect(card(page, 'Account Logo').getByRole('button', { name: 'Remove logo' })).toHaveCount(0);
    expect((await getAccount(page)).logo).toBeNull();
  });

  test('an image dropped on the editor area is taken, and a zoomed crop is uploaded', async ({ page }) => {
    await card(page, 'Account Logo').getByRole('button', { name: 'Add logo' }).click();
    const b64 = (await makePng(page)).toString('base64');
    const transfer = await page.evaluateHandle((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return dt;
    }, b64);
    const zone = editor(page).getByTestId('logo-drop-zone');
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    const canvas = editor(page).getByTestId('logo-canvas');
    await expect(canvas).toHaveAttribute('data-zoom', '0.25');
    await expect(editor(page).getByTestId('logo-file-name')).toHaveText('dropped.png');

    // ten steps of 0.1 from 0.25, around the centre: the crop shows the middle of the image
    await canvas.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('+');
    await expect(canvas).toHaveAttribute('data-zoom', '1.25');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(toastWith(page, MSG.accountUpdated)).toBeVisible();
    const stored = await getAccount(page);
    const [left, right] = await pixels(page, stored.logo!.data, [
      [10, 50],
      [490, 50],
    ]);
    expect(left).toEqual([255, 0, 0, 255]);
    expect(right).toEqual([0, 0, 255, 255]);
    expect(stored.logo?.filename).toBe('dropped.png');
  });

  test('a file dropped beside the editor area is taken, and no drop makes the browser leave', async ({ page }) => {
    await card(page, 'Account Logo').getByRole('button', { name: 'Add logo' }).click();
    const b64 = (await makePng(page)).toString('base64');
    const transfer = await page.evaluateHandle((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'beside.png', { type: 'image/png' }));
      return dt;
    }, b64);
    // on the editor's buttons, outside the drop zone
    const cancel = editor(page).getByRole('button', { name: 'Cancel' });
    await cancel.dispatchEvent('dragover', { dataTransfer: transfer });
    await cancel.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(editor(page).getByTestId('logo-canvas')).toBeVisible();
    await expect(editor(page).getByTestId('logo-file-name')).toHaveText('beside.png');

    // A file dropped anywhere else is cancelled while the editor is open (the browser would open it).
    const dropOnPage = () =>
      page.evaluate(() => {
        const dt = new DataTransfer();
        dt.items.add(new File(['x'], 'x.png', { type: 'image/png' }));
        const drop = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
        document.body.dispatchEvent(drop);
        return drop.defaultPrevented;
      });
    expect(await dropOnPage()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(editor(page)).toHaveCount(0);
    expect(await dropOnPage()).toBe(false);
  });

  test("the server's refusal is shown and the editor stays open", async ({ page }) => {
    await page.route(`**${API}/account/logo`, (route) =>
      route.fulfill({
        status: 400,
        json: { success: false, error: MSG.logoTooLarge, error_message: MSG.logoTooLarge },
      }),
    );
    await card(page, 'Account Logo').getByRole('button', { name: 'Add logo' }).click();
    await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makePng(page) });
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await expect(toastWith(page, MSG.logoTooLarge)).toBeVisible();
    await expect(editor(page)).toBeVisible();
    await expect(editor(page).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect((await getAccount(page)).logo).toBeNull();
  });
});
