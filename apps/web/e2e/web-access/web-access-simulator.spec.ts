/**
 * Issue 10 'Done when': a rule set in the console changes what a simulated device fetches. The
 * simulator enrols a PC of its own (Riverside, the family admin) and applies its policy; the admin
 * blocks a site on that PC's websites page, "Test a website" says why it is blocked; the simulator's
 * next run fetches a new policy with one more block rule.
 */
import { expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { openAs } from '../sessions';
import {
  createEnrolmentToken,
  enrolledNames,
  revokeEnrolmentToken,
  runSimulatorOnce,
  uniqueFleet,
} from '../simulator-helpers';
import { expect, expectToast, recordToasts, search, settled } from './web-access-helpers';

/** '<name>: policy 1a2b3c4d applied (… web access: 12 rules (9 block), otherwise allowed)' of one device. */
function appliedPolicy(output: string, name: string): { version: string; rules: number; blocks: number } {
  const m = new RegExp(`${name}: policy (\\w{8}) applied \\(.*web access: (\\d+) rules \\((\\d+) block\\)`).exec(
    output,
  );
  if (!m) throw new Error(`no policy applied by ${name} in:\n${output}`);
  return { version: m[1] ?? '', rules: Number(m[2]), blocks: Number(m[3]) };
}

test('a site blocked on a simulated PC in the console reaches the PC as a new policy', async ({ page }) => {
  await recordToasts(page);
  await openAs(page, DEMO.family, '/devices');
  const fleet = uniqueFleet();
  const token = await createEnrolmentToken(page, `Web access loop ${fleet}`);
  const first = await runSimulatorOnce({ machines: 1, mobiles: 0, fleet, token: token.secret });
  const [pc = ''] = enrolledNames(first);
  const before = appliedPolicy(first, pc);

  // The PC's websites page, through the devices list.
  const box = page.getByRole('textbox', { name: 'Search devices' });
  await box.fill(fleet);
  await box.press('Enter');
  await page.getByRole('link', { name: pc, exact: true }).click();
  await expect(page).toHaveURL(/\/devices\/machine\/[^/]+$/);
  await page.getByRole('navigation', { name: 'Device pages' }).getByRole('link', { name: 'Websites' }).click();
  await settled(page, 'Websites');
  await search(page, 'Find website', 'wikipedia.org');
  const sw = page.getByRole('switch', { name: 'Access to wikipedia.org', exact: true });
  await expect(sw).toBeChecked();
  await sw.click({ force: true });
  await expectToast(page, 'Access is blocked');
  await expect(sw).not.toBeChecked();

  // Why: the device's own rule decides.
  const card = page.getByTestId('test-website');
  await card.getByRole('textbox', { name: 'Website address' }).fill('https://en.wikipedia.org/wiki/Otter');
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(card.getByTestId('test-decision')).toHaveText('Blocked');
  await expect(card.getByTestId('test-explanation')).toContainText('Blocked for this device');
  await expectNoA11yViolations(page);

  // The same PC checks in again: a new version, with the block in it.
  const second = await runSimulatorOnce({ machines: 1, mobiles: 0, fleet, token: token.secret });
  const after = appliedPolicy(second, pc);
  expect(after.version).not.toBe(before.version);
  expect(after.rules).toBe(before.rules + 1);
  expect(after.blocks).toBe(before.blocks + 1);
  await revokeEnrolmentToken(page, token.id);
});
