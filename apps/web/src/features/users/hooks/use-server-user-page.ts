/** What the server user layout hands to its pages through the outlet. */
import type { RegistrationInfo, ServerUserDetails } from '@wayguard/contracts';
import { useOutletContext } from 'react-router';

export type ServerUserPageContext = {
  user: ServerUserDetails;
  info: RegistrationInfo;
  /** Only a Console Admin may change server users; everyone else gets a read-only view. */
  canManage: boolean;
};

export function useServerUserPage(): ServerUserPageContext {
  return useOutletContext<ServerUserPageContext>();
}
