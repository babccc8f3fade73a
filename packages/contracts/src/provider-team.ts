/**
 * The review team's own page (issue 25; docs/decisions/review-team.md "The review team's page (issue 25)"): GET /team
 * lists the members (name, username, status, last sign-in, two-factor set), POST /team/deactivate
 * deactivates one, with a confirmation. A member cannot deactivate themself, so the signed-in member
 * always stays: the last active member cannot be deactivated. A deactivated member's sessions end at once.
 */
import { z } from 'zod';
import { idField } from './common.js';

export const PROVIDER_TEAM_MSG = {
  title: 'Review team',
  tableLabel: 'Review team members',
  navLabel: 'Review team areas',
  queueLink: 'Queue',
  teamLink: 'Team',
  active: 'Active',
  deactivatedStatus: 'Deactivated',
  twoFactorSet: 'Set up',
  twoFactorNotSet: 'Not set up',
  neverSignedIn: 'Never',
  you: '(you)',
  deactivate: 'Deactivate',
  confirmTitle: 'Deactivate team member',
  confirmText: (name: string) =>
    `Deactivate ${name}? Their sessions end at once and they can no longer sign in to the review team.`,
  deactivated: (name: string) => `${name} was deactivated`,
  notSelf: 'You cannot deactivate yourself',
  lastActive: 'The last active member of the team cannot be deactivated',
  alreadyDeactivated: 'This member was already deactivated',
  /** The acting member was deactivated meanwhile (by another member at the same time). */
  actorDeactivated: 'Your own membership was deactivated meanwhile',
  notFound: 'This team member could not be found',
  empty: 'The team has no members',
} as const;

export const PROVIDER_STAFF_STATUSES = ['active', 'deactivated'] as const;

export const providerTeamMember = z.object({
  id: z.number(),
  username: z.string(),
  full_name: z.string(),
  status: z.enum(PROVIDER_STAFF_STATUSES),
  /** Unix seconds of the last completed sign-in; 0 = never. */
  last_sign_in: z.number(),
  /** Whether the member has a TOTP secret (without one no sign-in completes). */
  two_factor: z.boolean(),
});
export type ProviderTeamMember = z.infer<typeof providerTeamMember>;

/** GET /team: every member, the active ones first, then by name. */
export const providerTeamResponse = z.object({ members: z.array(providerTeamMember) });
export type ProviderTeamResponse = z.infer<typeof providerTeamResponse>;

/** POST /team/deactivate. */
export const providerDeactivateRequest = z.object({ id: idField });
export type ProviderDeactivateRequest = z.infer<typeof providerDeactivateRequest>;

export const providerDeactivateResponse = z.object({ success: z.literal(true), id: z.number(), message: z.string() });
export type ProviderDeactivateResponse = z.infer<typeof providerDeactivateResponse>;
