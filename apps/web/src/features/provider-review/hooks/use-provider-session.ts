/**
 * The signed-in review team member of the team's pages (queue, team): GET /session (a 401 goes to
 * /provider/login), and signing out. Without the session hint (lib/api-client.ts providerSessionHint:
 * never signed in here, signed out, or a 401 since) the page goes to /provider/login without asking, so
 * a signed-out visit makes no failing request.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { navigation, providerSessionHint } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { fetchProviderSession, providerKeys, providerSignOut } from '../api/provider-review';

export function useProviderSession() {
  const client = useQueryClient();
  const hinted = providerSessionHint.isSet();
  useEffect(() => {
    if (!hinted) navigation.providerLogin();
  }, [hinted]);
  const session = useQuery({ queryKey: providerKeys.session(), queryFn: fetchProviderSession, enabled: hinted });
  const signOut = async () => {
    await providerSignOut();
    client.removeQueries({ queryKey: providerKeys.all });
    window.location.assign(paths.provider.login.href());
  };
  return { session, signOut };
}
