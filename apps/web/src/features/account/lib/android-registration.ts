/**
 * Android registration (000 §2.6): every action opens the classic console's registration page in a
 * new tab. If sfa.can_reregister: Unregister and Re-register; otherwise Unregister when an
 * enterprise is registered, else Register.
 */
import type { AccountResponse } from '@wayguard/contracts';
import { classicUrl } from '../../../lib/classic-console';

/** The classic console's Android registration page (its path is ours: the spec names no path). */
export const ANDROID_REGISTRATION_PATH = '/android/registration';

export type RegistrationAction = 'register' | 'unregister' | 'reregister';

export const REGISTRATION_LABELS: Record<RegistrationAction, string> = {
  register: 'Register',
  unregister: 'Unregister',
  reregister: 'Re-register',
};

export function registrationActions(sfa: AccountResponse['sfa']): RegistrationAction[] {
  if (sfa.can_reregister) return ['unregister', 'reregister'];
  return sfa.enterprise_id ? ['unregister'] : ['register'];
}

export function registrationUrl(classicBase: string, action: RegistrationAction): string {
  return classicUrl(classicBase, `${ANDROID_REGISTRATION_PATH}?action=${action}`);
}
