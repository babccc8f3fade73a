/** Inline texts of failed calls, on top of the shared toasts of lib/action-error (000 §8, 002 §8). */
import { MSG } from '@wayguard/contracts';
import { actionErrorText } from '../../../lib/action-error';

/** The server's error text, the network's message, or the fallback (for errors shown inline). */
export function errorText(e: unknown): string {
  return actionErrorText(e) ?? MSG.somethingWrong;
}
