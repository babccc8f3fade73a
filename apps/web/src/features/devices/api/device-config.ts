/** GET /devices/config (001 §3, §7): the device's boolean and string settings, and is_unlocked. */
import { useQuery } from '@tanstack/react-query';
import type { DeviceConfig, DeviceKind } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { devicesKeys } from './keys';

export function useDeviceConfig(type: DeviceKind, id: string) {
  return useQuery({
    queryKey: devicesKeys.config(type, id),
    queryFn: ({ signal }) => api.get<DeviceConfig>('/devices/config', { id, type }, { signal, quiet: true }),
  });
}
