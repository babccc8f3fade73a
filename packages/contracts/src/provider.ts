/**
 * The provider's review team (issue 11; 001 §1 'Escalation', §4, §8; docs/decisions/review-team.md
 * "The provider's review team (issue 11)"): a staff role outside every account that decides the requests an account's
 * administrator sent for review (state pending, status tech). Its own API under PROVIDER_BASE, with its own sign-in and
 * cookie: POST /login, POST /logout, GET /session, GET /queue, GET /queue/details, POST /decide. Times on the wire are
 * unix seconds; 0 = none. The queue holds website, media and app threads (docs/decisions/apps.md
 * "Apps: the team's review and late auto assign"); a thread is named by its kind and id (website and media threads
 * share one sequence of ids, app threads have their own).
 */
import { z } from 'zod';
import { mfaPinField } from './auth.js';
import { idField, idQueryField } from './common.js';
import { PRODUCT_NAME } from './constants.js';
import { listQuery } from './lists.js';
import { REQUEST_KINDS } from './requests/api.js';
import { requestErrorText } from './requests/messages.js';

/** The name a decision of the team is recorded under (the request's processor, 001 §3 'processor'). */
export const PROVIDER_TEAM = `${PRODUCT_NAME} Team`;
/**
 * How the team's actions are named in an account's audit entries and rules: 'Wayguard Team (Sam Rivera)'.
 * A full name that already ends with '(Wayguard Team)' (the demo's 'Sam Rivera (Wayguard Team)') is not
 * doubled.
 */
export const providerActorName = (fullName: string) => {
  const suffix = `(${PROVIDER_TEAM})`;
  const name = fullName.trim().endsWith(suffix) ? fullName.trim().slice(0, -suffix.length).trim() : fullName.trim();
  return `${PROVIDER_TEAM} (${name || fullName.trim()})`;
};

export const PROVIDER_USERNAME_MAX = 64;
export const PROVIDER_PASSWORD_MAX = 128;
/** Deny notes: at least 4 characters (as the review reason, 001 §8), at most 500. */
export const PROVIDER_NOTES_MIN = 4;
export const PROVIDER_NOTES_MAX = 500;

export const PROVIDER_MSG = {
  title: `${PROVIDER_TEAM} review`,
  signInTitle: `${PROVIDER_TEAM} sign-in`,
  badCredentials: 'The username or password is incorrect.',
  /** The back-off of one username from one address (issue 25): the answer's Retry-After says how long. */
  tooManyAttempts: 'Too many failed sign-ins. Please wait a moment and try again.',
  /** A member without a TOTP secret (issue 25): the password was right, but no sign-in completes. */
  totpNotSet:
    'Two-factor sign-in is not set up for this member. Please ask an operator to run reset-provider-staff-totp.',
  codeWrong: 'The two-factor code is not valid.',
  codeTitle: `${PROVIDER_TEAM} two-factor sign-in`,
  startOver: 'Start over',
  captchaRequired: 'Please complete the security check.',
  unauthorized: 'Please sign in as a member of the review team.',
  csrfMissing: 'Your session could not be verified. Please reload the page.',
  usernameRequired: 'Please enter your username',
  passwordRequired: 'Please enter your password',
  notesShort: `Please enter at least ${PROVIDER_NOTES_MIN} characters`,
  notesLong: `Please keep the notes under ${PROVIDER_NOTES_MAX} characters`,
  notFound: 'This request could not be found',
  /** The loser of two decisions (or of a decision and the account's cancel): 001 §8 AC010. */
  alreadyDecided: `This request was decided meanwhile: ${requestErrorText('AC010')}`,
  /** A locked category cannot be allowed by anyone (001 §8 AC055). */
  lockedCategory: requestErrorText('AC055'),
  approved: (kind: string) => `The ${kind} request was approved for the account`,
  denied: (kind: string) => `The ${kind} request was denied`,
  emptyQueue: 'No requests are waiting for review',
  signedOut: 'You have signed out',
  approve: 'Approve for the account',
  deny: 'Deny with notes',
  denyTitle: 'Deny request',
  notesLabel: 'Notes for the account',
  notesHint: `Shown to the account's administrators with the denial (${PROVIDER_NOTES_MIN} to ${PROVIDER_NOTES_MAX} characters)`,
  searchLabel: 'Search website, app or account',
  kindsLabel: 'Requests to show',
  signOut: 'Sign out',
} as const;

const username = z
  .string()
  .trim()
  .min(1, PROVIDER_MSG.usernameRequired)
  .max(PROVIDER_USERNAME_MAX, PROVIDER_MSG.badCredentials);

/**
 * POST /login (issue 25): password, then code. A call without `code` whose password is right answers the
 * code step (providerLoginStep); the next call carries the password again with the code. `captcha` is the
 * solved challenge once the server has asked for one (after CAPTCHA_AFTER_FAILURES failures of the
 * username or of the address): an answer asking for it carries `captcha_challenge`.
 */
export const providerLoginRequest = z.object({
  username,
  password: z.string().min(1, PROVIDER_MSG.passwordRequired).max(PROVIDER_PASSWORD_MAX, PROVIDER_MSG.badCredentials),
  code: mfaPinField.optional(),
  captcha: z.string().max(4096).optional(),
});
export type ProviderLoginRequest = z.infer<typeof providerLoginRequest>;

export const providerStaff = z.object({ id: z.number(), username: z.string(), full_name: z.string() });
export type ProviderStaff = z.infer<typeof providerStaff>;

