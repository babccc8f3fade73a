/**
 * POST /users/details (000 §7.3): save a user's profile. The user's queries are refetched, and the
 * shared registration info too when the profile is one's own (name and e-mail in the header).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse, UserDetailsRequest } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { registrationInfoKey } from '../../../lib/api/registration-info';
import { usersKey } from './user-details';

export type SaveUserDetails = UserDetailsRequest & { id: number };

export function postUserDetails(body: SaveUserDetails): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/users/details', body, { quiet: true });
}

export function useSaveUserDetails(ownId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUserDetails,
    onSuccess: async (res, body) => {
      if (!res.success) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        body.id === ownId ? queryClient.invalidateQueries({ queryKey: registrationInfoKey }) : undefined,
      ]);
    },
  });
}
