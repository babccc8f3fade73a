/**
 * POST /devices/details (001 §2.2, §7): rename a device. The device's queries (details, timeline) and
 * the devices list are then refreshed.
 */
import type { RenameDeviceRequest, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { devicesKeys } from './keys';

export function postRenameDevice(body: RenameDeviceRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/devices/details', body, { quiet: true });
}

export const renameDeviceAction: ActionDef<RenameDeviceRequest, SuccessResponse> = {
  send: postRenameDevice,
  refresh: (body) => [devicesKeys.device(body.type, body.id), devicesKeys.lists()],
};
