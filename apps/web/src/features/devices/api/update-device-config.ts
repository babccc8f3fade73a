/**
 * POST /devices/config (001 §4, §7): a changed boolean setting, sent with the device's other boolean
 * settings (a boolean change resends the others). The switch moves at once (optimistic) and moves back
 * when the server refuses; the device's queries (config, timeline) are then refreshed.
 */
import type { BoolSettingItem, DeviceConfig, SuccessResponse, UpdateDeviceConfigRequest } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionOptions } from '../../../lib/use-action';
import { withBoolSettings } from '../lib/settings-cards';
import { devicesKeys } from './keys';

export type UpdateBoolSettings = Omit<UpdateDeviceConfigRequest, 'bool_settings' | 'string_settings'> & {
  bool_settings: BoolSettingItem[];
};

export function postDeviceConfig(body: UpdateBoolSettings): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/devices/config', body, { quiet: true });
}

export const updateDeviceConfigAction: Pick<
  ActionOptions<UpdateBoolSettings, SuccessResponse>,
  'send' | 'refresh' | 'optimistic'
> = {
  send: postDeviceConfig,
  refresh: (body) => [devicesKeys.device(body.type, body.id)],
  optimistic: {
    key: (body) => devicesKeys.config(body.type, body.id),
    update: (current, body) => withBoolSettings(current as DeviceConfig, body.bool_settings),
  },
};
