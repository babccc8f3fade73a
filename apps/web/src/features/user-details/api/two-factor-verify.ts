/** POST /profile/2fa/verify (000 §7.2, 002 §4.5): a code from the app turns two-factor sign-in on. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorVerifyResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { usersKey } from './user-details';

export function postTwoFactorVerify(pin: string): Promise<TwoFactorVerifyResponse> {
  return api.post<TwoFactorVerifyResponse>('/profile/2fa/verify', { pin }, { quiet: true });
}

export function useTwoFactorVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTwoFactorVerify,
    onSuccess: async (res) => {
      if (res.success) await queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}
