/**
 * GET /devices/details (001 §2.2, §3, §7): one device of the account with its machine or mobile part,
 * cached for 5 minutes (DEVICE_DETAILS_CACHE_MS). Fetched quietly: the device layout says why it goes
 * back to the list.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEVICE_DETAILS_CACHE_MS, type DeviceDetails, type DeviceKind } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { devicesKeys } from './keys';

export function fetchDeviceDetails(type: DeviceKind, id: string, signal?: AbortSignal): Promise<DeviceDetails> {
  return api.get<DeviceDetails>('/devices/details', { id, type }, { signal, quiet: true });
}

export const deviceDetailsQuery = (type: DeviceKind, id: string) =>
  queryOptions({
    queryKey: devicesKeys.details(type, id),
    queryFn: ({ signal }) => fetchDeviceDetails(type, id, signal),
    staleTime: DEVICE_DETAILS_CACHE_MS,
  });

export function useDeviceDetails(type: DeviceKind, id: string, enabled = true) {
  return useQuery({ ...deviceDetailsQuery(type, id), enabled });
}
