/**
 * Keyboard triage of the pending list (issue 11): '?' opens the shortcuts (axe), J/K move between rows
 * (focus on the row's checkbox; each move announced in the live region), X selects, O opens the
 * accordion (ten pupils' asks show the blur hint of 001 §2.4 and §9), A opens the approval for the whole
 * account with focus on Approve and its impact preview (axe), Enter approves, the next row becomes
 * current, D opens the denial, Shift+A the batch approval; nothing fires while typing in the search box
 * or while a dialog is open. Works on three fresh Riverside threads of its own (requests-fresh.ts).
 */
import type { Page } from '@playwright/test';
import { REQUEST_MSG, type RequestItem } from '@wayguard/contracts';
import { expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { freshDevice, freshThread } from './requests-fresh';
import { apiRequests, expect, openAs, subjectOf, toastWith } from './requests-helpers';

test.describe.configure({ timeout: 240_000 });

const live = (page: Page) => page.getByTestId('triage-live');

/** Presses J (or K) until the live region names the row; at most 30 times. */
async function moveTo(page: Page, row: RequestItem, key = 'j'): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press(key);
    const said = (await live(page).textContent()) ?? '';
    if (said.includes(`: ${subjectOf(row)},`)) return;
  }
  throw new Error(`triage never reached ${subjectOf(row)}`);
}

test('keyboard triage: help, move, select, open, approve, deny, batch; announcements; axe', async ({ page }) => {
  await openAs(page, DEMO.family, '/requests/website');
  const fresh = await freshDevice(page, 'Triage');
  const one = await freshThread(page, fresh.pc, 'tri-a');
  // Ten pupils asking for one site: a long accordion (who asked, with which note).
  const pupils = Array.from({ length: 10 }, (_, i) => `pupil${i + 1}`);
  const two = await freshThread(page, fresh.pc, 'tri-b', { notes: 'I need this site for a long project.', pupils });
  const three = await freshThread(page, fresh.pc, 'tri-c');
  await page.goto('/requests/website');
  await expect(page.getByRole('button', { name: `Approve ${subjectOf(three)}` })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();

  // '?' opens the shortcuts; keys belong to the dialog while it is open.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('table')).toContainText('Approve the request for the whole account');
  await expectNoA11yViolations(page);
  await page.keyboard.press('j');
  await expect(live(page)).toHaveText('');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Move; the row's checkbox has focus; X selects and unselects.
  await moveTo(page, three);
  const box = page.getByRole('checkbox', { name: `Select ${subjectOf(three)}` });
  await expect(box).toBeFocused();
  await expect(live(page)).toContainText(/^Request \d+ of \d+: /);
  await page.keyboard.press('x');
  await expect(box).toBeChecked();
  await expect(live(page)).toContainText('selected. 1 request selected.');
  await page.keyboard.press('x');
  await expect(box).not.toBeChecked();

  // O opens the accordion; the long note scrolls with the blur hint.
  await moveTo(page, two);
  await page.keyboard.press('o');
  await expect(page.getByRole('button', { name: `Show details of ${subjectOf(two)}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(live(page)).toContainText('shown below the row');
  const region = page.getByRole('region', { name: /^Details of / });
  await expect(region).toBeVisible();
  await expect(page.getByTestId('blur-bottom')).toBeVisible();
  await expect(page.getByTestId('blur-top')).toHaveCount(0);
  await page.getByTestId('request-details').screenshot({ path: test.info().outputPath('triage-accordion-blur.png') });
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.getByTestId('blur-bottom')).toHaveCount(0);
  await expect(page.getByTestId('blur-top')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('o');
  await expect(live(page)).toContainText('hidden');

  // Typing in the search box is typing.
  const search = page.getByRole('textbox', { name: 'Search website requests' });
  await search.click();
  await page.keyboard.type('adox');
  await expect(search).toHaveValue('adox');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await search.fill('');
  await page.getByRole('heading', { level: 1 }).click();

  // A: the approval for the whole account, focus on Approve, its impact preview; Enter approves.
  await moveTo(page, three, 'k');
  await page.keyboard.press('a');
  const approve = page.getByRole('dialog', { name: 'Approve request' });
  await expect(approve.getByRole('button', { name: 'Approve' })).toBeFocused();
  await expect(approve.getByTestId('impact-preview')).toContainText(/It unblocks this for \d+ of \d+ device/);
  await page.screenshot({ path: test.info().outputPath('triage-approve-impact.png') });
  await expectNoA11yViolations(page);
  await page.keyboard.press('Enter');
  await expect(toastWith(page, '1 website request(s) approved')).toBeVisible();
  await expect(approve).toBeHidden();
  await expect(live(page)).toContainText('Now at Request');
  // Focus is on the row now at its place, not lost to the page (issue 26): J moves on from there.
  const focusedRow = page.locator('tbody tr[data-row-key]').filter({ has: page.locator(':focus') });
  await expect(focusedRow).toHaveCount(1);
  await expect(focusedRow).not.toHaveAttribute('data-row-key', String(three.id));

  // D: the denial of another row.
  await page.getByRole('heading', { level: 1 }).click();
  await moveTo(page, one);
  await page.keyboard.press('d');
  const deny = page.getByRole('dialog', { name: 'Deny request' });
  const reason = deny.getByRole('textbox', { name: 'Reason (optional)' });
  await expect(reason).toBeFocused();
  await page.keyboard.type('Not during lessons');
  await expect(reason).toHaveValue('Not during lessons');
  await deny.getByRole('button', { name: 'Deny' }).click();
  await expect(toastWith(page, REQUEST_MSG.pendingWebsiteDenied)).toBeVisible();

  // Shift+A: the selected rows' approval (nothing selected: announced); Escape closes it.
  await page.getByRole('heading', { level: 1 }).click();
  await moveTo(page, two, 'k');
  await page.keyboard.press('Shift+A');
  await expect(live(page)).toContainText('No request selected');
  await page.keyboard.press('x');
  await page.keyboard.press('Shift+A');
  const batch = page.getByRole('dialog', { name: 'Approve selected requests' });
  await expect(batch.getByRole('button', { name: 'Approve' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(batch).toBeHidden();
  // Back on the row that opened it.
  await expect(page.getByRole('checkbox', { name: `Select ${subjectOf(two)}` })).toBeFocused();

  const approved = await apiRequests(page, { type: 'website', state: 'approved', status: 'all', query: three.website });
  expect(approved.requests.map((r) => r.id)).toContain(three.id);
  const denied = await apiRequests(page, { type: 'website', state: 'denied', status: 'all', query: one.website });
  expect(denied.requests.find((r) => r.id === one.id)?.reason).toBe('Not during lessons');
  await fresh.done();
});
