/**
 * POST /users/options (002 §4.2, §4.5, §7): a type change (type_id) or one boolean option
 * (mobile_app_access, beta_version_access, enable_mfa_login). The user's queries are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse, UserOptionsRequest } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { usersKey } from './user-details';

export function postUserOptions(body: UserOptionsRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/users/options', body, { quiet: true });
}

export function useUserOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUserOptions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
