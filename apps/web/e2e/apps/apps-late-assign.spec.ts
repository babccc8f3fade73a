/**
 * Auto assign after the approval (docs/decisions/apps.md "Apps: the team's review and late auto assign"): an
 * app approved with auto assign reaches a mobile enrolled later for a console user. Riverside (the family
 * admin, who has no mobile in the demo): a pupil's simulated tablet asks for Wikipedia, the administrator
 * approves it with auto assign, then a second simulated tablet enrols with a token made for the family
 * user (issue 25: a device never names its console user itself). The user's Apps
 * page shows the app assigned and its install waiting; the tablet runs the install and reports it, and the
 * page shows the version; enrolling again sends no second install. Riverside's own app, which no other spec
 * asks for (another on a retry).
 */
import { APP_MSG, type AgentCommandsResponse, type MobileAppsResponse } from '@wayguard/contracts';
import { SimDevice, identityOf } from '../../../../tools/simulator/device.mjs';
import { API, postAsPage, registrationInfo } from '../api-helpers';
import { expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { expect, openAs } from './apps-helpers';
import { createEnrolmentToken, revokeEnrolmentToken, uniqueFleet } from '../simulator-helpers';

/**
 * One app per attempt: an attempt leaves its app approved with auto assign, so a retry asks for another
 * (catalogue apps no other spec and no demo data use).
 */
const APPS = [
  { package_name: 'org.wikipedia', name: 'Wikipedia' },
  { package_name: 'com.nasa.app', name: 'NASA' },
  { package_name: 'com.ted.android', name: 'TED' },
];

test('a mobile enrolled for a user after an auto-assign approval gets the app, once; the Apps page shows it; axe', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const APP = APPS[test.info().retry % APPS.length]!;
  await openAs(page, DEMO.family, '/requests/apps');
  const token = await createEnrolmentToken(page, 'Late auto assign');
  const baseUrl = test.info().project.use.baseURL!;
  const fleet = uniqueFleet();
  const pupil = new SimDevice({ baseUrl, token: token.secret, identity: identityOf(fleet, 0, 'mobile') });
  await pupil.enrol();
  expect((await pupil.requestApp({ packageName: APP.package_name, notes: 'For the school project' })).status).toBe(
    'created',
  );
  const approval = await postAsPage(page, '/app_requests/app', {
    package_name: APP.package_name,
    auto_assign: true,
    mandatory: false,
    assign_users: [],
  });
  expect(approval.status(), await approval.text()).toBe(200);

  // Later, a tablet is enrolled with a token made for the family user: it gets the install command.
  const family = (await registrationInfo(page)).user_id;
  const forFamily = await createEnrolmentToken(page, 'Late auto assign, for the family user', family);
  const tablet = new SimDevice({ baseUrl, token: forFamily.secret, identity: identityOf(fleet, 1, 'mobile') });
  await tablet.enrol();
  await tablet.inventory();
  await page.goto(`/users/${family}/apps`);
  const row = page.getByRole('row', { name: new RegExp(APP.name) }).first();
  await expect(row.getByRole('switch', { name: `Assign ${APP.name}` })).toBeChecked();
  await expect(row.getByTestId('installed')).toHaveText(APP_MSG.notInstalled);
  await expect(row.getByRole('button', { name: APP_MSG.tooltipPending })).toBeVisible();
  await expectNoA11yViolations(page);

  // The tablet runs it and reports the app; the page shows its version.
  await tablet.runCommands();
  const installed = tablet.apps.get(APP.package_name);
  expect(installed, 'the tablet installed the app').toBeTruthy();
  await page.reload();
  await expect(row.getByTestId('installed')).toHaveText(installed!.version);

  // Enrolled again (with its secret): nothing more to install.
  await tablet.enrol();
  const res = await page.request.get(`${API}/devices/mobile_apps`, {
    params: { user_id: String(family), query: APP.package_name },
  });
  expect(((await res.json()) as MobileAppsResponse).apps).toMatchObject([
    { package_name: APP.package_name, pending: null },
  ]);
  const waiting = await fetch(`${baseUrl}/api/agent/v1/commands`, {
    headers: { authorization: `Bearer ${tablet.secret}` },
  });
  // This app's installs only: apps-loop.spec.ts, which may run meanwhile, auto-assigns another app in
  // Riverside, which reaches this tablet too.
  const installs = ((await waiting.json()) as AgentCommandsResponse).commands.filter(
    (c) => c.type === 'install_app' && c.payload.package_name === APP.package_name,
  );
  expect(installs).toEqual([]);
  await revokeEnrolmentToken(page, token.id);
  await revokeEnrolmentToken(page, forFamily.id);
});
