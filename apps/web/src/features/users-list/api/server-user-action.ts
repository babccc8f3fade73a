/** POST /server_users/server_user (000 §4.4, §7.3): the list's Undelete of a deleted server user. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type ServerUserActionRequest, type SuccessResponse } from '@wayguard/contracts';
import { api, ApiError } from '../../../lib/api-client';

export async function postServerUserAction(body: ServerUserActionRequest): Promise<SuccessResponse> {
  const res = await api.post<SuccessResponse>('/server_users/server_user', body, { quiet: true });
  if (!res.success) throw new ApiError(200, res.error || MSG.somethingWrong, res);
  return res;
}

export function useServerUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postServerUserAction,
    // Lists and the server user's own page (its key starts with 'server_users' or 'users').
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['server_users'] }),
      ]),
  });
}
