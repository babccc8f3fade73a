/** GET /devices/alerts (001 §2.2, §7): the device's open alerts (code, group, title, description). */
import { useQuery } from '@tanstack/react-query';
import type { DeviceAlertsResponse, DeviceKind } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { devicesKeys } from './keys';

export function useDeviceAlerts(type: DeviceKind, id: string) {
  return useQuery({
    queryKey: devicesKeys.alerts(type, id),
    queryFn: ({ signal }) => api.get<DeviceAlertsResponse>('/devices/alerts', { id, type }, { signal, quiet: true }),
  });
}
