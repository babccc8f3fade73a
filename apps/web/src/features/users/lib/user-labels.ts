/** Labels of console users shared by the users list and the user pages (000 §3.4, §3.7, §3.8); status labels are the contracts'. */
import { personName } from '@wayguard/contracts';

export { USER_STATUS_LABELS } from '@wayguard/contracts';

/** How toasts and dialogs name a user ('{user} has been deactivated'): the one rule, contracts personName. */
export function userDisplayName(u: { username: string; first_name: string; last_name: string }): string {
  return personName(u);
}
