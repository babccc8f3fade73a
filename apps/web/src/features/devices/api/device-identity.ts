/**
 * Device identity (issue 25): GET /devices/replacement (a replacement awaiting a decision), POST
 * /devices/replacement (approve or refuse it), POST /devices/retire, POST /devices/mobile_user. Each
 * change refreshes the device's queries and the devices list (a retired device leaves it).
 */
import { useQuery } from '@tanstack/react-query';
import type {
  DecideReplacementRequest,
  DeviceKind,
  DeviceReplacementResponse,
  LinkMobileUserRequest,
  RetireDeviceRequest,
  SuccessResponse,
} from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { devicesKeys } from './keys';

export function useDeviceReplacement(type: DeviceKind, id: string) {
  return useQuery({
    queryKey: devicesKeys.replacement(type, id),
    queryFn: ({ signal }) =>
      api.get<DeviceReplacementResponse>('/devices/replacement', { id, type }, { signal, quiet: true }),
  });
}

export const decideReplacementAction: ActionDef<DecideReplacementRequest, SuccessResponse> = {
  send: (body) => api.post<SuccessResponse>('/devices/replacement', body, { quiet: true }),
  refresh: (body) => [devicesKeys.device(body.type, body.id), devicesKeys.lists()],
};

export const retireDeviceAction: ActionDef<RetireDeviceRequest, SuccessResponse> = {
  send: (body) => api.post<SuccessResponse>('/devices/retire', body, { quiet: true }),
  refresh: (body) => [devicesKeys.device(body.type, body.id), devicesKeys.lists()],
};

export const linkMobileUserAction: ActionDef<LinkMobileUserRequest, SuccessResponse> = {
  send: (body) => api.post<SuccessResponse>('/devices/mobile_user', body, { quiet: true }),
  refresh: (body) => [devicesKeys.device('mobile', body.id), devicesKeys.lists()],
};
