/**
 * The provider's review team area (issue 11): its own sign-in (a refusal inline, then the queue), the
 * queue of every account's escalated requests (the demo's three Northfield ones), Deny with notes
 * (Submit from 4 characters) and Approve for the account, each with its toast; axe on both screens.
 * Sign-in is password, then the authenticator's code (issue 25; e2e/provider-helpers.ts).
 * App escalations (issue 12): Riverside's app denied by the team's policy, sent for review, shown in the
 * queue's Apps tab and approved for the account.
 */
import {
  BLOCK_PAGE_MSG,
  PROVIDER_MSG,
  PROVIDER_QUEUE_KIND_TABS,
  REQUEST_MSG,
  type AgentPolicyResponse,
} from '@wayguard/contracts';
import { SimDevice, identityOf } from '../../../../tools/simulator/device.mjs';
import type { Page } from '@playwright/test';
import { totp } from '../auth-helpers';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { enterTeamCode, signInTeam, TEAM } from './provider-helpers';
import { apiRequests, openAs, REQ_ADMIN, subjectOf, toastWith } from '../requests/requests-helpers';
import { createEnrolmentToken, revokeEnrolmentToken, uniqueFleet } from '../simulator-helpers';

const STAFF = TEAM.provider;

/** The administrator sends the denied row named `subject` (on the list the page shows) for review. */
async function requestReview(page: Page, subject: string, reason: string) {
  await page.getByRole('button', { name: `Request review of ${subject}` }).click();
  const review = page.getByRole('dialog', { name: 'Request review' });
  await review.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await review.getByRole('button', { name: 'Submit' }).click();
  await expect(toastWith(page, REQUEST_MSG.reviewSent)).toBeVisible();
}

/** The review team signed in on a new page of the same browser (its own cookie, beside the console's). */
async function teamPage(page: Page): Promise<Page> {
  const team = await page.context().newPage();
  await team.goto('/provider/login');
  await signInTeam(team, STAFF);
  return team;
}

test('the review team signs in, denies one escalated request with notes and approves another; axe', async ({
  page,
}) => {
  // The console's session gate plays no part: without a team session the area asks for the team's sign-in.
  await page.goto('/provider');
  await expect(page).toHaveURL(/\/provider\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_MSG.signInTitle })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel('Username').fill(STAFF.username);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: PROVIDER_MSG.badCredentials })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.keyboard.press('Enter');
  // Two-factor (issue 25): the code step, with focus in its first box; axe on it.
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_MSG.codeTitle })).toBeVisible();
  await expect(page.getByLabel('Authentication code digit 1 of 6')).toBeFocused();
  await expectNoA11yViolations(page);
  // A wrong code is refused inline; the right one signs in.
  await page.getByLabel('Authentication code digit 1 of 6').fill(totp(STAFF.totpSecret, Date.now() - 10 * 60_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: PROVIDER_MSG.codeWrong })).toBeVisible();
  await enterTeamCode(page, STAFF);

  await expect(page).toHaveURL(/\/provider$/);
  await expect(page.getByRole('heading', { level: 1, name: PROVIDER_MSG.title })).toBeVisible();
  await expect(page.getByText(`Signed in as ${STAFF.fullName}`)).toBeVisible();
  // Websites and media only: the app rows belong to the apps specs (Northfield's) and to the test below.
  await page
    .getByRole('radiogroup', { name: PROVIDER_MSG.kindsLabel })
    .getByText(PROVIDER_QUEUE_KIND_TABS.website)
    .click();
  await expect(page).toHaveURL(/\/provider\?kind=website$/);
  const table = page.getByRole('table', { name: 'Requests waiting for review' });
  const rows = table.locator('tbody tr');
  await expect(rows.first().getByRole('button', { name: PROVIDER_MSG.approve })).toBeVisible();
  await expect(table).toContainText('Northfield Academy');
  await expect(table).toContainText('Please check this site for us');
  await expectNoA11yViolations(page);
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(2);

  // Deny the first (oldest escalation) with notes, from the keyboard.
  const first = rows.first();
  const denied = (await first.locator('th').first().innerText()).split('\n')[1] ?? '';
  await first.getByRole('button', { name: new RegExp(`^${PROVIDER_MSG.deny}`) }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: PROVIDER_MSG.denyTitle });
  await expect(dialog).toBeVisible();
  const notes = dialog.getByLabel(PROVIDER_MSG.notesLabel);
  await expect(notes).toBeFocused();
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await notes.fill('abc');
  await expect(submit).toBeDisabled();
  await notes.fill('Not suitable for pupils');
  await expect(submit).toBeEnabled();
  await expectNoA11yViolations(page);
  await submit.click();
  const deniedToast = page.getByText(/The (website|media) request was denied/);
  await expect(deniedToast).toBeVisible();
  const deniedKind = (await deniedToast.innerText()).includes('media') ? 'media' : 'website';
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(before - 1);
  if (denied) await expect(table).not.toContainText(denied);

  // Approve the next one for its account.
  await rows
    .first()
    .getByRole('button', { name: new RegExp(`^${PROVIDER_MSG.approve}`) })
    .click();
  await expect(page.getByText(/The (website|media) request was approved for the account/)).toBeVisible();
  await expect(rows).toHaveCount(before - 2 > 0 ? before - 2 : 1);

  // Sign out: the area asks for the team's sign-in again.
  await page.getByRole('button', { name: PROVIDER_MSG.signOut }).click();
  await expect(page).toHaveURL(/\/provider\/login$/);
  await page.goto('/provider');
  await expect(page).toHaveURL(/\/provider\/login$/);

  // Back in the account (issue 26, RL-31): the row the team denied shows the team's notes as its denied
  // reason, and the administrator's review reason beside them.
  await openAs(page, REQ_ADMIN, `/requests/${deniedKind}/denied`);
  const api = await apiRequests(page, { type: deniedKind, state: 'denied', status: 'all' });
  const byTeam = api.requests.find((r) => r.status === 'tech' && r.reason === 'Not suitable for pupils');
  expect(byTeam, 'the row the team denied').toBeTruthy();
  await page.getByRole('button', { name: `Show details of ${subjectOf(byTeam!)}` }).click();
  const details = page.getByTestId('request-details');
  await expect(details.getByText('Denied reason', { exact: true })).toBeVisible();
  await expect(details).toContainText('Not suitable for pupils');
  await expect(details.getByText('Review requested reason', { exact: true })).toBeVisible();
  await expect(details).toContainText(byTeam!.review_notes);
  await expectNoA11yViolations(page);
});

