/**
 * POST /users (000 §4.4, 002 §4.1): resend the activation e-mail, reset the password, deactivate or
 * reactivate, with a note for the last two. Users and the dashboard's user counts are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { registrationInfoKey } from '../../../lib/api/registration-info';
import { usersKey } from './user-details';

export type UserActionBody = {
  id: number;
  action: 'resend_activation_email' | 'reset_password' | 'deactivate' | 'reactivate';
  notes?: string;
};

export function postUserAction(body: UserActionBody): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/users', body, { quiet: true });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUserAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey }),
        queryClient.invalidateQueries({ queryKey: registrationInfoKey }),
      ]),
  });
}
