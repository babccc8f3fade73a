/**
 * Device identity (issue 25) in Chromium, in Riverside (the family admin's account) with devices of
 * the spec's own (tools/simulator over real HTTP): the device page's replacement card (current and new
 * hardware side by side; approve, refuse), the Retire dialog, the token revoke option that also
 * retires the token's devices, a mobile's Console User control and a token made for a console user.
 * Each with axe; keyboard only where a dialog asks.
 */
import { DEVICE_IDENTITY_MSG, ENROLMENT_TOKEN_MSG } from '@wayguard/contracts';
import type { Page } from '@playwright/test';
import { SimDevice, identityOf } from '../../../../tools/simulator/device.mjs';
import { expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { card, expect, openDevice } from './devices-helpers';
import { toastWith } from '../account/account-helpers';
import { openAs } from '../sessions';
import { createEnrolmentToken, uniqueFleet } from '../simulator-helpers';

test.describe.configure({ timeout: 180_000 });

/** The console user picker's option for the family user: named Jordan Rivers, with the username beside it. */
const familyOption = (page: Page) =>
  page.getByRole('option', { name: /^Jordan Rivers/ }).filter({ hasText: DEMO.family.username });

/** A PC of the spec enrolled with a new token of the page's account; its clone shares its identity, not its secret. */
async function enrolledPc(page: Page, label: string) {
  const token = await createEnrolmentToken(page, label);
  const identity = identityOf(uniqueFleet(), 0, 'machine');
  const baseUrl = test.info().project.use.baseURL!;
  const pc = new SimDevice({ baseUrl, token: token.secret, identity });
  await pc.enrol();
  await pc.checkin({ follow: false });
  const clone = new SimDevice({ baseUrl, token: token.secret, identity, agentVersion: '6.0.0-clone' });
  return { token, pc, clone };
}

test.describe('device identity', () => {
  test('a replacement waits on the device page, side by side; refused, then a new one approved', async ({ page }) => {
    await openAs(page, DEMO.family, '/');
    const { pc, clone } = await enrolledPc(page, `Replace ${Date.now()}`);
    expect((await clone.enrol()).status).toBe('replacement_pending');
    const { serial, name } = pc.identity;
    await openDevice(page, 'machine', serial, name);

    const replacement = card(page, 'Replacement waiting for approval');
    const table = replacement.getByRole('table', { name: 'Current and new hardware' });
    await expect(table.getByRole('row', { name: /Agent version/ })).toContainText('5.15.0-sim');
    await expect(table.getByRole('row', { name: /Agent version/ })).toContainText('6.0.0-clone');
    await expect(table.getByRole('row', { name: /Serial/ })).toContainText(serial);
    await expect(card(page, 'Device Alerts')).toContainText(DEVICE_IDENTITY_MSG.replacementAlertTitle);
    await expectNoA11yViolations(page);

    // Refuse: asked first, by keyboard; the clone is refused, the device goes on.
    await replacement.getByRole('button', { name: 'Refuse' }).focus();
    await page.keyboard.press('Enter');
    const refuse = page.getByRole('dialog', { name: 'Refuse the replacement?' });
    await expect(refuse.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoA11yViolations(page);
    await refuse.getByRole('button', { name: 'Refuse' }).click();
    await expect(toastWith(page, DEVICE_IDENTITY_MSG.replacementRefused)).toBeVisible();
    await expect(replacement).toHaveCount(0);
    expect(await clone.checkin()).toMatchObject({ stopped: true });
    expect((await pc.checkin({ follow: false })).applied).toBe(true);

    // Another clone: approved, it takes the device's place.
    const second = new SimDevice({
      baseUrl: test.info().project.use.baseURL!,
      token: clone.token,
      identity: pc.identity,
      agentVersion: '6.1.0-new',
    });
    expect((await second.enrol()).status).toBe('replacement_pending');
    await page.reload();
    await expect(replacement.getByRole('table')).toContainText('6.1.0-new');
    await replacement.getByRole('button', { name: 'Approve replacement' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve the replacement?' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(toastWith(page, DEVICE_IDENTITY_MSG.replacementApproved)).toBeVisible();
    await expect(replacement).toHaveCount(0);
    expect((await second.checkin({ follow: false })).applied).toBe(true);
    await expect(card(page, 'Timeline')).toContainText('Replacement approved');
    await expectNoA11yViolations(page);
  });

  test('Retire asks first; retired, the device is cut off and its page shows it deactivated', async ({ page }) => {
    await openAs(page, DEMO.family, '/');
    const { pc } = await enrolledPc(page, `Retire ${Date.now()}`);
    const { serial, name } = pc.identity;
    await openDevice(page, 'machine', serial, name);
    const retire = card(page, 'Retire Device');
    await retire.getByRole('button', { name: 'Retire device' }).click();
    const dialog = page.getByRole('dialog', { name: DEVICE_IDENTITY_MSG.retireTitle });
    await expect(dialog).toContainText(name);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoA11yViolations(page);
    // Escape leaves it working.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect((await pc.checkin({ follow: false })).applied).toBe(true);

    await retire.getByRole('button', { name: 'Retire device' }).click();
    await dialog.getByRole('button', { name: 'Retire' }).click();
    await expect(toastWith(page, DEVICE_IDENTITY_MSG.retired)).toBeVisible();
    await expect(page.getByTestId('device-deactivated')).toBeVisible();
    await expect(retire).toHaveCount(0);
    expect(await pc.checkin()).toMatchObject({ stopped: true });
    await expectNoA11yViolations(page);
  });

  test('revoking a token can also retire the devices it enrolled', async ({ page }) => {
    await openAs(page, DEMO.family, '/');
    const label = `Lab to close ${Date.now()}`;
    const { pc } = await enrolledPc(page, label);
    await page.goto('/account');
    const row = card(page, 'Enrolment Tokens').getByRole('row').filter({ hasText: label });
    await row.getByRole('button', { name: `Revoke ${label}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' });
    const retireToo = confirm.getByRole('checkbox', { name: ENROLMENT_TOKEN_MSG.retireDevices });
    await expect(retireToo).not.toBeChecked();
    await retireToo.focus();
    await page.keyboard.press('Space');
    await expect(retireToo).toBeChecked();
    await expectNoA11yViolations(page);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(toastWith(page, ENROLMENT_TOKEN_MSG.revokedAndRetired(1))).toBeVisible();
    await expect(row).toContainText('Revoked');
    expect(await pc.checkin()).toMatchObject({ stopped: true });
  });

  test('a decision on a replacement superseded meanwhile is told; the card shows the newer one', async ({ page }) => {
    await openAs(page, DEMO.family, '/');
    const { pc, clone } = await enrolledPc(page, `Meanwhile ${Date.now()}`);
    await clone.enrol();
    await openDevice(page, 'machine', pc.identity.serial, pc.identity.name);
    const replacement = card(page, 'Replacement waiting for approval');
    await expect(replacement).toBeVisible();
    // Another administrator refuses it first (a newer clone supersedes it).
    const newer = new SimDevice({
      baseUrl: test.info().project.use.baseURL!,
      token: clone.token,
      identity: pc.identity,
    });
    await newer.enrol();
    await replacement.getByRole('button', { name: 'Approve replacement' }).click();
    await page
      .getByRole('dialog', { name: 'Approve the replacement?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(toastWith(page, DEVICE_IDENTITY_MSG.replacementDecided)).toBeVisible();
    // The card now shows the newer replacement.
    await expect(replacement).toBeVisible();
    expect(await clone.checkin()).toMatchObject({ stopped: true });
  });

  test('a Console Admin lends a mobile to a console user on its page; a token can be made for a user', async ({
    page,
  }) => {
    await openAs(page, DEMO.family, '/');
    const token = await createEnrolmentToken(page, `Mobiles ${Date.now()}`);
    const tablet = new SimDevice({
      baseUrl: test.info().project.use.baseURL!,
      token: token.secret,
      identity: { ...identityOf(uniqueFleet(), 0, 'mobile'), user: DEMO.family.username },
    });
    await tablet.enrol();
    const { serial, name } = tablet.identity;
    await openDevice(page, 'mobile', serial, name);
    const users = card(page, 'User Information');
    // What the tablet said links nothing (the family user is Jordan Rivers).
    await expect(users).not.toContainText('Jordan Rivers');
    const lend = card(page, 'Console User');
    await expect(lend.getByRole('button', { name: 'Save console user' })).toBeDisabled();
    await lend.getByLabel('Lent to').fill(DEMO.family.username);
    await familyOption(page).click();
    await expectNoA11yViolations(page);
    await lend.getByRole('button', { name: 'Save console user' }).click();
    await expect(toastWith(page, DEVICE_IDENTITY_MSG.userLinked)).toBeVisible();
    await expect(users).toContainText('Jordan Rivers');

    // A token made for the user, from the account page.
    await page.goto('/account');
    const tokens = card(page, 'Enrolment Tokens');
    await tokens.getByRole('button', { name: 'New Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New enrolment token' });
    const label = `For family ${Date.now()}`;
    await dialog.getByLabel('Name').fill(label);
    await dialog.getByLabel('For a console user').fill(DEMO.family.username);
    await familyOption(page).click();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('dialog', { name: 'Enrolment token created' }).getByRole('button', { name: 'Done' }).click();
    await expect(tokens.getByRole('row').filter({ hasText: label })).toContainText('Jordan Rivers');
  });
});
