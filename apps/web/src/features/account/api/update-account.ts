/** POST /account: the address lines and telephone (000 §7.2); then the account is refetched. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse, UpdateAccountRequest } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { assertSaved } from '../lib/save-error';
import { accountKey } from './account';

export async function postAccount(body: UpdateAccountRequest): Promise<void> {
  // quiet: the page shows the server's own error text (lib/save-error)
  assertSaved(await api.post<SuccessResponse>('/account', body, { quiet: true }));
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}
