/** POST /profile/2fa/setup (000 §7.2): the QR code and setup key of a pending two-factor secret. */
import type { TwoFactorSetupResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export function postTwoFactorSetup(refresh: boolean): Promise<TwoFactorSetupResponse> {
  return api.post<TwoFactorSetupResponse>('/profile/2fa/setup', { refresh_2fa_code: refresh }, { quiet: true });
}

export const twoFactorSetupAction: ActionDef<boolean, TwoFactorSetupResponse> = { send: postTwoFactorSetup };
