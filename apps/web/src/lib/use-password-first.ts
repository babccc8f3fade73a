/**
 * A save that asks for the password first (000 §4.4: one's own e-mail changes only after
 * POST /verify_password): `ask(body)` keeps the body and opens 'Verify password'; once verified, the
 * body is saved with `store`; closing the dialog drops it. `dialog` is the dialog's props.
 */
import { useState } from 'react';

export function usePasswordFirst<B>(store: (body: B) => Promise<void>) {
  const [awaiting, setAwaiting] = useState<B | null>(null);
  return {
    ask: (body: B) => setAwaiting(body),
    dialog: {
      opened: awaiting !== null,
      onClose: () => setAwaiting(null),
      onVerified: () => {
        const body = awaiting;
        setAwaiting(null);
        if (body) void store(body);
      },
    },
  };
}
