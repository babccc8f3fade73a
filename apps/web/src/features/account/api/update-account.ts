/** POST /account: the address lines and telephone (000 §7.2); then the account is refetched. */
import type { SuccessResponse, UpdateAccountRequest } from '@wayguard/contracts';
import { accountKey } from '../../../api/account';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export function postAccount(body: UpdateAccountRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/account', body, { quiet: true });
}

export const updateAccountAction: ActionDef<UpdateAccountRequest, SuccessResponse> = {
  send: postAccount,
  refresh: (_, outcome) => (outcome.ok ? [accountKey] : []),
};
