/** POST /activation (000 §7.1): sets the first password and activates the account. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivationRequest, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

export function postActivation(body: ActivationRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/activation', body, { quiet: true, noRedirect: true });
}

export function useActivationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postActivation,
    // The token is spent either way; a later visit must check it again.
    onSettled: () => queryClient.removeQueries({ queryKey: ['auth', 'check_activation_token'] }),
  });
}
