/**
 * POST /users/details (000 §7.3): save a user's profile. The user's queries are refetched, and the
 * shared registration info too when the profile is one's own (name and e-mail in the header).
 */
import type { SuccessResponse, UserDetailsRequest } from '@wayguard/contracts';
import { registrationInfoKey } from '../../../api/registration-info';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { usersKeys } from './keys';

export type SaveUserDetails = UserDetailsRequest & { id: number };

export function postUserDetails(body: SaveUserDetails): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/users/details', body, { quiet: true });
}

export function saveUserDetailsAction(ownId: number): ActionDef<SaveUserDetails, SuccessResponse> {
  return {
    send: postUserDetails,
    refresh: (body, outcome) => (outcome.ok ? [usersKeys.all, body.id === ownId && registrationInfoKey] : []),
  };
}
