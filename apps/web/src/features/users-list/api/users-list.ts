/** GET /users (000 §2.7, §7.3): a page of console, server and local users with the list's parameters. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersListResponse } from '@wayguard/contracts';
import type { ListApiParams } from '../../../components/list';
import { api } from '../../../lib/api-client';

/** Every users query starts with ['users'], so a change to a user refreshes lists and pages alike. */
export const usersListKey = ['users', 'list'] as const;

export function fetchUsers(params: ListApiParams, signal?: AbortSignal): Promise<UsersListResponse> {
  return api.get<UsersListResponse>('/users', params, { signal });
}

export const usersListQuery = (params: ListApiParams) =>
  queryOptions({
    queryKey: [...usersListKey, params],
    queryFn: ({ signal }) => fetchUsers(params, signal),
    // The page on screen stays (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useUsersList(params: ListApiParams) {
  return useQuery(usersListQuery(params));
}
