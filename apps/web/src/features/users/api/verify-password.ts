/** POST /verify_password (000 §4.4, §7.1): the signed-in user re-enters their password before changing their e-mail. */
import type { SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export function postVerifyPassword(password: string): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/verify_password', { password }, { quiet: true });
}

export const verifyPasswordAction: ActionDef<string, SuccessResponse> = { send: postVerifyPassword };
