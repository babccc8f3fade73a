/**
 * POST /users (000 §4.4, §7.3, 002 §4.1): resend the activation e-mail, reset the password, deactivate
 * or reactivate (the last two with a note). Every users query and the dashboard's user counts are
 * refetched, after a failure too (a refusal such as 'already deactivated' means the copy is stale).
 */
import { MSG, type SuccessResponse, type USER_ACTIONS } from '@wayguard/contracts';
import { registrationInfoKey } from '../../../api/registration-info';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { usersKeys } from './keys';

export type UserActionBody = { id: number; action: (typeof USER_ACTIONS)[number]; notes?: string };

export function postUserAction(body: UserActionBody): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/users', body, { quiet: true });
}

export const userAction: ActionDef<UserActionBody, SuccessResponse> = {
  send: postUserAction,
  refresh: () => [usersKeys.all, registrationInfoKey],
};

/** The spec's toast for each action (000 §4.4); `name` as lib/user-labels' userDisplayName gives it. */
export function userActionSuccessText(action: UserActionBody['action'], name: string): string {
  return {
    resend_activation_email: MSG.activationResent,
    reset_password: MSG.passwordResetResent,
    deactivate: MSG.userDeactivated(name),
    reactivate: MSG.userReactivated(name),
  }[action];
}