/** POST /login and GET /session: who is signed in, and the CSRF token to send as X-CSRF-Token. */
export const providerSessionResponse = z.object({
  success: z.literal(true),
  staff: providerStaff,
  csrf_token: z.string(),
});
export type ProviderSessionResponse = z.infer<typeof providerSessionResponse>;

/** POST /login's code step: the password was right; send it again with the authenticator's code. */
export const providerLoginStep = z.object({
  success: z.literal(false),
  mfa_required: z.literal(true),
  /** A new challenge when the next call must carry a solved captcha too; null otherwise. */
  captcha_challenge: z.string().nullable(),
});
export type ProviderLoginStep = z.infer<typeof providerLoginStep>;

/** POST /login: signed in, or the code step. Refusals are 4xx with `error` (and `captcha_challenge` when asked). */
export const providerLoginResponse = z.union([providerSessionResponse, providerLoginStep]);
export type ProviderLoginResponse = z.infer<typeof providerLoginResponse>;

export const PROVIDER_QUEUE_SORTS = ['escalated', 'requested', 'website', 'account'] as const;
export type ProviderQueueSort = (typeof PROVIDER_QUEUE_SORTS)[number];
/** The kinds of thread the team decides: the website and media requests' and the app requests'. */
export const PROVIDER_THREAD_KINDS = [...REQUEST_KINDS, 'app'] as const;
export type ProviderThreadKind = (typeof PROVIDER_THREAD_KINDS)[number];
export const PROVIDER_QUEUE_KINDS = ['all', ...PROVIDER_THREAD_KINDS] as const;
/** The queue's kinds filter (its tabs, in this order). */
export const PROVIDER_QUEUE_KIND_TABS: Readonly<Record<(typeof PROVIDER_QUEUE_KINDS)[number], string>> = {
  all: 'All',
  website: 'Websites',
  media: 'Media',
  app: 'Apps',
};
/** The queue's badge of each kind. */
export const PROVIDER_KIND_LABELS: Readonly<Record<ProviderThreadKind, string>> = {
  website: 'Website',
  media: 'Media',
  app: 'App',
};

/** GET /queue: every account's escalated threads, oldest escalation first by default. */
export const providerQueueQuery = listQuery.extend({
  sort_by: z.enum(PROVIDER_QUEUE_SORTS).default('escalated'),
  kind: z.enum(PROVIDER_QUEUE_KINDS).default('all'),
});
export type ProviderQueueQuery = z.input<typeof providerQueueQuery>;

export const providerQueueRow = z.object({
  id: z.number(),
  kind: z.enum(PROVIDER_THREAD_KINDS),
  account: z.object({ id: z.number(), name: z.string() }),
  /** The website's address, or an app's package name. */
  website: z.string(),
  /** The page's or media item's title, or an app's name. */
  title: z.string(),
  /** The website's category, or an app's classification. */
  category: z.string(),
  /** An app thread's app (kind 'app'); null for website and media threads. */
  app: z.object({ package_name: z.string(), name: z.string(), icon_url: z.string() }).nullable(),
  requester_count: z.number(),
  device_count: z.number(),
  /** The account administrator's reason for the review (their request_review). */
  review_reason: z.string(),
  /** Who sent it for review (the console user's name), '' when unknown. */
  escalated_by: z.string(),
  escalated: z.number(),
  requested: z.number(),
});
export type ProviderQueueRow = z.infer<typeof providerQueueRow>;

export const providerQueueResponse = z.object({ requests: z.array(providerQueueRow), total_count: z.number() });
export type ProviderQueueResponse = z.infer<typeof providerQueueResponse>;

export const providerDetailsQuery = z.object({ id: idQueryField, kind: z.enum(PROVIDER_THREAD_KINDS) });
export type ProviderDetailsQuery = z.input<typeof providerDetailsQuery>;

export const providerDetailsResponse = z.object({
  request: providerQueueRow,
  asks: z.array(
    z.object({
      requester: z.string(),
      device: z.string(),
      notes: z.string(),
      asked: z.number(),
    }),
  ),
});
export type ProviderDetailsResponse = z.infer<typeof providerDetailsResponse>;

export const PROVIDER_DECISIONS = ['approve', 'deny'] as const;

/** POST /decide: approve for the account, or deny with notes (required for a denial). */
export const providerDecideRequest = z
  .object({
    id: idField,
    kind: z.enum(PROVIDER_THREAD_KINDS),
    decision: z.enum(PROVIDER_DECISIONS),
    notes: z.string().trim().max(PROVIDER_NOTES_MAX, PROVIDER_MSG.notesLong).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'deny' && b.notes.length < PROVIDER_NOTES_MIN)
      ctx.addIssue({ code: 'custom', path: ['notes'], message: PROVIDER_MSG.notesShort });
  });
export type ProviderDecideRequest = z.input<typeof providerDecideRequest>;

export const providerDecideResponse = z.object({
  success: z.literal(true),
  id: z.number(),
  kind: z.enum(PROVIDER_THREAD_KINDS),
  state: z.enum(['approved', 'denied']),
  message: z.string(),
});
export type ProviderDecideResponse = z.infer<typeof providerDecideResponse>;

/** The Deny dialog's form (Submit enabled with at least 4 characters), checked again by POST /decide. */
export const providerDenyForm = z.object({
  notes: z
    .string()
    .trim()
    .min(PROVIDER_NOTES_MIN, PROVIDER_MSG.notesShort)
    .max(PROVIDER_NOTES_MAX, PROVIDER_MSG.notesLong),
});
export type ProviderDenyForm = z.infer<typeof providerDenyForm>;
