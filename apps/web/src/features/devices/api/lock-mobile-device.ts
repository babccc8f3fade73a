/**
 * PUT /devices/lock_mobile_device (001 §2.3, §7): send a mobile device the lock-screen command; the
 * answer says whether the device was online (an offline one gets it at its next check-in). Its
 * commands and timeline are then refreshed (the command shows as Sent).
 */
import type { LockMobileResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { devicesKeys } from './keys';

export function putLockMobileDevice(body: { id: string }): Promise<LockMobileResponse> {
  return api.put<LockMobileResponse>('/devices/lock_mobile_device', body, { quiet: true });
}

export const lockMobileDeviceAction: ActionDef<{ id: string }, LockMobileResponse> = {
  send: putLockMobileDevice,
  refresh: (body) => [devicesKeys.device('mobile', body.id)],
};
