/** GET /news: the dashboard's news tile (the newest items). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { News } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

export function fetchNews(signal?: AbortSignal): Promise<News> {
  return api.get<News>('/news', undefined, { signal, quiet: true });
}

export const newsQuery = queryOptions({
  queryKey: ['news'],
  queryFn: ({ signal }) => fetchNews(signal),
  staleTime: 5 * 60_000,
});

export function useNews() {
  return useQuery(newsQuery);
}
