/**
 * POST /users (000 §4.4, §7.3): the row menu's status actions (resend activation e-mail, reset password,
 * deactivate, reactivate with a note). Every users query and the dashboard's user counts are refetched,
 * after a failure too (a refusal such as 'already deactivated' means the row on screen is stale).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type SuccessResponse, type USER_ACTIONS } from '@wayguard/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { registrationInfoKey } from '../../../lib/api/registration-info';

export type UserActionBody = { id: number; action: (typeof USER_ACTIONS)[number]; notes?: string };

export async function postUserAction(body: UserActionBody): Promise<SuccessResponse> {
  const res = await api.post<SuccessResponse>('/users', body, { quiet: true });
  if (!res.success) throw new ApiError(200, res.error || MSG.somethingWrong, res);
  return res;
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUserAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: registrationInfoKey }),
      ]),
  });
}
