/** POST /login (000 §7.1): one stateless call that carries every sign-in step. */
import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  // Errors are shown inline by the login page, never by the catalogue's toast or redirects.
  return api.post<LoginResponse>('/login', body, { quiet: true, noRedirect: true });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: postLogin });
}
