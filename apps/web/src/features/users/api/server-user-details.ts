/** GET /server_users/details (000 §7.3, 002 §7): one server or local user of the account. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerUserDetails } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { serverUsersKeys } from './keys';

export function fetchServerUserDetails(id: number, signal?: AbortSignal): Promise<ServerUserDetails> {
  return api.get<ServerUserDetails>('/server_users/details', { id }, { signal });
}

// No stale time: the options call sends every option, so the page should start from the stored ones.
export const serverUserDetailsQuery = (id: number) =>
  queryOptions({ queryKey: serverUsersKeys.details(id), queryFn: ({ signal }) => fetchServerUserDetails(id, signal) });

export function useServerUserDetails(id: number | null) {
  return useQuery({ ...serverUserDetailsQuery(id ?? 0), enabled: id !== null });
}
