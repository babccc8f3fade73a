/**
 * The approval's impact preview (issue 11): for the whole account, the subject's category, a website
 * group once chosen, the requesters' server connection, the devices and users that asked, selected
 * devices once chosen (issue 26), and a batch, the dialog says how many devices and users it unblocks
 * and what else it unblocks, as POST /node/web_access/impact answers; axe. Approves nothing (every dialog is cancelled): the pending demo rows stay for the
 * other specs.
 */
import type { Page } from '@playwright/test';
import type { ImpactResponse } from '@wayguard/contracts';
import { postAsPage } from '../api-helpers';
import { expectNoA11yViolations, test } from '../fixtures';
import { REQ_ADMIN, apiRequests, expect, openAs, subjectOf } from './requests-helpers';

test.describe.configure({ timeout: 180_000 });

async function impactOf(page: Page, body: Record<string, unknown>): Promise<ImpactResponse> {
  const res = await postAsPage(page, '/node/web_access/impact', { scope: { kind: 'account' }, rule: 'allow', ...body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ImpactResponse;
}

/** The first sentence of the preview for these numbers. */
const members = (r: ImpactResponse) =>
  r.devices_changed === 0 && r.users_changed === 0
    ? 'It unblocks nothing for any device or user'
    : `It unblocks this for ${r.devices_changed} of ${r.devices_in_scope} device`;
const also = (r: ImpactResponse) =>
  r.also_unblocked.websites === 0 ? 'It unblocks no other website.' : `It also unblocks `;

test('the approval says what it unblocks: whole account, category, website group, connection, batch; axe', async ({
  page,
}) => {
  await openAs(page, REQ_ADMIN, '/requests/website');
  const api = await apiRequests(page, { type: 'website', state: 'pending', status: 'admin' });
  // The oldest rows: requests-pending decides the newest.
  const [row, other] = [...api.requests].reverse().filter((r) => r.category_id > 0);
  expect(other, 'two pending website requests with a category in the demo').toBeTruthy();
  const preview = (dialog: ReturnType<Page['getByRole']>) => dialog.getByTestId('impact-preview');

  // The whole account.
  const whole = await impactOf(page, { request_ids: [row!.id] });
  await page.getByRole('button', { name: `Approve ${subjectOf(row!)}` }).click();
  await page.getByRole('menuitem', { name: 'Approve for the whole account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve request' });
  await expect(preview(dialog)).toContainText(members(whole));
  await expect(preview(dialog)).toContainText(also(whole));
  await expect(preview(dialog).getByRole('status')).toHaveAttribute('aria-busy', 'false');
  await page.screenshot({ path: test.info().outputPath('impact-whole-account.png') });
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The category: its other blocked websites.
  const category = await impactOf(page, { category_id: row!.category_id });
  await page.getByRole('button', { name: `Approve ${subjectOf(row!)}` }).click();
  await page.getByRole('menuitem', { name: /^Approve the category / }).click();
  await expect(preview(dialog)).toContainText(members(category));
  await expect(preview(dialog)).toContainText(also(category));
  for (const s of category.also_unblocked.sample) await expect(preview(dialog)).toContainText(s.name);
  await page.screenshot({ path: test.info().outputPath('impact-category.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A website group: nothing until one is chosen.
  await page.getByRole('button', { name: `Approve ${subjectOf(row!)}` }).click();
  await page.getByRole('menuitem', { name: 'Add to a website group...' }).click();
  await expect(dialog.getByRole('radiogroup', { name: 'Website group' })).toBeVisible();
  await expect(preview(dialog)).toHaveCount(0);
  const first = dialog.getByRole('radio').first();
  await first.check();
  await expect(preview(dialog)).toContainText(/It unblocks/);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The devices that asked (issue 26: every approval scope has a preview).
  const asked = await impactOf(page, { scope: { kind: 'requesters_devices' }, request_ids: [row!.id] });
  await page.getByRole('button', { name: `Approve ${subjectOf(row!)}` }).click();
  await page.getByRole('menuitem', { name: /^Approve for (this device|these \d+ devices)$/ }).click();
  await expect(preview(dialog)).toContainText(members(asked));
  await expect(preview(dialog)).toContainText(also(asked));
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The users who asked.
  const users = await impactOf(page, { scope: { kind: 'requesters_users' }, request_ids: [row!.id] });
  await page.getByRole('button', { name: `Approve ${subjectOf(row!)}` }).click();
  await page.getByRole('menuitem', { name: /^Approve for (this user|these users)$/ }).click();
  await expect(preview(dialog)).toContainText(members(users));
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Selected devices: nothing until one is chosen, then the chosen devices.
  await page.getByRole('button', { name: `Approve ${subjectOf(row!)}` }).click();
  await page.getByRole('menuitem', { name: 'Approve for selected devices...' }).click();
  await expect(dialog.getByRole('group', { name: 'Devices' })).toBeVisible();
  await expect(preview(dialog)).toHaveCount(0);
  await dialog.getByRole('checkbox').first().check();
  await expect(preview(dialog)).toContainText(
    /of 1 device and 0 of 0 users of the chosen devices|none of them is blocked/,
  );
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The requesters' server connection (the demo's pupils are server users): its members only.
  expect(row!.requester_kinds).toContain('server_user');
  const connection = await impactOf(page, { scope: { kind: 'requesters_connections' }, request_ids: [row!.id] });
  expect(connection.devices_in_scope).toBeGreaterThan(0);
  expect(connection.devices_in_scope).toBeLessThanOrEqual(whole.devices_in_scope);
  await page.getByRole('button', { name: `Approve ${subjectOf(row!)}` }).click();
  await page.getByRole('menuitem', { name: 'Approve for this server connection' }).click();
  await expect(preview(dialog)).toContainText(members(connection));
  // The menu stays closed under the dialog (it reopened when its item was clicked soon after hovering).
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  if (connection.devices_changed + connection.users_changed > 0)
    await expect(preview(dialog)).toContainText(`of ${connection.users_in_scope} user`);
  await expect(preview(dialog)).toContainText(/of the server connection\.|none of them is blocked/);
  await expect(preview(dialog)).toContainText(also(connection));
  await page.screenshot({ path: test.info().outputPath('impact-connection.png') });
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A batch: both rows together.
  const both = await impactOf(page, { request_ids: [row!.id, other!.id] });
  await page.getByRole('checkbox', { name: `Select ${subjectOf(row!)}` }).check();
  await page.getByRole('checkbox', { name: `Select ${subjectOf(other!)}` }).check();
  await page.getByRole('button', { name: 'Approve selected (2)' }).click();
  const batch = page.getByRole('dialog', { name: 'Approve selected requests' });
  await expect(preview(batch)).toContainText(members(both));
  await expect(preview(batch)).toContainText(also(both));
  await batch.getByRole('button', { name: 'Cancel' }).click();
  await expect(batch).toBeHidden();
});
