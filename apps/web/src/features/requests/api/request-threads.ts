/**
 * GET /requests/details and GET /requests/devices (001 §7): a thread's asks (who asked, on which
 * device, with which note) for the accordion, and its devices for the Request Devices modal; GET
 * /requests/users and /requests/connections (issue 26): the user list and server connection list modals.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  RequestConnectionsResponse,
  RequestDetailsResponse,
  RequestDevicesResponse,
  RequestKind,
  RequestUsersResponse,
} from '@wayguard/contracts';
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

export function useRequestUsers(kind: RequestKind, id: number | null) {
  return useQuery({
    queryKey: requestsKeys.users(kind, id ?? 0),
    queryFn: ({ signal }) =>
      api.get<RequestUsersResponse>('/requests/users', { id: id ?? 0, type: kind }, { signal, quiet: true }),
    enabled: id !== null,
  });
}

export function useRequestConnections(kind: RequestKind, id: number | null) {
  return useQuery({
    queryKey: requestsKeys.connections(kind, id ?? 0),
    queryFn: ({ signal }) =>
      api.get<RequestConnectionsResponse>(
        '/requests/connections',
        { id: id ?? 0, type: kind },
        { signal, quiet: true },
      ),
    enabled: id !== null,
  });
}
