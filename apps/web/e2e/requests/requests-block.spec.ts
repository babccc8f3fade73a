/**
 * The Block Website panel (001 §2.6, §4, §5, §8): the validation messages on every change, Confirm
 * enabled only with a valid form and a target, 'Block Website Confirmation', the toast, and the
 * remembered name and e-mail; axe. Adds one block request.
 */
import { BLOCK_MSG, REQUEST_MSG, requestErrorText, type BlockLookupsResponse } from '@wayguard/contracts';
import { API } from '../api-helpers';
import { expectNoA11yViolations, test } from '../fixtures';
import { REQ_ADMIN, expect, openAs, toastWith } from './requests-helpers';

test.describe.configure({ timeout: 180_000 });

test('block a website for the whole account; validation; remembered details; axe', async ({ page }) => {
  await openAs(page, REQ_ADMIN, '/requests/website');
  await page.getByRole('button', { name: 'Block Website' }).click();
  const panel = page.getByRole('dialog', { name: 'Block Website' });
  const url = panel.getByRole('textbox', { name: 'URL' });
  await expect(url).toBeFocused();
  const confirm = panel.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();

  await url.fill('not a url');
  await expect(panel.getByText(BLOCK_MSG.urlInvalid)).toBeVisible();
  await url.fill('');
  await expect(panel.getByText(BLOCK_MSG.urlRequired)).toBeVisible();
  const reason = panel.getByRole('textbox', { name: 'Reason' });
  await reason.fill('ab');
  await expect(panel.getByText(BLOCK_MSG.reasonShort)).toBeVisible();
  const email = panel.getByRole('textbox', { name: 'Email' });
  await email.fill('bad');
  await expect(panel.getByText(BLOCK_MSG.emailInvalid)).toBeVisible();
  await expectNoA11yViolations(page);

  const site = `e2e-block-${Date.now().toString(36)}.example`;
  await url.fill(site);
  await reason.fill('Not suitable for lessons');
  await panel.getByRole('textbox', { name: 'Name' }).fill('Katie Adams');
  await email.fill('katie@nf.example');
  await panel.getByRole('checkbox', { name: REQUEST_MSG.rememberDetails }).check();
  await expect(confirm).toBeDisabled();
  await panel.getByRole('radio', { name: 'Device' }).check();
  await expect(panel.getByText(BLOCK_MSG.targetMissing)).toBeVisible();
  await expect(confirm).toBeDisabled();
  await panel.getByRole('radio', { name: 'Whole account' }).check();
  await expect(confirm).toBeEnabled();
  await confirm.click();

  const confirmation = page.getByRole('dialog', { name: REQUEST_MSG.blockConfirmTitle });
  await expect(confirmation).toContainText(site);
  await expectNoA11yViolations(page);
  await confirmation.getByRole('button', { name: 'Block' }).click();
  await expect(toastWith(page, REQUEST_MSG.processed)).toBeVisible();
  await expect(panel).toBeHidden();

  // The details were remembered for next time.
  await page.getByRole('button', { name: 'Block Website' }).click();
  await expect(panel.getByRole('textbox', { name: 'Name' })).toHaveValue('Katie Adams');
  await expect(panel.getByRole('textbox', { name: 'Email' })).toHaveValue('katie@nf.example');
  await expect(panel.getByRole('textbox', { name: 'URL' })).toHaveValue('');

  // Blocking it again is refused with the catalogue's sentence, not a bare 'AC058' (001 §8).
  await panel.getByRole('textbox', { name: 'URL' }).fill(site);
  await reason.fill('Still not suitable');
  await panel.getByRole('radio', { name: 'Whole account' }).check();
  await confirm.click();
  await confirmation.getByRole('button', { name: 'Block' }).click();
  await expect(toastWith(page, requestErrorText('AC058'))).toBeVisible();
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('block a website for two devices at once (the batch); a batch where every item fails is refused', async ({
  page,
}) => {
  await openAs(page, REQ_ADMIN, '/requests/website');
  await page.getByRole('button', { name: 'Block Website' }).click();
  const panel = page.getByRole('dialog', { name: 'Block Website' });
  const site = `e2e-batch-${Date.now().toString(36)}.example`;
  const lookups = (await (await page.request.get(`${API}/requests/block`)).json()) as BlockLookupsResponse;
  const devices = lookups.machines.slice(0, 2).map((d) => d.name || d.id);
  expect(devices).toHaveLength(2);
  const fill = async () => {
    await panel.getByRole('textbox', { name: 'URL' }).fill(site);
    await panel.getByRole('textbox', { name: 'Reason' }).fill('Not for lessons');
    await panel.getByRole('textbox', { name: 'Name' }).fill('Katie Adams');
    await panel.getByRole('textbox', { name: 'Email' }).fill('katie@nf.example');
    await panel.getByRole('radio', { name: 'Device' }).check();
    // Two devices in the MultiSelect (a picked device leaves the options).
    await panel.getByRole('combobox', { name: 'Device' }).click();
    for (const name of devices) await page.getByRole('option', { name, exact: true }).click();
    await expect(panel.locator('.mantine-Pill-root')).toHaveCount(2);
    // Done choosing: moving on closes the list (its options are reached through the input, not by Tab).
    await panel.getByRole('textbox', { name: 'Reason' }).click();
    await expect(page.getByRole('listbox', { name: 'Device' })).toBeHidden();
  };
  await fill();
  await expectNoA11yViolations(page);
  await panel.getByRole('button', { name: 'Confirm' }).click();
  const confirmation = page.getByRole('dialog', { name: REQUEST_MSG.blockConfirmTitle });
  await expect(confirmation).toContainText(' and ');
  await confirmation.getByRole('button', { name: 'Block' }).click();
  await expect(toastWith(page, REQUEST_MSG.processed)).toBeVisible();
  await expect(panel).toBeHidden();

  // The same two devices again: every item is refused, one 'N unsuccessful:' toast, the form stays.
  await page.getByRole('button', { name: 'Block Website' }).click();
  await fill();
  await panel.getByRole('button', { name: 'Confirm' }).click();
  await confirmation.getByRole('button', { name: 'Block' }).click();
  await expect(toastWith(page, `2 unsuccessful: ${requestErrorText('AC058')}`)).toBeVisible();
  await expect(confirmation).toBeVisible();
});
