/** POST /reset_password (002 §7): mails a one-time password; the same answer for unknown users. */
import type { ResetPasswordRequest, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export function postResetPassword(body: ResetPasswordRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/reset_password', body, { quiet: true, noRedirect: true });
}

export const resetPasswordAction: ActionDef<ResetPasswordRequest, SuccessResponse> = { send: postResetPassword };
