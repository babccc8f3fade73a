/** POST /logout: ends the server session, then the browser's (marker cleared, back to /login). */
import { useMutation } from '@tanstack/react-query';
import type { SuccessResponse } from '@wayguard/contracts';
import { api } from '../lib/api-client';
import { useEndSession } from '../lib/end-session';

export function postLogout(): Promise<SuccessResponse> {
  // quiet + noRedirect: whatever the server says, the user ends up signed out on /login.
  return api.post<SuccessResponse>('/logout', {}, { quiet: true, noRedirect: true });
}

export function useLogout() {
  const endSession = useEndSession();
  return useMutation({ mutationFn: postLogout, onSettled: () => endSession() });
}
