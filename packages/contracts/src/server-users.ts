/**
 * Server and local users: GET /server_users/details, POST /server_users/server_user, POST /server_users/options
 * (000 §3.5; 002 §2.8, §2.10, §3, §7).
 */
import { z } from 'zod';
import { idField } from './common.js';
import { deviceRef } from './users.js';

const id = idField;

/** The seven options of a server or local user (002 §3), in the order the settings page shows them. */
export const SERVER_USER_OPTION_KEYS = [
  'disable_media_requests',
  'disable_website_requests',
  'disallow_facebook_access',
  'disallow_twitter_access',
  'disallow_youtube_access',
  'disallow_instagram_access',
  'disallow_pinterest_access',
] as const;
export type ServerUserOptionKey = (typeof SERVER_USER_OPTION_KEYS)[number];

/** The account permission that must be on to change each option (002 §2.10). */
export const SERVER_USER_OPTION_PERMISSION = {
  disable_media_requests: 'allow_disable_media_requests',
  disable_website_requests: 'allow_disable_website_requests',
  disallow_facebook_access: 'allow_social_media',
  disallow_twitter_access: 'allow_social_media',
  disallow_youtube_access: 'allow_social_media',
  disallow_instagram_access: 'allow_social_media',
  disallow_pinterest_access: 'allow_social_media',
} as const satisfies Record<ServerUserOptionKey, string>;

export const serverUserOptions = z
  .object({
    disable_media_requests: z.boolean(),
    disable_website_requests: z.boolean(),
    disallow_facebook_access: z.boolean(),
    disallow_twitter_access: z.boolean(),
    disallow_youtube_access: z.boolean(),
    disallow_instagram_access: z.boolean(),
    disallow_pinterest_access: z.boolean(),
  })
  .strict();
export type ServerUserOptions = z.infer<typeof serverUserOptions>;

/** GET /server_users/details (000 §3.5, 002 §3). A deactivated server user is shown as Deleted. */
export const serverUserDetails = z.object({
  id: z.number(),
  /** For local users the machine follows the @. */
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  type: z.enum(['server_user', 'local_user']),
  status: z.enum(['activated', 'deactivated']),
  /** Unix seconds; 0 = never. */
  date_created: z.number(),
  last_active: z.number(),
  /** The directory the user is synced from; null for local users. */
  connection: z.string().nullable(),
  connection_type: z.string().nullable(),
  /** Unix seconds of the connection's last sync; 0 = never or no connection. */
  last_sync: z.number(),
  devices: z.array(deviceRef),
  options: serverUserOptions,
});
export type ServerUserDetails = z.infer<typeof serverUserDetails>;

/** POST /server_users/server_user: delete (shown as Deleted) or undelete. */
export const SERVER_USER_ACTIONS = ['delete', 'undelete'] as const;
export const serverUserActionRequest = z.object({ id, action: z.enum(SERVER_USER_ACTIONS) });
export type ServerUserActionRequest = z.infer<typeof serverUserActionRequest>;

/** POST /server_users/options: "id plus all existing options, one changed" (002 §7), side by side in the body. */
export const serverUserOptionsRequest = z.object({ id, ...serverUserOptions.shape }).strict();
export type ServerUserOptionsRequest = z.infer<typeof serverUserOptionsRequest>;

/** Server answers of these calls that the spec leaves to us (shown as error toasts). */
export const SERVER_USER_MSG = {
  alreadyDeleted: 'This user has already been deleted',
  notDeleted: 'This user is not deleted',
  deletedCannotChange: 'A deleted user cannot be changed. Undelete the user first',
  optionNotPermitted: 'This option is not enabled for your account',
  optionsChangedMeanwhile: 'These options were changed meanwhile. Please reload the page and try again',
} as const;
