/**
 * The status actions of a user (000 §4.4, 002 §4.1) with their toasts: Resend Email, Reset Password,
 * Deactivate and Reactivate (the last two with a note). Used by the banners and by User Access.
 */
import { MSG, type UserDetails } from '@wayguard/contracts';
import { userDisplayName } from '../../../components/users/user-labels';
import { toast } from '../../../lib/toast';
import { useUserAction, type UserActionBody } from '../api/user-action';
import { showActionError, showRefusal } from '../../../lib/action-error';

export function useStatusActions(user: UserDetails) {
  const action = useUserAction();
  const name = userDisplayName(user);

  const run = async (body: Omit<UserActionBody, 'id'>, success: string): Promise<boolean> => {
    try {
      const res = await action.mutateAsync({ id: user.id, ...body });
      if (!res.success) {
        showRefusal(res);
        return false;
      }
      toast.success(success);
      return true;
    } catch (e) {
      showActionError(e);
      return false;
    }
  };

  return {
    pending: action.isPending,
    /** Which action is running, for the button's spinner. */
    running: action.isPending ? action.variables.action : null,
    resendActivation: () => run({ action: 'resend_activation_email' }, MSG.activationResent),
    resetPassword: () => run({ action: 'reset_password' }, MSG.passwordResetResent),
    deactivate: (notes: string) => run({ action: 'deactivate', notes }, MSG.userDeactivated(name)),
    reactivate: (notes: string) => run({ action: 'reactivate', notes }, MSG.userReactivated(name)),
  };
}
