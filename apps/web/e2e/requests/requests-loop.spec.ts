/**
 * Issue 11 'Done when': a URL blocked on a simulated device becomes a request through the block page,
 * an administrator approves it for that device in the console, the device's next policy fetch allows
 * it and the block page says so. Works in Riverside (the family admin), whose account blocks gambling,
 * with a simulated PC of its own (tools/simulator/device.mjs over real HTTP), so that no Northfield
 * spec sees its request.
 */
import { BLOCK_PAGE_MSG, REQUEST_MSG, type AgentPolicyResponse } from '@wayguard/contracts';
import { SimDevice, identityOf } from '../../../../tools/simulator/device.mjs';
import { expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { expect, openAs, toastWith } from './requests-helpers';
import { createEnrolmentToken, revokeEnrolmentToken, uniqueFleet } from '../simulator-helpers';

test.describe.configure({ timeout: 180_000 });

test('blocked on a device, asked on the block page, approved for the device, allowed at the next fetch', async ({
  page,
}) => {
  await openAs(page, DEMO.family, '/requests');
  const token = await createEnrolmentToken(page, 'Requests loop');
  const baseUrl = test.info().project.use.baseURL!;
  const pc = new SimDevice({ baseUrl, token: token.secret, identity: identityOf(uniqueFleet(), 0, 'machine') });
  await pc.enrol();
  await pc.checkin();
  const before = await pc.fetchPolicy();

  // The device blocks a gambling site and shows its block page; the pupil asks for it with a note.
  const url = `https://www.bet365.com/${pc.identity.serial.toLowerCase()}`;
  const { page_url } = await pc.blockPage(url);
  const child = await page.context().newPage();
  await child.goto(page_url);
  await expect(child.getByRole('heading', { level: 1, name: BLOCK_PAGE_MSG.title })).toBeVisible();
  await expect(child.getByText(BLOCK_PAGE_MSG.byCategory('Riverside Family', 'Gambling'))).toBeVisible();
  await expectNoA11yViolations(child);
  await child.getByRole('textbox', { name: BLOCK_PAGE_MSG.notesLabel }).fill('For my maths project on odds');
  await child.getByRole('button', { name: BLOCK_PAGE_MSG.askButton }).click();
  await expect(child.getByRole('status')).toHaveText(BLOCK_PAGE_MSG.asked.created);
  await expectNoA11yViolations(child);

  // The administrator approves it for this device.
  await page.goto('/requests/website');
  const approve = page.getByRole('button', { name: `Approve ${url}` });
  await expect(approve).toBeVisible();
  await approve.click();
  await page.getByRole('menuitem', { name: 'Approve for this device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve request' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toastWith(page, REQUEST_MSG.approvedForDevice('Website'))).toBeVisible();

  // The device's next check-in names a new policy; it fetches it: an allow of the site for itself.
  await pc.checkin();
  const after = await pc.fetchPolicy();
  expect(after.version).not.toBe(before.version);
  const { rules } = (after as unknown as AgentPolicyResponse).web_access;
  const allowed = rules.filter((r) => r.action === 'ALLOW' && r.scope === 'device' && r.subject.kind === 'website');
  expect(allowed.map((r) => r.subject.kind === 'website' && r.subject.pattern)).toContain('bet365.com');

  // And the same block page now says the page is allowed.
  await child.reload();
  await expect(child.getByRole('heading', { level: 1, name: BLOCK_PAGE_MSG.titleAllowed })).toBeVisible();
  await expect(child.getByRole('link', { name: BLOCK_PAGE_MSG.openIt })).toHaveAttribute('href', url);
  await child.close();
  await revokeEnrolmentToken(page, token.id);
});

test('denied with Prevent further requests: the block page offers no form, asking again is prevented, still blocked', async ({
  page,
}) => {
  await openAs(page, DEMO.family, '/requests');
  const token = await createEnrolmentToken(page, 'Requests loop (deny)');
  const baseUrl = test.info().project.use.baseURL!;
  const pc = new SimDevice({ baseUrl, token: token.secret, identity: identityOf(uniqueFleet(), 0, 'machine') });
  await pc.enrol();
  await pc.checkin();

  const url = `https://www.pokerstars.com/${pc.identity.serial.toLowerCase()}`;
  const { page_url } = await pc.blockPage(url);
  const child = await page.context().newPage();
  await child.goto(page_url);
  await child.getByRole('textbox', { name: BLOCK_PAGE_MSG.notesLabel }).fill('I want to learn poker');
  await child.getByRole('button', { name: BLOCK_PAGE_MSG.askButton }).click();
  await expect(child.getByRole('status')).toHaveText(BLOCK_PAGE_MSG.asked.created);

  // The administrator denies it and prevents further requests.
  await page.goto('/requests/website');
  await page.getByRole('button', { name: `Deny ${url}` }).click();
  const deny = page.getByRole('dialog', { name: 'Deny request' });
  await deny.getByRole('textbox', { name: 'Reason (optional)' }).fill('Gambling is not allowed');
  await deny.getByRole('checkbox', { name: REQUEST_MSG.preventFurther }).check();
  await deny.getByRole('button', { name: 'Deny' }).click();
  await expect(toastWith(page, REQUEST_MSG.pendingWebsiteDenied)).toBeVisible();

  // The device's policy allows nothing new; the block page offers no form; an ask from the device is prevented.
  await pc.checkin();
  const policy = (await pc.fetchPolicy()) as unknown as AgentPolicyResponse;
  const allows = policy.web_access.rules.filter(
    (r) => r.action === 'ALLOW' && r.subject.kind === 'website' && r.subject.pattern === 'pokerstars.com',
  );
  expect(allows).toEqual([]);
  const again = await pc.blockPage(url);
  await child.goto(again.page_url);
  await expect(child.getByRole('heading', { level: 1, name: BLOCK_PAGE_MSG.title })).toBeVisible();
  await expect(child.getByText(BLOCK_PAGE_MSG.cannotAskPrevented)).toBeVisible();
  await expect(child.getByRole('button', { name: BLOCK_PAGE_MSG.askButton })).toHaveCount(0);
  await expectNoA11yViolations(child);
  expect((await pc.request({ url, notes: 'please' })).status).toBe('prevented');
  await child.close();
  await revokeEnrolmentToken(page, token.id);
});
