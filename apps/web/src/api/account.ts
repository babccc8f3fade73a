/**
 * GET /account (000 §3.6): the account page's data. The key ['account'] is shared with the dashboard's
 * logo tile (the same call), so the account mutations refresh both.
 */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { AccountResponse } from '@wayguard/contracts';
import { api } from '../lib/api-client';

export const accountKey = ['account'] as const;

export function fetchAccount(signal?: AbortSignal): Promise<AccountResponse> {
  return api.get<AccountResponse>('/account', undefined, { signal });
}

export const accountQuery = queryOptions({
  queryKey: accountKey,
  queryFn: ({ signal }) => fetchAccount(signal),
  // Counts change with devices and users elsewhere: read afresh whenever the page opens.
  staleTime: 0,
});

/** The signed-in user's account; suspends until it is loaded (the shell shows a loader). */
export function useAccount(): AccountResponse {
  return useSuspenseQuery(accountQuery).data;
}
