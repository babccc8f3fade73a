/** The notice on /login?email=… after a password reset was requested (000 §2.1). */
import { Alert } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { CORE_MSG } from '@wayguard/contracts';

export function ResetEmailNotice({ email }: { email: string }) {
  return (
    <Alert color="blue" role="status" icon={<IconMailCheck aria-hidden />}>
      {CORE_MSG.resetEmailSentNotice.replace('{email}', email)}
    </Alert>
  );
}
