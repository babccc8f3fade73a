/**
 * The provider's demo review team (issue 11, issue 25): data only, so that the browser tests read it
 * (apps/web/e2e/demo.ts) without loading what seeds it (provider-staff.ts: the database, argon2).
 */

/** The demo's reviewer (README's demo table), with a fixed, published TOTP secret as `mfaadmin` has. */
export const DEMO_PROVIDER_STAFF = {
  username: 'provider',
  password: 'DemoProvider2026!',
  fullName: 'Sam Rivera (Wayguard Team)',
  totpSecret: 'PROVIDERTEAM2345PROVIDERTEAM2345',
} as const;

/** The demo's second reviewer (issue 25): signs in to the team page (the e2e spec's, apart from `provider`'s). */
export const DEMO_PROVIDER_TEAMMATE = {
  username: 'teammate',
  password: 'DemoTeammate2026!',
  fullName: 'Robin Park (Wayguard Team)',
  totpSecret: 'TEAMMATE2345TEAMMATE2345TEAMMATE',
} as const;

/**
 * The demo's third member (issue 25): made before two-factor was required, so without a secret; cannot
 * sign in until an operator runs reset-provider-staff-totp. The team page shows them, to deactivate.
 */
export const DEMO_PROVIDER_TRAINEE = {
  username: 'trainee',
  password: 'DemoTrainee2026!',
  fullName: 'Jordan Lee (Wayguard Team)',
  totpSecret: null,
} as const;
