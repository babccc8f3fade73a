/**
 * The status actions of a user (000 §4.4, 002 §4.1) with their toasts: Resend Email, Reset Password,
 * Deactivate and Reactivate (the last two with a note). Used by the banners and by User Access.
 */
import type { UserDetails } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { userAction, userActionSuccessText, type UserActionBody } from '../api/user-action';
import { userDisplayName } from '../lib/user-labels';

export function useStatusActions(user: UserDetails) {
  const action = useAction({
    ...userAction,
    success: (_, body) => userActionSuccessText(body.action, userDisplayName(user)),
  });

  const run = async (body: Omit<UserActionBody, 'id'>): Promise<boolean> =>
    (await action.run({ id: user.id, ...body })).ok;

  return {
    pending: action.pending,
    /** Which action is running, for the button's spinner. */
    running: action.variables?.action ?? null,
    resendActivation: () => run({ action: 'resend_activation_email' }),
    resetPassword: () => run({ action: 'reset_password' }),
    deactivate: (notes: string) => run({ action: 'deactivate', notes }),
    reactivate: (notes: string) => run({ action: 'reactivate', notes }),
  };
}
