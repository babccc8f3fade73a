/** An inline error for a whole form (server answers, failed calls); announced as an alert. */
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function FormErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
      {message}
    </Alert>
  );
}
