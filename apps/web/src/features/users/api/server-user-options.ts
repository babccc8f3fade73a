/**
 * POST /server_users/options (002 §7): the id and every option of the user, one changed. The switch moves at
 * once (optimistic) and moves back if the server refuses; the details are fetched again either way.
 */
import type {
  ServerUserDetails,
  ServerUserOptionKey,
  ServerUserOptions,
  ServerUserOptionsRequest,
  SuccessResponse,
} from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionOptions } from '../../../lib/use-action';
import { serverUsersKeys } from './keys';

export function postServerUserOptions(body: ServerUserOptionsRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/server_users/options', body, { quiet: true });
}

export type ServerUserOptionChange = { options: ServerUserOptions; key: ServerUserOptionKey; value: boolean };

export function serverUserOptionAction(id: number): ActionOptions<ServerUserOptionChange, SuccessResponse> {
  const withChange = ({ options, key, value }: ServerUserOptionChange) => ({ ...options, [key]: value });
  return {
    send: (change) => postServerUserOptions({ id, ...withChange(change) }),
    refresh: () => [serverUsersKeys.details(id)],
    optimistic: {
      key: () => serverUsersKeys.details(id),
      update: (current, change) => ({ ...(current as ServerUserDetails), options: withChange(change) }),
    },
  };
}
