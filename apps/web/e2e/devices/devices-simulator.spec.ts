/**
 * The whole device loop against the real server (issue 9 'Done when'): the simulator enrols a PC and a
 * tablet with a token made in the console; the list finds them and their pages show what they
 * reported; a lock and a device password sent from the console wait as 'Sent', a second run of the
 * simulator (same fleet: the same devices) runs them, and the Commands card and the Timeline show them
 * delivered and done. Works in the Riverside account (the family admin) with devices of its own
 * fleet, found by name: no other spec counts Riverside's devices, and these raise no alerts.
 */
import type { Locator, Page } from '@playwright/test';
import { DEVICE_MSG } from '@wayguard/contracts';
import { expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { openAs } from '../sessions';
import { card, devicesTable, expect, expectToast, recordToasts, settled } from './devices-helpers';
import {
  createEnrolmentToken,
  enrolledNames,
  revokeEnrolmentToken,
  runSimulatorOnce,
  uniqueFleet,
} from '../simulator-helpers';

/** The value next to a label of a card's description list. */
const valueOf = (region: Locator, label: string) =>
  region
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

const deviceMenu = (page: Page) => page.getByRole('navigation', { name: 'Device pages' });
const commandLine = (page: Page, label: string) =>
  card(page, 'Commands').getByTestId('command').filter({ hasText: label });
const timelineTexts = (page: Page) => card(page, 'Timeline').getByTestId('timeline-entry').allTextContents();

/** A step's time as the Commands card writes it: '4:05am', or with the date on another day. */
const AT = '[^·]+';
/** The line and its badge of a command still waiting: 'Lock screen · Sent 4:05am' + 'Sent'. */
const sentLine = (label: string) => new RegExp(`^${label} · Sent ${AT}Sent$`);
/** Every step with its time, then the 'Done' badge. */
const doneLine = (label: string) =>
  new RegExp(`^${label} · Sent ${AT} · Delivered ${AT} · Received ${AT} · Done ${AT}Done$`);

test('a simulated PC and tablet show in the console; a lock and a password reach the tablet and show done', async ({
  page,
}, testInfo) => {
  await recordToasts(page);
  await openAs(page, DEMO.family, '/devices');
  const fleet = uniqueFleet();
  const label = `Simulator loop ${fleet}`;
  const token = await createEnrolmentToken(page, label);

  // Enrolment, inventory and a check-in of one PC and one tablet.
  const first = await runSimulatorOnce({ machines: 1, mobiles: 1, fleet, token: token.secret });
  const names = enrolledNames(first);
  expect(names, first).toHaveLength(2);
  const [pcName = '', tabletName = ''] = names;
  expect(pcName).toMatch(/-PC001$/);
  expect(tabletName).toMatch(/-TAB001$/);

  // The list finds both by the fleet's name, with what they reported.
  await settled(page);
  const search = page.getByRole('textbox', { name: 'Search devices' });
  await search.fill(fleet);
  await search.press('Enter');
  await expect(devicesTable(page).locator('tbody th[scope="row"] a')).toHaveText([pcName, tabletName]);
  const row = (name: string) =>
    devicesTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader').getByRole('link', { name, exact: true }) });
  await expect(row(pcName).getByRole('cell').nth(0)).toHaveText('PC');
  await expect(row(pcName)).toContainText('Windows 11 23H2');
  await expect(row(pcName)).toContainText('OptiPlex 7010');
  await expect(row(tabletName).getByRole('cell').nth(0)).toHaveText('Mobile');
  await expect(row(tabletName)).toContainText('Android 14');
  await expect(row(tabletName)).toContainText('Galaxy Tab A9');

  // The tablet's page: its inventory, no commands yet, and 'enrolled' in its timeline.
  await row(tabletName).getByRole('rowheader').getByRole('link', { name: tabletName }).click();
  await expect(page).toHaveURL(/\/devices\/mobile\/[^/]+$/);
  const devicePath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: `Device Details for ${tabletName}` })).toBeVisible();
  const system = card(page, 'System Information');
  await expect(valueOf(system, 'Operating system')).toHaveText('Android 14');
  await expect(valueOf(system, 'Model')).toHaveText('Galaxy Tab A9');
  await expect(valueOf(system, 'IMEI')).toHaveText(/^35693803564\d{4}$/);
  await expect(valueOf(system, 'SIM cards')).toContainText('SIM 1 · Vodafone');
  await expect(card(page, 'Commands')).toHaveText(/No commands have been sent to this device/);
  const enrolled = card(page, 'Timeline').getByTestId('timeline-entry').filter({ hasText: 'Enrolled with' });
  await expect(enrolled).toHaveText([new RegExp(`Enrolled with the token "${label}" · by the device$`)]);

  // Settings: Lock, and a device password (Create dialog); each waits as 'Sent'.
  await deviceMenu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(`${devicePath}/settings`);
  await card(page, 'Lock Screen').getByRole('button', { name: 'Lock' }).click();
  await page.getByRole('dialog', { name: DEVICE_MSG.lockConfirmTitle }).getByRole('button', { name: 'Lock' }).click();
  await expectToast(page, DEVICE_MSG.lockSent);
  await card(page, 'Device Password').getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Device Password' });
  const password = `Loop${Date.now() % 100_000}`;
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, DEVICE_MSG.passwordChanged);
  await expect(dialog).toHaveCount(0);
  await deviceMenu(page).getByRole('link', { name: 'Information' }).click();
  await expect(page).toHaveURL(devicePath);
  await expect(commandLine(page, 'Lock screen')).toHaveText(sentLine('Lock screen'));
  await expect(commandLine(page, 'Device password')).toHaveText(sentLine('Device password'));

  // The same fleet again: the same tablet checks in, fetches both commands and completes them.
  const second = await runSimulatorOnce({ machines: 0, mobiles: 1, fleet, token: token.secret });
  expect(enrolledNames(second), second).toEqual([tabletName]);
  expect(second).toContain(`${tabletName}: locked`);
  expect(second).toContain(`${tabletName}: password set`);
  expect(second, 'the simulator never prints the password').not.toContain(password);

  // The Commands card polls while a command is open: both turn Done without a reload.
  await expect(commandLine(page, 'Lock screen')).toHaveText(doneLine('Lock screen'));
  await expect(commandLine(page, 'Device password')).toHaveText(doneLine('Device password'));

  // The timeline (read again) lists, newest first, each command sent, delivered and done, after the
  // enrolment and the second one with the same token.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Device Details for ${tabletName}` })).toBeVisible();
  await expect(commandLine(page, 'Lock screen')).toHaveText(doneLine('Lock screen'));
  await expect(card(page, 'Timeline').getByTestId('timeline-entry').first()).toBeVisible();
  const texts = await timelineTexts(page);
  const at = (text: string) => {
    const i = texts.findIndex((t) => t.includes(text));
    expect(i, `'${text}' in the timeline:\n${texts.join('\n')}`).toBeGreaterThanOrEqual(0);
    return i;
  };
  for (const command of ['Lock screen', 'Device password']) {
    expect(at(`${command} done`)).toBeLessThan(at(`${command} delivered`));
    expect(at(`${command} delivered`)).toBeLessThan(at(`${command} sent`));
    expect(at(`${command} sent`)).toBeLessThan(at('Enrolled with the token'));
    expect(texts[at(`${command} sent`)]).toContain(`by ${DEMO.family.fullName}`);
    expect(texts[at(`${command} done`)]).toContain('by the device');
  }
  // The second run enrolled again (same device, new secret) before it fetched the commands.
  expect(at('Enrolled again with the token')).toBeGreaterThan(at('Lock screen delivered'));
  expect(at('Enrolled again with the token')).toBeLessThan(at('Lock screen sent'));
  expect(texts.join('\n')).not.toContain(password);
  await expectNoA11yViolations(page);

  const shot = testInfo.outputPath('commands-done.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('device page, commands done', { path: shot, contentType: 'image/png' });
  await revokeEnrolmentToken(page, token.id);
});
