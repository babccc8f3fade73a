/**
 * Ends the browser's side of a session (logout, declined terms): the marker goes, the user lands on
 * /login and every cached query of the old session is dropped once the shell has unmounted.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { sessionMarker } from './session-marker';
import { paths } from './paths';

export function useEndSession(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    sessionMarker.clear();
    await navigate(paths.login.href(), { replace: true });
    queryClient.clear();
  }, [navigate, queryClient]);
}
