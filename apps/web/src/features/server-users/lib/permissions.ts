/**
 * What the signed-in user may do on the server user pages. Only a Console Admin may change server users
 * (the server answers 403 otherwise, and a 403 sends the user home), so other roles get a read-only view.
 * Each option shows only with its account permission (002 §2.10, SERVER_USER_OPTION_PERMISSION).
 */
import {
  SERVER_USER_OPTION_KEYS,
  SERVER_USER_OPTION_PERMISSION,
  type RegistrationInfo,
  type ServerUserOptionKey,
} from '@wayguard/contracts';

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
