/**
 * Console users: GET /users, GET /users/export, GET /users/details, POST /users/details, POST /users,
 * POST /users/create, POST /users/options (000 §2.7-2.8, §3.4, §4.4-4.5, §5, §7.3; 002 §4.1-4.2, §5, §7).
 */
import { z } from 'zod';
import { CONSOLE_USER_TYPES, NOTE_MIN, USER_STATUSES, USERNAME_MAX, USERNAME_MIN } from './constants.js';
import { idField, idQueryField, queryFlag } from './common.js';
import { listQuery } from './lists.js';
import { MSG } from './messages.js';
import { ROLE_MSG } from './roles.js';
import { mobile, telephone, userDetailsRequest } from './profile.js';

export const USER_SORTS = [
  'username',
  'first_name',
  'last_name',
  'email_address',
  'type',
  'status',
  'last_active',
  'date_created',
] as const;
export const USER_ACTIONS = ['resend_activation_email', 'reset_password', 'deactivate', 'reactivate'] as const;
export const USER_TYPE_IDS = { 41: 'console_admin', 261: 'requests_admin', 0: 'console_user' } as const;
export const userTypeId = z.union([z.literal(41), z.literal(261), z.literal(0)]);

/** GET /users and GET /users/export (000 §7.3). Filter flags are '1' when on. */
export const usersListQuery = listQuery.extend({
  sort_by: z.enum(USER_SORTS).default('username'),
  awaiting_activation: queryFlag.optional(),
  password_reset: queryFlag.optional(),
  deactivated: queryFlag.optional(),
  not_active_last_30_days: queryFlag.optional(),
  active_last_30_days: queryFlag.optional(),
  active_past_hour: queryFlag.optional(),
  failed_email_delivery: queryFlag.optional(),
});
export type UsersListQuery = z.infer<typeof usersListQuery>;

const userFilters = z.object({
  awaiting_activation: z.boolean(),
  password_reset: z.boolean(),
  deactivated: z.boolean(),
  not_active_last_30_days: z.boolean(),
  active_last_30_days: z.boolean(),
  active_past_hour: z.boolean(),
  failed_email_delivery: z.boolean(),
});

export const deviceRef = z.object({ id: z.string(), name: z.string(), type: z.enum(['machine', 'mobile']) });

/** A row of the users list: console users, server users and local users (000 §3.4, §3.5). */
export const userListItem = z.object({
  id: z.number(),
  username: z.string(),
  email_address: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  type: z.object({ type: z.enum([...CONSOLE_USER_TYPES, 'server_user', 'local_user']), name: z.string() }),
  status: z.enum(USER_STATUSES),
  /** Unix seconds; 0 = never. */
  last_active: z.number(),
  date_created: z.number(),
  created_by: z.string(),
  filters: userFilters,
});
export type UserListItem = z.infer<typeof userListItem>;
export const usersListResponse = z.object({ users: z.array(userListItem), total_count: z.number() });
export type UsersListResponse = z.infer<typeof usersListResponse>;

/** GET /users/details (000 §3.4). */
export const userDetails = userListItem.extend({
  time_zone: z.string(),
  telephone: telephone.nullable(),
  mobile: mobile.nullable(),
  language: z.string(),
  devices: z.array(deviceRef),
  deactivated_info: z.object({ notes: z.string() }).nullable(),
  failed_email_delivery_info: z.object({ date: z.number(), reason: z.string() }).nullable(),
  options: z.object({
    mobile_app_access: z.boolean(),
    beta_version_access: z.boolean(),
    enable_mfa_login: z.boolean(),
  }),
});
export type UserDetails = z.infer<typeof userDetails>;
export const idQuery = z.object({ id: idQueryField });
export const idBody = z.object({ id: idField });

/** POST /users/details: edit a user's profile. */
export const updateUserDetailsRequest = userDetailsRequest.extend({
  id: idField,
});

export const USER_NOTE_MAX = 500;
const noteTooShort = `Please enter a note of at least ${NOTE_MIN} characters`;

/** POST /users: a status action with an optional note (required, 3+ characters, for deactivate/reactivate). */
export const userActionRequest = z
  .object({
    id: idField,
    action: z.enum(USER_ACTIONS),
    notes: z.string().trim().max(USER_NOTE_MAX).optional(),
  })
  .refine((v) => !(v.action === 'deactivate' || v.action === 'reactivate') || (v.notes ?? '').length >= NOTE_MIN, {
    message: noteTooShort,
    path: ['notes'],
  });
/** The note of the Deactivate / Reactivate dialog (000 §4.4: Confirm only with 3+ characters). */
export const userNoteForm = z.object({
  notes: z.string().trim().min(NOTE_MIN, noteTooShort).max(USER_NOTE_MAX),
});

export const usernameField = z
  .string({ error: MSG.usernameRequiredCreate })
  .trim()
  .min(1, MSG.usernameRequiredCreate)
  .min(USERNAME_MIN, MSG.usernameMin)
  .max(USERNAME_MAX, MSG.usernameMax);

/** POST /users/create (000 §4.5). */
export const createUserRequest = userDetailsRequest.extend({
  username: usernameField,
  options: z.object({ type_id: userTypeId }),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

/** POST /users/options: a type change, or one boolean option (002 §7). */
export const userOptionsRequest = z.union([
  idBody.extend({ type_id: userTypeId }).strict(),
  idBody.extend({ mobile_app_access: z.boolean() }).strict(),
  idBody.extend({ beta_version_access: z.boolean() }).strict(),
  idBody.extend({ enable_mfa_login: z.boolean() }).strict(),
]);
export type UserOptionsRequest = z.infer<typeof userOptionsRequest>;

/**
 * POST /profile/options (000 §7.2, body "not shown"): one of the signed-in user's own options, as POST
 * /users/options takes it for one's own id and under the same rules; no id, and no type (nobody changes
 * their own type, 002 §6).
 */
export const profileOptionsRequest = z.union([
  z.object({ mobile_app_access: z.boolean() }).strict(),
  z.object({ beta_version_access: z.boolean() }).strict(),
  z.object({ enable_mfa_login: z.boolean() }).strict(),
]);
export type ProfileOptionsRequest = z.infer<typeof profileOptionsRequest>;

/** POST /users/create answers the new user's id. */
export const createUserResponse = z.object({ success: z.literal(true), id: z.number() });

/** Server answers of the users calls that the spec leaves to us (shown as error toasts). */
export const USER_MSG = {
  /** Same text as ROLE_MSG.consoleAdminOnly (the role check answers it); kept under this name for the web app. */
  forbidden: ROLE_MSG.consoleAdminOnly,
  selfStatus: 'You cannot change your own status',
  selfType: 'You cannot change your own type',
  notAwaitingActivation: 'This user has already activated the account',
  resetNotAllowed: 'The password can only be reset for an active user',
  alreadyDeactivated: 'This user is already deactivated',
  notDeactivated: 'This user is not deactivated',
  deactivatedCannotChange: 'A deactivated user cannot be changed. Reactivate the user first',
  usernameTaken: 'This username is already taken',
  creationNotAllowed: 'User creation is not enabled for this account',
  mobileAppAccessOnly: 'Mobile App Access applies to console users only',
  betaAccessOnly: 'Beta Versions apply to Console Admins and Request Admins only',
  mfaOwnOnly: 'Two-factor sign-in can only be changed on your own profile',
  mfaVerifyFirst: 'Verify a code from your authenticator app first',
} as const;
