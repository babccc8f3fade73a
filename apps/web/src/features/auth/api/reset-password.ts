/** POST /reset_password (002 §7): mails a one-time password; the same answer for unknown users. */
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

export function postResetPassword(body: ResetPasswordRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/reset_password', body, { quiet: true, noRedirect: true });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: postResetPassword });
}
