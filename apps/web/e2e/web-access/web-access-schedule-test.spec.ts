/**
 * The weekly schedule editor of a rule (issue 10; 002 §2.4 'scheduled' filter) and "Test a website"
 * (issue 10 'Why?'): a schedule across midnight saved, read back as 'Scheduled' and by the filter, an
 * empty window refused with the contract's text, the schedule removed; a URL tested on a server user
 * with its decision in words and its trace, and an empty URL refused inline; keyboard and axe.
 * Changes only NFPC1008's rules.
 */
import { WEB_ACCESS_MSG } from '@wayguard/contracts';
import { expectNoA11yViolations, test } from '../fixtures';
import {
  NODES,
  SERVER_USERS,
  addressParams,
  apiWebsites,
  deviceUrl,
  expect,
  expectToast,
  recordToasts,
  rowOf,
  search,
  serverUserUrl,
  settled,
  signInAdmin,
  userNode,
} from './web-access-helpers';

test.describe.configure({ timeout: 180_000 });

test.describe('schedule and test a website', () => {
  test.beforeEach(async ({ page }) => {
    await recordToasts(page);
  });

  test('a schedule across midnight is saved, filtered as scheduled, refused when empty, and removed', async ({
    page,
  }) => {
    await signInAdmin(page, deviceUrl(NODES.scheduledPc, 'websites'));
    await settled(page, 'Websites');
    const target = (await apiWebsites(page, NODES.scheduledPc, { access_filters: 'not-scheduled' })).result.find(
      (r) => !r.locked,
    );
    expect(target).toBeDefined();
    const name = target!.name;
    await search(page, 'Find website', name);
    const row = rowOf(page, 'Websites', name);
    await row.getByRole('button', { name: `Schedule for ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Schedule for ${name}` });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page);

    // An empty window is refused with the contract's text, nothing sent.
    await dialog.getByLabel('From, window 1').fill('10:00');
    await dialog.getByLabel('To, window 1').fill('10:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(WEB_ACCESS_MSG.scheduleWindowEmpty)).toBeVisible();

    // Blocked on Saturday night into Sunday morning.
    await dialog.getByRole('radio', { name: 'Blocked' }).check();
    await dialog.getByLabel('Day of window 1').selectOption({ label: 'Saturday' });
    await dialog.getByLabel('From, window 1').fill('22:00');
    await dialog.getByLabel('To, window 1').fill('07:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Access is blocked');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: `Scheduled for ${name}` })).toBeVisible();
    await expect(row.getByTestId('schedule-summary')).toHaveText('Sat 22:00 – Sun 07:00');
    const saved = (await apiWebsites(page, NODES.scheduledPc, { query: name })).result.find((r) => r.name === name);
    expect(saved?.scheduled).toBe(true);
    expect(saved?.schedule?.windows).toEqual([{ day: 6, from_minute: 1320, to_minute: 420 }]);

    // The switch asks before replacing the scheduled rule with an always-on one; Cancel keeps it (issue 26).
    await row.getByRole('switch', { name: `Access to ${name}`, exact: true }).click({ force: true });
    const replace = page.getByRole('dialog', { name: 'Replace this rule?' });
    await expect(replace.getByTestId('replace-rule-loss')).toContainText(
      'This rule is scheduled (Sat 22:00 – Sun 07:00)',
    );
    await expect(replace.getByTestId('replace-rule-loss')).toContainText('removes the schedule');
    await expect(replace.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Enter');
    await expect(replace).toBeHidden();
    await expect(row.getByTestId('schedule-summary')).toHaveText('Sat 22:00 – Sun 07:00');
    const kept = (await apiWebsites(page, NODES.scheduledPc, { query: name })).result.find((r) => r.name === name);
    expect(kept?.scheduled).toBe(true);

    // The 'scheduled' filter lists it.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('radio', { name: 'Scheduled', exact: true }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => addressParams(page).access).toBe('scheduled');
    await expect(rowOf(page, 'Websites', name)).toBeVisible();

    // Remove schedule, from the keyboard.
    await rowOf(page, 'Websites', name)
      .getByRole('button', { name: `Scheduled for ${name}` })
      .focus();
    await page.keyboard.press('Enter');
    const again = page.getByRole('dialog', { name: `Schedule for ${name}` });
    await again.getByRole('button', { name: 'Remove schedule' }).click();
    await expectToast(page, 'Access is blocked');
    const removed = (await apiWebsites(page, NODES.scheduledPc, { query: name })).result.find((r) => r.name === name);
    expect(removed?.scheduled).toBe(false);
  });

  test('Test a website: the decision in words, why, and the trace; an empty address refused inline', async ({
    page,
  }) => {
    await signInAdmin(page);
    const node = await userNode(page, SERVER_USERS.ahmed);
    await page.goto(serverUserUrl(Number(node.id), 'websites'));
    const card = page.getByTestId('test-website');
    await card.getByRole('button', { name: 'Test' }).click();
    await expect(card.getByText(WEB_ACCESS_MSG.urlRequired)).toBeVisible();

    await card.getByRole('textbox', { name: 'Website address' }).fill('https://www.roblox.com/games');
    await card.getByRole('textbox', { name: 'Website address' }).press('Enter');
    await expect(card.getByTestId('test-decision')).toHaveText('Blocked');
    await expect(card.getByTestId('test-explanation')).not.toBeEmpty();
    const trace = card.getByRole('table', { name: 'The rules that apply, and which one decides' });
    await expect(trace.getByRole('columnheader')).toHaveText([
      'Scope',
      'Subject',
      'Action',
      'Outcome',
      'Reason',
      'Origin',
    ]);
    await expect(trace.locator('tbody tr[data-outcome="won"]')).toHaveCount(1);
    await expectNoA11yViolations(page);
  });

  test('Test a website on a device page', async ({ page }) => {
    await signInAdmin(page, deviceUrl(NODES.readPc, 'websites'));
    const card = page.getByTestId('test-website');
    await card.getByRole('textbox', { name: 'Website address' }).fill('scratch.mit.edu');
    await card.getByRole('button', { name: 'Test' }).click();
    await expect(card.getByTestId('test-decision')).toHaveText('Allowed');
  });
});
