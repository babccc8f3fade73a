/**
 * GET /node/web_access/websites/media_info (002 §2.5, §3 'Media info'): a media row's details,
 * prefetched when the row is hovered and kept 5 minutes (002 §9).
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MEDIA_INFO_STALE_MS } from '../lib/media-info';
import type { MediaInfoResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { webAccessKeys } from './keys';

function mediaInfoOptions(websiteId: number) {
  return {
    queryKey: webAccessKeys.mediaInfo(websiteId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<MediaInfoResponse>('/node/web_access/websites/media_info', { website_id: websiteId }, { signal }),
    staleTime: MEDIA_INFO_STALE_MS,
  };
}

export function useMediaInfo(websiteId: number) {
  return useQuery(mediaInfoOptions(websiteId));
}

export function prefetchMediaInfo(client: QueryClient, websiteId: number) {
  void client.prefetchQuery(mediaInfoOptions(websiteId));
}

/** A row's hover (and focus) handler that prefetches its media info. */
export function usePrefetchMediaInfo() {
  const client = useQueryClient();
  return (websiteId: number) => prefetchMediaInfo(client, websiteId);
}
