/**
 * Who may act on requests (002 §6; contracts' REQUEST_ADMINS): a Console Admin or a Request Admin. A
 * Console User sees the lists without action buttons: the server would refuse them with 403, which
 * sends the user home.
 */
import { REQUEST_ADMINS, type RegistrationInfo } from '@wayguard/contracts';

export function canActOnRequests(viewer: Pick<RegistrationInfo, 'user_type'>): boolean {
  return REQUEST_ADMINS.includes(viewer.user_type);
}
