/** POST /account/social_media: the handles in the order facebook, twitter, youtube (000 §7.2). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SocialMediaRequest, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { assertSaved } from '../lib/save-error';
import { accountKey } from './account';

export async function postSocialMedia(body: SocialMediaRequest): Promise<void> {
  assertSaved(await api.post<SuccessResponse>('/account/social_media', body, { quiet: true }));
}

export function useUpdateSocialMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSocialMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });
}
