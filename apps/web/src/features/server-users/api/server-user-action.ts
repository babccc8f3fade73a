/**
 * POST /server_users/server_user (000 §7.3, 002 §7): delete (shown as Deleted) or undelete. Refreshes the
 * user's details and any users list (server users are rows of it). The toasts are the mutation's own:
 * the button that started it is gone once the refreshed user has the other status.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type ServerUserActionRequest, type SuccessResponse } from '@wayguard/contracts';
import { showActionError } from '../../../lib/action-error';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { requireSuccess } from '../lib/require-success';
import { serverUserDetailsKey } from './server-user-details';

export async function postServerUserAction(body: ServerUserActionRequest): Promise<SuccessResponse> {
  return requireSuccess(await api.post<SuccessResponse>('/server_users/server_user', body, { quiet: true }));
}

export function useServerUserAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ServerUserActionRequest['action']) => postServerUserAction({ id, action }),
    onSuccess: (_res, action) => toast.success(action === 'delete' ? MSG.serverUserDeleted : MSG.serverUserUndeleted),
    onError: showActionError,
    // Also after a failure: 'already deleted' means this copy is stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serverUserDetailsKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
}
