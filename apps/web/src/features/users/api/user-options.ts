/**
 * POST /users/options (002 §4.2, §4.5, §7): a type change (type_id) or one boolean option
 * (mobile_app_access, beta_version_access, enable_mfa_login). One's own options go to POST
 * /profile/options (000 §7.2), without the id. The user's queries are refetched.
 */
import type { ProfileOptionsRequest, SuccessResponse, UserOptionsRequest } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { usersKeys } from './keys';

export function postUserOptions(body: UserOptionsRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/users/options', body, { quiet: true });
}

export function postProfileOptions(body: ProfileOptionsRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/profile/options', body, { quiet: true });
}

/** `ownId`: the signed-in user's id when the page is their own profile. */
export function userOptionsAction(ownId?: number): ActionDef<UserOptionsRequest, SuccessResponse> {
  return {
    send: (body) => {
      if (body.id !== ownId || 'type_id' in body) return postUserOptions(body);
      const { id: _id, ...own } = body;
      return postProfileOptions(own);
    },
    refresh: () => [usersKeys.all],
  };
}
