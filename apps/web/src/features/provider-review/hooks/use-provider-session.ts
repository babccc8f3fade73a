/**
 * The signed-in review team member of the team's pages (queue, team): GET /session (a 401 goes to
 * /provider/login), and signing out.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../lib/paths';
import { fetchProviderSession, providerKeys, providerSignOut } from '../api/provider-review';

export function useProviderSession() {
  const client = useQueryClient();
  const session = useQuery({ queryKey: providerKeys.session(), queryFn: fetchProviderSession });
  const signOut = async () => {
    await providerSignOut();
    client.removeQueries({ queryKey: providerKeys.all });
    window.location.assign(paths.provider.login.href());
  };
  return { session, signOut };
}
