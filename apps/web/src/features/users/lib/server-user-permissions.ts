/**
 * What the signed-in user may do on the server user pages. Only a Console Admin may change server users
 * (the server answers 403 otherwise, and a 403 sends the user home), so other roles get a read-only view.
 * Each option shows only with its account permission (002 §2.10, SERVER_USER_OPTION_PERMISSION).
 */
import {
  SERVER_USER_OPTION_KEYS,
  SERVER_USER_OPTION_PERMISSION,
  type RegistrationInfo,
  type ServerUserDetails,
  type ServerUserOptionKey,
} from '@wayguard/contracts';
import type { ServerUserPage } from '../../../lib/paths';

export const canManageServerUsers = (info: RegistrationInfo) => info.user_type === 'console_admin';

const WEB_ACCESS_KEYS: readonly ServerUserOptionKey[] = ['disable_media_requests', 'disable_website_requests'];

/** The options each settings section shows, in the contracts' order; an empty list hides the section. */
export function visibleOptions(permissions: RegistrationInfo['access_permissions']) {
  const allowed = SERVER_USER_OPTION_KEYS.filter((k) => permissions[SERVER_USER_OPTION_PERMISSION[k]]);
  return {
    webAccess: allowed.filter((k) => WEB_ACCESS_KEYS.includes(k)),
    socialMedia: allowed.filter((k) => !WEB_ACCESS_KEYS.includes(k)),
  };
}

/**
 * The pages below Information whose screens exist. Screen Captures comes with the screen-capture
 * work; until then its entry stays out of the menu (issue 3: "show them only when they exist"),
 * though menuPages already knows its rules.
 */
export const BUILT_PAGES: readonly ServerUserPage[] = ['settings', 'websites', 'categories', 'media'];

/**
 * The left menu's pages below Information: Settings and Web Access (Websites, Categories, Media) unless
 * the user is deleted (000 §6); Screen Captures for a user who is not deleted, with both
 * allow_screen_capture_access and manage_server_users (002 §6); only those in `built`.
 */
export function menuPages(
  user: Pick<ServerUserDetails, 'status'>,
  permissions: Pick<RegistrationInfo['access_permissions'], 'allow_screen_capture_access' | 'manage_server_users'>,
  built: readonly ServerUserPage[] = BUILT_PAGES,
): ServerUserPage[] {
  if (user.status === 'deactivated') return [];
  const captures = permissions.allow_screen_capture_access && permissions.manage_server_users;
  const pages: ServerUserPage[] = [
    'settings',
    'websites',
    'categories',
    'media',
    ...(captures ? (['screen-captures'] as const) : []),
  ];
  return pages.filter((page) => built.includes(page));
}

/** The pages that open only when the menu would offer them (issue 26; 002 §4.10 for Screen Captures). */
const GUARDED_PAGES: readonly ServerUserPage[] = ['websites', 'categories', 'media', 'screen-captures'];

/**
 * Whether the page at the address may open (issue 26): a deleted user's web-access and Screen Captures
 * pages do not (000 §6), nor Screen Captures without allow_screen_capture_access and manage_server_users
 * (002 §4.10, §6); the layout sends the visitor to the root. Settings keeps its own rule (the user's page).
 */
export function pageOpens(
  page: string | undefined,
  user: Pick<ServerUserDetails, 'status'>,
  permissions: Pick<RegistrationInfo['access_permissions'], 'allow_screen_capture_access' | 'manage_server_users'>,
): boolean {
  const guarded = GUARDED_PAGES.find((p) => p === page);
  return guarded === undefined || menuPages(user, permissions, GUARDED_PAGES).includes(guarded);
}
