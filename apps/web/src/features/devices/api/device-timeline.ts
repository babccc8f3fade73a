/**
 * GET /devices/timeline (ours, docs/decisions/devices.md "Timeline card"): what happened to the device, newest first, a
 * page at a time; `before` (the answer's next_before) loads the next, older page.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { DeviceKind, DeviceTimelineResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { devicesKeys } from './keys';

export function useDeviceTimeline(type: DeviceKind, id: string) {
  return useInfiniteQuery({
    queryKey: devicesKeys.timeline(type, id),
    queryFn: ({ signal, pageParam }) =>
      api.get<DeviceTimelineResponse>(
        '/devices/timeline',
        { id, type, before: pageParam ?? undefined },
        { signal, quiet: true },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
}
