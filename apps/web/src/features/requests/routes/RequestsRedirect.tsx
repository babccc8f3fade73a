/**
 * An address under /requests/website (or /requests/media) that is not one of its lists: says
 * 'Redirecting...' (001 §2.4) and replaces the address with the kind's pending list.
 */
import { useEffect } from 'react';
import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { REQUEST_MSG } from '@wayguard/contracts';

export default function RequestsRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return (
    <Text role="status" aria-live="polite">
      {REQUEST_MSG.redirecting}
    </Text>
  );
}
