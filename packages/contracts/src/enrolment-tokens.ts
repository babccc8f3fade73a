/**
 * Enrolment tokens: GET /enrolment_tokens, POST /enrolment_tokens, POST /enrolment_tokens/revoke.
 * Not in the spec: the device-facing API (docs/design/agent-api.md "Identity and authentication") needs
 * them, and the Account page carries their card (docs/decisions/devices.md "Enrolment tokens"). A device
 * exchanges a token for its own secret at POST /api/agent/v1/enroll.
 */
import { z } from 'zod';
import { idField } from './common.js';

export const ENROLMENT_TOKEN = {
  /** Shown before the secret part, so that a token can be told apart in the list. */
  prefix: 'wge_',
  /** Random bytes of a token (192 bits). */
  bytes: 24,
  labelMax: 64,
  usesMax: 10_000,
  usesDefault: 50,
  daysMax: 365,
  daysDefault: 30,
  /** Characters of the token kept in the clear (after the prefix) for the list. */
  hintLength: 6,
} as const;

export const ENROLMENT_TOKEN_MSG = {
  labelRequired: 'Please enter a name for the token',
  labelTooLong: `The name can be at most ${ENROLMENT_TOKEN.labelMax} characters`,
  usesRange: `Please enter a number of devices from 1 to ${ENROLMENT_TOKEN.usesMax.toLocaleString('en-US')}`,
  daysRange: `Please enter a number of days from 1 to ${ENROLMENT_TOKEN.daysMax}`,
  created: 'Copy the token now: it will not be shown again.',
  revoked: 'Enrolment token revoked',
  alreadyRevoked: 'This enrolment token has already been revoked',
  unknownUser: 'This console user could not be found',
  retireDevices: 'Also retire the devices enrolled with this token',
  revokedAndRetired: (n: number) => `Enrolment token revoked; ${n} ${n === 1 ? 'device' : 'devices'} retired`,
} as const;

export const enrolmentTokenCreateRequest = z.object({
  label: z
    .string({ error: ENROLMENT_TOKEN_MSG.labelRequired })
    .trim()
    .min(1, ENROLMENT_TOKEN_MSG.labelRequired)
    .max(ENROLMENT_TOKEN.labelMax, ENROLMENT_TOKEN_MSG.labelTooLong),
  max_uses: z
    .number({ error: ENROLMENT_TOKEN_MSG.usesRange })
    .int(ENROLMENT_TOKEN_MSG.usesRange)
    .min(1, ENROLMENT_TOKEN_MSG.usesRange)
    .max(ENROLMENT_TOKEN.usesMax, ENROLMENT_TOKEN_MSG.usesRange),
  valid_days: z
    .number({ error: ENROLMENT_TOKEN_MSG.daysRange })
    .int(ENROLMENT_TOKEN_MSG.daysRange)
    .min(1, ENROLMENT_TOKEN_MSG.daysRange)
    .max(ENROLMENT_TOKEN.daysMax, ENROLMENT_TOKEN_MSG.daysRange),
  /**
   * Ours (issue 25): the console user the token is made for. A mobile it enrols is lent to that user
   * (the only way, besides an administrator's link, that a mobile gets a console user).
   */
  user_id: idField.nullable().optional(),
});
export type EnrolmentTokenCreateRequest = z.infer<typeof enrolmentTokenCreateRequest>;

/** A token's state as the list shows it; `active` only while it can still enrol a device. */
export const ENROLMENT_TOKEN_STATES = ['active', 'expired', 'used_up', 'revoked'] as const;
export const ENROLMENT_TOKEN_STATE_LABELS = {
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
  revoked: 'Revoked',
} as const satisfies Record<(typeof ENROLMENT_TOKEN_STATES)[number], string>;

export const enrolmentToken = z.object({
  id: z.number(),
  label: z.string(),
  /** The prefix and the first characters of the token, e.g. 'wge_Ab3dE9…'. */
  hint: z.string(),
  state: z.enum(ENROLMENT_TOKEN_STATES),
  max_uses: z.number(),
  uses: z.number(),
  created_by: z.string(),
  /** Epoch seconds. */
  date_created: z.number(),
  expires: z.number(),
  /** Epoch seconds, 0 when not revoked. */
  revoked: z.number(),
  /** The console user the token is made for (mobiles it enrols are lent to the user), or null. */
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type EnrolmentToken = z.infer<typeof enrolmentToken>;

export const enrolmentTokensResponse = z.object({ tokens: z.array(enrolmentToken) });
export type EnrolmentTokensResponse = z.infer<typeof enrolmentTokensResponse>;

/** The created token, and its secret: the only time the server ever sends it. */
export const enrolmentTokenCreateResponse = z.object({
  success: z.literal(true),
  token: enrolmentToken,
  secret: z.string(),
});
export type EnrolmentTokenCreateResponse = z.infer<typeof enrolmentTokenCreateResponse>;

export const enrolmentTokenRevokeRequest = z.object({
  id: idField,
  /** Ours (issue 25): also retire every device the token enrolled that is not retired yet. */
  retire_devices: z.boolean().default(false),
});
export type EnrolmentTokenRevokeRequest = z.input<typeof enrolmentTokenRevokeRequest>;
export const enrolmentTokenRevokeResponse = z.object({
  success: z.literal(true),
  /** How many devices the revoke retired (0 without retire_devices). */
  retired: z.number(),
});
export type EnrolmentTokenRevokeResponse = z.infer<typeof enrolmentTokenRevokeResponse>;
