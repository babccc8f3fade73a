/** GET /users/details (000 §3.4, §7.3): one console user of the account, for the user pages. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetails } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { usersKeys } from './keys';

export function fetchUserDetails(id: number, signal?: AbortSignal): Promise<UserDetails> {
  return api.get<UserDetails>('/users/details', { id }, { signal });
}

export const userDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: usersKeys.details(id),
    queryFn: ({ signal }) => fetchUserDetails(id, signal),
    staleTime: 30_000,
  });

export function useUserDetails(id: number, enabled = true) {
  return useQuery({ ...userDetailsQuery(id), enabled });
}
