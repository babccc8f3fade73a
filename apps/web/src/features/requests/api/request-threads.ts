/**
 * GET /requests/details and GET /requests/devices (001 §7): a thread's asks (who asked, on which
 * device, with which note) for the accordion, and its devices for the Request Devices modal.
 */
import { useQuery } from '@tanstack/react-query';
import type { RequestDetailsResponse, RequestDevicesResponse, RequestKind } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { requestsKeys } from './keys';

export function useRequestDetails(kind: RequestKind, id: number, status: 'admin' | 'tech' | 'all') {
  return useQuery({
    queryKey: requestsKeys.details(kind, id),
    queryFn: ({ signal }) =>
      api.get<RequestDetailsResponse>('/requests/details', { id, type: kind, status }, { signal, quiet: true }),
  });
}

export function useRequestDevices(kind: RequestKind, id: number | null) {
  return useQuery({
    queryKey: requestsKeys.devices(kind, id ?? 0),
    queryFn: ({ signal }) =>
      api.get<RequestDevicesResponse>('/requests/devices', { id: id ?? 0, type: kind }, { signal, quiet: true }),
    enabled: id !== null,
  });
}
