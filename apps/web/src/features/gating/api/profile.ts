/** GET /profile: the signed-in user's own details, to prefill Confirm User Details (000 §7.2). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

export const profileKey = ['profile'] as const;

export function fetchProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return api.get<ProfileResponse>('/profile', undefined, { signal });
}

export const profileQuery = queryOptions({ queryKey: profileKey, queryFn: ({ signal }) => fetchProfile(signal) });

export function useProfile() {
  return useQuery(profileQuery);
}
