/**
 * Who may switch apps on the apps pages (002 §4.4, §6): a Console Admin or a Request Admin (the roles
 * that approve apps); a Console User sees the pages with the switches disabled.
 */
import { REQUEST_ADMINS, type RegistrationInfo } from '@wayguard/contracts';

export function canAssignApps(viewer: Pick<RegistrationInfo, 'user_type'>): boolean {
  return REQUEST_ADMINS.includes(viewer.user_type);
}