// Issue 11 'Done when', review by the provider team: a request from a simulated device, denied by the
// account's administrator, sent for review, approved by the team for the account: the device's next policy
// allows it and its block page says so. Here (not in a file of its own) so that it runs after the test above,
// which counts the queue's rows. Riverside's own device and site, which no other spec asks for.
test('denied, sent for review, approved by the team: the device is allowed at its next fetch', async ({ page }) => {
  test.setTimeout(180_000);
  await openAs(page, DEMO.family, '/requests');
  const token = await createEnrolmentToken(page, 'Review loop');
  const baseUrl = test.info().project.use.baseURL!;
  const pc = new SimDevice({ baseUrl, token: token.secret, identity: identityOf(uniqueFleet(), 0, 'machine') });
  await pc.enrol();
  await pc.checkin();
  await pc.fetchPolicy();
  const url = `https://www.williamhill.com/${pc.identity.serial.toLowerCase()}`;
  expect((await pc.request({ url, notes: 'Probability homework' })).status).toBe('created');

  // The administrator denies it, then sends it for review.
  await page.goto('/requests/website');
  await page.getByRole('button', { name: `Deny ${url}` }).click();
  const deny = page.getByRole('dialog', { name: 'Deny request' });
  await deny.getByRole('button', { name: 'Deny' }).click();
  await expect(toastWith(page, REQUEST_MSG.pendingWebsiteDenied)).toBeVisible();
  await page.goto('/requests/website/denied');
  await requestReview(page, url, 'Needed for the statistics unit');

  // The team approves it for the account.
  const team = await teamPage(page);
  await team.getByRole('button', { name: `${PROVIDER_MSG.approve}: ${url} (Riverside Family)` }).click();
  await expect(team.getByText(PROVIDER_MSG.approved('website'))).toBeVisible();
  await team.close();

  // The device's next check-in names a new policy that allows the site for the whole account.
  await pc.checkin();
  const policy = (await pc.fetchPolicy()) as unknown as AgentPolicyResponse;
  const allows = policy.web_access.rules.filter(
    (r) => r.action === 'ALLOW' && r.subject.kind === 'website' && r.subject.pattern === 'williamhill.com',
  );
  expect(allows.map((r) => r.scope)).toEqual(['account']);
  const { page_url } = await pc.blockPage(url);
  const child = await page.context().newPage();
  await child.goto(page_url);
  await expect(child.getByRole('heading', { level: 1, name: BLOCK_PAGE_MSG.titleAllowed })).toBeVisible();
  await child.close();
  await revokeEnrolmentToken(page, token.id);
});

// Issue 12: an app escalation reaches the team. Riverside's Instagram, denied by the team's policy in the
// demo, is sent for review by its administrator, shown with the app in the queue's Apps tab and approved
// for the account; the account's approved apps list then has it. Riverside's own app, which no other spec
// changes.
test('an app sent for review: shown in the Apps tab with its app, approved for the account; axe', async ({ page }) => {
  const app = { name: 'Instagram', package_name: 'com.instagram.android' };
  await openAs(page, DEMO.family, '/requests/apps/denied');
  await requestReview(page, app.name, 'Only for the art club, with a parent present');

  const team = await teamPage(page);
  const kinds = team.getByRole('radiogroup', { name: PROVIDER_MSG.kindsLabel });
  await kinds.getByText(PROVIDER_QUEUE_KIND_TABS.app).click();
  await expect(team).toHaveURL(/\/provider\?kind=app$/);
  const table = team.getByRole('table', { name: 'Requests waiting for review' });
  const row = table.getByRole('row', { name: new RegExp(app.name) });
  await expect(row).toContainText(`Package: ${app.package_name}`);
  await expect(row).toContainText('Classification: Social');
  await expect(row).toContainText('Riverside Family');
  await expect(row).toContainText('Only for the art club, with a parent present');
  await expect(row).toContainText(DEMO.family.fullName); // who sent it for review, by the naming rule (issue 26)
  // Every row of the tab is an app.
  await expect(table.locator('tbody tr').filter({ hasNotText: 'App' })).toHaveCount(0);
  await expectNoA11yViolations(team);

  await row.getByRole('button', { name: `${PROVIDER_MSG.approve}: ${app.name} (Riverside Family)` }).click();
  await expect(team.getByText(PROVIDER_MSG.approved('app'))).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(app.name) })).toHaveCount(0);
  await team.close();

  // Back in the account: approved, no longer denied.
  await page.goto('/requests/apps/approved');
  await expect(page.getByRole('button', { name: new RegExp(`^Deny ${app.name}`) })).toBeVisible();
  await page.goto('/requests/apps/denied');
  await expect(page.getByRole('button', { name: `Show details of ${app.name}` })).toHaveCount(0);
});
