/** The notice on /login?email=… after a password reset was requested (000 §2.1). */
import { Alert } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';

export function ResetEmailNotice({ email }: { email: string }) {
  return (
    <Alert color="blue" role="status" icon={<IconMailCheck aria-hidden />}>
      {MSG.resetEmailSentNotice.replace('{email}', email)}
    </Alert>
  );
}
