/**
 * Setup project of the browser tests (playwright.config.ts): signs in, once per run, every demo user
 * that the specs' helpers open the console as, and saves each browser state for `openAs` (sessions.ts).
 * Users missing here (a spec's own, such as user-details-review's) are signed in by `openAs` on first use.
 */
import { test } from '@playwright/test';
import { DEMO } from './demo';
import { AMELIA, MIA } from './account/account-helpers';
import { STAFF as SERVER_USER_STAFF } from './server-users/server-users-helpers';
import { STAFF as SUPPORT_STAFF } from './support/support-helpers';
import { KATIE, LIAM } from './users/user-details-helpers';
import { ADMIN, REQUEST_ADMIN } from './users/users-list-helpers';
import { saveSignedInState, type Credentials } from './sessions';

const USERS: Credentials[] = [
  DEMO.family,
  AMELIA,
  MIA,
  SERVER_USER_STAFF.consoleAdmin,
  SERVER_USER_STAFF.requestsAdmin,
  SUPPORT_STAFF.olivia,
  SUPPORT_STAFF.peter,
  KATIE,
  LIAM,
  ADMIN,
  REQUEST_ADMIN,
];

test.describe.configure({ mode: 'parallel' });

for (const user of USERS) {
  test(`sign in ${user.username}`, async ({ context }) => {
    // A client address of its own per user, as the fixtures give each test (per-address limits).
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.250.${USERS.indexOf(user) + 1}.1` });
    await saveSignedInState(context, user);
  });
}
