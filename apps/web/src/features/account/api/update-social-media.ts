/** POST /account/social_media: the handles in the order facebook, twitter, youtube (000 §7.2). */
import type { SocialMediaRequest, SuccessResponse } from '@wayguard/contracts';
import { accountKey } from '../../../api/account';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export function postSocialMedia(body: SocialMediaRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/account/social_media', body, { quiet: true });
}

export const updateSocialMediaAction: ActionDef<SocialMediaRequest, SuccessResponse> = {
  send: postSocialMedia,
  refresh: (_, outcome) => (outcome.ok ? [accountKey] : []),
};
