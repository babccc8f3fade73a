/** What the user layout hands its pages: the loaded user, the signed-in user's info and what they may do. */
import { useOutletContext } from 'react-router';
import type { RegistrationInfo, UserDetails } from '@wayguard/contracts';
import type { UserPermissions } from '../lib/permissions';

export type UserPageContext = { user: UserDetails; viewer: RegistrationInfo; can: UserPermissions };

export function useUserPage(): UserPageContext {
  return useOutletContext<UserPageContext>();
}
