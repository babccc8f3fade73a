/**
 * The requests resource's query keys. Every key starts with ['requests'], so an action refreshes the
 * lists, a thread's details and devices alike by invalidating the prefix.
 */
import type { ImpactRequest, RequestKind } from '@wayguard/contracts';

export const requestsKeys = {
  all: ['requests'] as const,
  lists: () => [...requestsKeys.all, 'list'] as const,
  details: (kind: RequestKind, id: number) => [...requestsKeys.all, 'details', kind, id] as const,
  devices: (kind: RequestKind, id: number) => [...requestsKeys.all, 'devices', kind, id] as const,
  users: (kind: RequestKind, id: number) => [...requestsKeys.all, 'users', kind, id] as const,
  connections: (kind: RequestKind, id: number) => [...requestsKeys.all, 'connections', kind, id] as const,
  blockLookups: () => [...requestsKeys.all, 'block-lookups'] as const,
  websiteGroups: () => [...requestsKeys.all, 'website-groups'] as const,
  impact: (body: ImpactRequest | null) => [...requestsKeys.all, 'impact', body] as const,
  appLists: () => [...requestsKeys.all, 'app-list'] as const,
  appDevices: (id: number) => [...requestsKeys.all, 'app-devices', id] as const,
};
