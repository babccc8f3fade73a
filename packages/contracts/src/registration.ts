/**
 * GET /registration_info, GET /stats, POST /agreement, GET /news: the session's user and account, counts,
 * agreements and the news tile (000 §2.3, §3.1, §4.2, §7.1).
 */
import { z } from 'zod';
import { CONSOLE_USER_TYPES } from './constants.js';
import type { usersListQuery } from './users.js';

const agreementText = z.object({ title: z.string(), content: z.string() });

/** Pending counts of the Requests menu chips and dashboard tiles; mobile_app_*: app requests (issue 12, app_requests rows). */
export const requestCounts = z.object({
  website_requests: z.number(),
  website_requests_tech: z.number(),
  media_requests: z.number(),
  media_requests_tech: z.number(),
  mobile_app_requests: z.number(),
  mobile_app_requests_tech: z.number(),
});

/** GET /registration_info (000 §3.1). */
export const registrationInfo = requestCounts.extend({
  user_id: z.number(),
  user_full_name: z.string(),
  user_email: z.string(),
  company_name: z.string(),
  company_id: z.number(),
  /** Base URL of the classic admin console ({host}); external links are built on it. */
  classic_console_url: z.string(),
  has_confirmed_details: z.boolean(),
  user_type: z.enum(CONSOLE_USER_TYPES),
  agreement: z.object({ id: z.number(), title: z.string() }).nullable(),
  agreements: z.object({ terms_of_use: agreementText, eula: agreementText, privacy_policy: agreementText }),
  time_zones: z.array(z.object({ name: z.string(), display_name: z.string() })),
  country_codes: z.array(z.object({ id: z.number(), country_name: z.string(), digits: z.string() })),
  access_permissions: z.object({
    allow_user_creation: z.boolean(),
    allow_screen_capture_access: z.boolean(),
    manage_server_users: z.boolean(),
    allow_disable_media_requests: z.boolean(),
    allow_disable_website_requests: z.boolean(),
    allow_social_media: z.boolean(),
  }),
  critical_alert_count: z.number(),
  important_alert_count: z.number(),
  pending_users: z.number(),
  active_users: z.number(),
  deactivated_users: z.number(),
});
export type RegistrationInfo = z.infer<typeof registrationInfo>;

/**
 * The users list filters (000 §2.7) behind each dashboard user tile (000 §2.3). The server counts a
 * tile with exactly these filters and the tile links to the list with them, so the count is the
 * number of rows the link lists: pending = awaiting activation or password reset; active = active in
 * the last 30 days (the past hour included); deactivated = deactivated console users and deleted
 * server/local users.
 */
export const USER_TILE_FILTERS = {
  pending_users: ['awaiting_activation', 'password_reset'],
  active_users: ['active_last_30_days'],
  deactivated_users: ['deactivated'],
} as const satisfies Record<'pending_users' | 'active_users' | 'deactivated_users', readonly UserFilterKey[]>;
type UserFilterKey = Exclude<
  keyof typeof usersListQuery.shape,
  'page' | 'count' | 'sort_by' | 'reverse_order' | 'query'
>;

/** GET /stats: the request counts for the Requests menu chips, polled every 15 s. */
export const statsResponse = requestCounts;
export type Stats = z.infer<typeof statsResponse>;

/** GET /news: the dashboard's news tile (3 newest items). */
export const newsResponse = z.object({
  items: z.array(z.object({ id: z.number(), title: z.string(), body: z.string(), link: z.string().nullable() })),
});
export type News = z.infer<typeof newsResponse>;
