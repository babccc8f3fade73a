/** GET /stats: the six request counts for the Requests menu chips, polled while that menu is open. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { STATS_POLL_MS, type Stats } from '@wayguard/contracts';
import { api } from '../lib/api-client';

export function fetchStats(signal?: AbortSignal): Promise<Stats> {
  return api.get<Stats>('/stats', undefined, { signal, quiet: true });
}

export const statsQuery = queryOptions({
  queryKey: ['stats'],
  queryFn: ({ signal }) => fetchStats(signal),
  staleTime: 0,
});

export function useStats(polling: boolean) {
  return useQuery({ ...statsQuery, enabled: polling, refetchInterval: polling ? STATS_POLL_MS : false });
}
