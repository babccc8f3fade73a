/** POST /change_password (000 §7.1, 002 §5): the signed-in user's new password. */
import type { SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export function postChangePassword(password: string): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/change_password', { password }, { quiet: true });
}

export const changePasswordAction: ActionDef<string, SuccessResponse> = { send: postChangePassword };
