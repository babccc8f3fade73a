/**
 * GET /registration_info (000 §3.1): who is signed in, gating state, agreements, lookups and the
 * dashboard counts. Fetched once after login and shared; refetched after agreement/profile changes.
 */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { RegistrationInfo } from '@wayguard/contracts';
import { api } from '../lib/api-client';

export const registrationInfoKey = ['registration_info'] as const;

export function fetchRegistrationInfo(signal?: AbortSignal): Promise<RegistrationInfo> {
  return api.get<RegistrationInfo>('/registration_info', undefined, { signal });
}

export const registrationInfoQuery = queryOptions({
  queryKey: registrationInfoKey,
  queryFn: ({ signal }) => fetchRegistrationInfo(signal),
  staleTime: Infinity,
});

/** The signed-in session's registration info; suspends until it is loaded (the shell shows a loader). */
export function useRegistrationInfo(options?: { refetchOnMount?: boolean }): RegistrationInfo {
  const { data } = useSuspenseQuery({
    ...registrationInfoQuery,
    // 'always' overrides staleTime: Infinity; skip it when the data is only seconds old (first load).
    refetchOnMount: options?.refetchOnMount
      ? (query) => (Date.now() - query.state.dataUpdatedAt > 5_000 ? 'always' : false)
      : undefined,
  });
  return data;
}
