/**
 * POST /devices/reset_mobile_password (001 §2.3, §5, §7): set a mobile device's password, optionally
 * e-mailing the administrator a note of the change (never the password). A `success: false` answer
 * carries error_message, which the dialog shows inline (001 §8). The device's commands and timeline
 * are then refreshed.
 */
import type { ResetMobilePasswordResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { devicesKeys } from './keys';

export type ResetMobilePassword = { id: string; password: string; send_email: boolean };
export type { ResetMobilePasswordResponse };

export function postResetMobilePassword(body: ResetMobilePassword): Promise<ResetMobilePasswordResponse> {
  return api.post<ResetMobilePasswordResponse>('/devices/reset_mobile_password', body, { quiet: true });
}

export const resetMobilePasswordAction: ActionDef<ResetMobilePassword, ResetMobilePasswordResponse> = {
  send: postResetMobilePassword,
  refresh: (body) => [devicesKeys.device('mobile', body.id)],
};
