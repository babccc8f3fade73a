/** POST /profile: save the signed-in user's details; the shared registration info is refetched. */
import type { SuccessResponse, UserDetailsRequest } from '@wayguard/contracts';
import { registrationInfoKey } from '../../../api/registration-info';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { profileKey } from './profile';

export function postProfile(body: UserDetailsRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/profile', body, { quiet: true });
}

export const saveProfileAction: ActionDef<UserDetailsRequest, SuccessResponse> = {
  send: postProfile,
  refresh: (_, outcome) => (outcome.ok ? [profileKey, registrationInfoKey] : []),
};
