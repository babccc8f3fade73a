/** POST /profile/2fa/verify (000 §7.2, 002 §4.5): a code from the app turns two-factor sign-in on. */
import type { TwoFactorVerifyResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { usersKeys } from './keys';

export function postTwoFactorVerify(pin: string): Promise<TwoFactorVerifyResponse> {
  return api.post<TwoFactorVerifyResponse>('/profile/2fa/verify', { pin }, { quiet: true });
}

export const twoFactorVerifyAction: ActionDef<string, TwoFactorVerifyResponse> = {
  send: postTwoFactorVerify,
  refresh: (_, outcome) => (outcome.ok ? [usersKeys.all] : []),
};
