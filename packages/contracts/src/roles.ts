/**
 * Console roles and their refusal texts (000 §6, 002 §6). Server routes declare which roles may call
 * them (`config: { roles }`, enforced by apps/server/src/plugins/auth.ts); the web app reads the same
 * names to show or hide actions.
 */
import { CONSOLE_USER_TYPES, type ConsoleUserType } from './constants.js';

/** The three roles a console session can hold, told apart by every role check. */
export const ROLES = CONSOLE_USER_TYPES;
export type Role = ConsoleUserType;

/** Role sets routes declare. Reading is open to every role; acting on users, server users and the account is the Console Admin's. */
export const ANY_ROLE: readonly Role[] = ROLES;
export const CONSOLE_ADMIN: readonly Role[] = ['console_admin'];
/** The request screens (002 §6): a Request Admin approves and denies requests where a Console User may not. */
export const REQUEST_ADMINS: readonly Role[] = ['console_admin', 'requests_admin'];

/**
 * Server answers of a role refusal (403); the spec leaves their texts to us (docs/decisions/users.md "Who may act").
 */
export const ROLE_MSG = {
  consoleAdminOnly: 'Only a Console Admin can do this',
  requestAdminsOnly: 'Only a Console Admin or a Request Admin can do this',
  notPermitted: 'You do not have permission to do this',
} as const;

/** The 403 text for a caller whose role is not among `allowed`. */
export function roleRefusal(allowed: readonly Role[]): string {
  const set = new Set(allowed);
  if (set.size === 1 && set.has('console_admin')) return ROLE_MSG.consoleAdminOnly;
  if (set.size === 2 && set.has('console_admin') && set.has('requests_admin')) return ROLE_MSG.requestAdminsOnly;
  return ROLE_MSG.notPermitted;
}
