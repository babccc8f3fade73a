/** POST /profile: save the signed-in user's details; the shared registration info is refetched. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse, UserDetailsRequest } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { registrationInfoKey } from '../../../lib/api/registration-info';
import { profileKey } from './profile';

export function postProfile(body: UserDetailsRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/profile', body);
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postProfile,
    onSuccess: async (res) => {
      if (!res.success) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey }),
        queryClient.invalidateQueries({ queryKey: registrationInfoKey }),
      ]);
    },
  });
}
