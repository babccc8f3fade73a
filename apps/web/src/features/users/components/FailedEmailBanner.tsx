/** Failed e-mail delivery to the user (000 §2.8): the address, when it failed and why. */
import { Alert, Stack, Text } from '@mantine/core';
import { IconMailX } from '@tabler/icons-react';
import type { UserDetails } from '@wayguard/contracts';
import { formatDateTime } from '../../../lib/dates';

export function FailedEmailBanner({ user }: { user: UserDetails }) {
  const info = user.failed_email_delivery_info;
  if (!info) return null;
  return (
    <Alert
      variant="outline"
      color="red"
      icon={<IconMailX aria-hidden="true" />}
      role="region"
      aria-label="Email delivery"
      data-testid="failed-email-banner"
    >
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          Email delivery failed
        </Text>
        <Text size="sm">
          Emails to <strong>{user.email_address}</strong> could not be delivered on {formatDateTime(info.date)}.
        </Text>
        <Text size="sm">Reason: {info.reason || 'Not given'}</Text>
      </Stack>
    </Alert>
  );
}
