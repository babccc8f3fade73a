/**
 * GET /app_requests/app (001 §7, 002 §7): an app's details, shared by the app request lists and the
 * apps pages of users and devices. Prefetched when a row is hovered or focused and kept 5 minutes
 * (001 §9, 002 §9: APP_DETAIL_CACHE_MS); the approval dialog and the warning modal read the same entry.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_DETAIL_CACHE_MS, type AppDetail } from '@wayguard/contracts';
import { api } from '../lib/api-client';

export const appDetailKey = (packageName: string) => ['app-detail', packageName] as const;

export function appDetailOptions(packageName: string) {
  return {
    queryKey: appDetailKey(packageName),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<AppDetail>('/app_requests/app', { package_name: packageName }, { signal, quiet: true }),
    staleTime: APP_DETAIL_CACHE_MS,
    gcTime: APP_DETAIL_CACHE_MS,
  };
}

export function useAppDetail(packageName: string, enabled = true) {
  return useQuery({ ...appDetailOptions(packageName), enabled: enabled && packageName !== '' });
}

/** A row's hover (and focus) handler that prefetches its app's details. */
export function usePrefetchAppDetail() {
  const client = useQueryClient();
  return (packageName: string) => void client.prefetchQuery(appDetailOptions(packageName));
}
