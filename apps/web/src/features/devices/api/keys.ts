/**
 * The devices resource's query keys, one factory for every query of it. Every key starts with
 * ['devices'], so a change to a device refreshes the list and its pages alike by invalidating a prefix;
 * one device's queries share ['devices', 'device', type, id].
 */
import type { DeviceKind } from '@wayguard/contracts';
import type { ListApiParams } from '../../../components/list';

export const devicesKeys = {
  all: ['devices'] as const,
  lists: () => [...devicesKeys.all, 'list'] as const,
  list: (params: ListApiParams) => [...devicesKeys.lists(), params] as const,
  device: (type: DeviceKind, id: string) => [...devicesKeys.all, 'device', type, id] as const,
  details: (type: DeviceKind, id: string) => [...devicesKeys.device(type, id), 'details'] as const,
  alerts: (type: DeviceKind, id: string) => [...devicesKeys.device(type, id), 'alerts'] as const,
  config: (type: DeviceKind, id: string) => [...devicesKeys.device(type, id), 'config'] as const,
  commands: (type: DeviceKind, id: string) => [...devicesKeys.device(type, id), 'commands'] as const,
  timeline: (type: DeviceKind, id: string) => [...devicesKeys.device(type, id), 'timeline'] as const,
  replacement: (type: DeviceKind, id: string) => [...devicesKeys.device(type, id), 'replacement'] as const,
};
