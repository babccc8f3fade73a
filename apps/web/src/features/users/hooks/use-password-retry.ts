/**
 * Changing one's password and turning two-factor sign-in off need the password proved on this session
 * within the last minutes (issue 25). The server refuses otherwise with error_code
 * PASSWORD_VERIFICATION_REQUIRED: `withPassword` then opens 'Verify password' (VerifyPasswordDialog,
 * given `dialog`) and, once verified, sends the same call again, resolving to that answer; cancelling
 * the dialog resolves to the refusal (its text 'Please verify your password to continue').
 */
import { useCallback, useState } from 'react';
import { PASSWORD_VERIFICATION_REQUIRED } from '@wayguard/contracts';
import type { ActionOutcome } from '../../../lib/action-outcome';

type Waiting = { verified: () => void; cancelled: () => void };

export function usePasswordRetry() {
  const [waiting, setWaiting] = useState<Waiting | null>(null);

  const withPassword = useCallback(async <T>(attempt: () => Promise<ActionOutcome<T>>): Promise<ActionOutcome<T>> => {
    const first = await attempt();
    if (first.ok || first.code !== PASSWORD_VERIFICATION_REQUIRED) return first;
    return new Promise<ActionOutcome<T>>((resolve) => {
      setWaiting({
        verified: () => {
          setWaiting(null);
          void attempt().then(resolve);
        },
        cancelled: () => {
          setWaiting(null);
          resolve(first);
        },
      });
    });
  }, []);

  return {
    withPassword,
    /** Props of the VerifyPasswordDialog this screen renders. */
    dialog: {
      opened: waiting !== null,
      onVerified: () => waiting?.verified(),
      onClose: () => waiting?.cancelled(),
    },
  };
}
