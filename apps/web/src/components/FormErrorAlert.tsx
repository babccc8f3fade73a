/** An inline error of a dialog's form (a refused password, a wrong code); announced as an alert. */
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function FormErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="outline" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      {message}
    </Alert>
  );
}
