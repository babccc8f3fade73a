/**
 * POST /server_users/options (002 §7): every option of the user with one changed. The switch moves at
 * once (optimistic) and moves back if the server refuses; the details are fetched again either way.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  type ServerUserDetails,
  type ServerUserOptionKey,
  type ServerUserOptions,
  type ServerUserOptionsRequest,
  type SuccessResponse,
} from '@wayguard/contracts';
import { showActionError } from '../../../lib/action-error';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { requireSuccess } from '../lib/require-success';
import { serverUserDetailsKey } from './server-user-details';

export async function postServerUserOptions(body: ServerUserOptionsRequest): Promise<SuccessResponse> {
  return requireSuccess(await api.post<SuccessResponse>('/server_users/options', body, { quiet: true }));
}

type Change = { options: ServerUserOptions; key: ServerUserOptionKey; value: boolean };

export function useSetServerUserOption(id: number) {
  const queryClient = useQueryClient();
  const key = serverUserDetailsKey(id);
  return useMutation({
    mutationFn: ({ options, key: option, value }: Change) =>
      postServerUserOptions({ id, options: { ...options, [option]: value } }),
    onMutate: async ({ options, key: option, value }: Change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ServerUserDetails>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, options: { ...options, [option]: value } });
      return { previous };
    },
    onSuccess: () => toast.success(MSG.lastActionSuccess),
    onError: (error, _change, result) => {
      if (result?.previous) queryClient.setQueryData(key, result.previous);
      showActionError(error);
    },
    // Not awaited: the next change may start as soon as the server has answered (its onMutate cancels
    // this refetch and works from the cache, which already holds the stored options).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
