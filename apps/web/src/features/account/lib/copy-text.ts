/** Copies text to the clipboard, then confirms with a toast; a refused clipboard gets an error toast. */
import { MSG } from '@wayguard/contracts';
import { toast } from '../../../lib/toast';

export async function copyText(text: string, confirmation: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(confirmation);
  } catch {
    toast.error(MSG.lastActionFailed);
  }
}
