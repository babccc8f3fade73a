/**
 * Issue 12 'Done when': an app requested on a simulated mobile is approved with auto assign in
 * Chromium, the device receives the install and reports it in its inventory, and the Apps pages show
 * it installed (its device's page; the user's page shows the installs its mobiles report in
 * apps-pages.spec.ts, a simulated mobile has no console user). Works in Riverside (the family admin), with a simulated mobile of its own enrolled over
 * the device API (tools/simulator/device.mjs; the app ask, the commands and the inventory through the
 * agent API as a device sends them), so that no Northfield spec sees its request.
 */
import { AGENT_BASE, APP_MSG, type AgentCommandsResponse } from '@wayguard/contracts';
import { SimDevice, identityOf } from '../../../tools/simulator/device.mjs';
import { DEMO, expectNoA11yViolations, test } from './fixtures';
import { expect, openAs, toastWith } from './apps-helpers';
import { createEnrolmentToken, revokeEnrolmentToken, uniqueFleet } from './simulator-helpers';

test.describe.configure({ timeout: 180_000 });

const APP = { package_name: 'com.microsoft.teams', name: 'Microsoft Teams', version: '1416/1.0.0.2024' };

/** A call of the device API with the simulated device's secret. */
async function agent(mobile: SimDevice, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const res = await fetch(`${test.info().project.use.baseURL!}${AGENT_BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${mobile.secret}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json() as Promise<unknown>;
}

test('asked on a mobile, approved with auto assign, installed and reported, shown installed', async ({ page }) => {
  await openAs(page, DEMO.family, '/requests/apps');
  const token = await createEnrolmentToken(page, 'Apps loop');
  const baseUrl = test.info().project.use.baseURL!;
  const mobile = new SimDevice({ baseUrl, token: token.secret, identity: identityOf(uniqueFleet(), 0, 'mobile') });
  await mobile.enrol();
  await mobile.inventory();
  await mobile.checkin();

  // The pupil asks for the app on the mobile.
  await agent(mobile, 'POST', '/requests', {
    request_id: `apps-loop-${mobile.identity.serial}`,
    kind: 'app',
    title: APP.name,
    notes: 'For the homework calls',
    app: { package_name: APP.package_name },
  });

  // The administrator approves it with auto assign.
  await page.reload();
  const approve = page.getByRole('button', { name: `Approve ${APP.name}` });
  await expect(approve).toBeVisible();
  await approve.click();
  const dialog = page.getByRole('dialog', { name: 'Approve app' });
  const auto = dialog.getByRole('switch', { name: APP_MSG.autoAssign });
  await expect(auto).toBeEnabled();
  await auto.check({ force: true });
  await expectNoA11yViolations(page);
  const approval = page.waitForRequest((r) => r.url().endsWith('/app_requests/app') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  expect((await approval).postDataJSON()).toMatchObject({ package_name: APP.package_name, auto_assign: true });
  await expect(toastWith(page, APP_MSG.approved)).toBeVisible();

  // The device receives the install, runs it and reports the app in its inventory.
  const { commands } = (await agent(mobile, 'GET', '/commands')) as AgentCommandsResponse;
  const install = commands.find((c) => c.type === 'install_app' && c.payload.package_name === APP.package_name);
  expect(install, 'an install command for the approved app').toBeTruthy();
  await agent(mobile, 'POST', `/commands/${install!.id}/result`, { state: 'acknowledged' });
  await agent(mobile, 'POST', `/commands/${install!.id}/result`, { state: 'completed' });
  await agent(mobile, 'PUT', '/inventory', {
    os: mobile.identity.os,
    os_version: mobile.identity.osVersion,
    model: mobile.identity.model,
    mobile: { apps: [{ ...APP, installed_at: Math.floor(Date.now() / 1000) }] },
  });

  // The device's Apps page shows it assigned and installed with its version.
  const serial = mobile.identity.serial;
  await page.goto(`/devices/mobile/${encodeURIComponent(serial)}/apps`);
  const row = page.getByRole('row', { name: new RegExp(APP.name) }).first();
  await expect(row.getByTestId('installed')).toHaveText(APP.version);
  await expect(row.getByRole('switch', { name: `Assign ${APP.name}` })).toBeChecked();
  await expectNoA11yViolations(page);

  await revokeEnrolmentToken(page, token.id);
});
