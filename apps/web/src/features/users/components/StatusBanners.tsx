/**
 * The status banners of a user page (000 §2.8): deactivated (with Reactivate), awaiting activation
 * (with Resend Email), password reset (with Resend Email, which sends the reset e-mail again). The
 * actions are offered to a Console Admin only, never on oneself.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconKey, IconMailForward, IconSend, IconUserOff } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';
import { UserNoteDialog } from './UserNoteDialog';
import { userDisplayName } from '../lib/user-labels';
import type { UserPageContext } from '../hooks/use-user-page';
import { useStatusActions } from '../hooks/use-status-actions';
import { focusUserHeading } from '../lib/focus';

export function StatusBanners({ user, can }: Pick<UserPageContext, 'user' | 'can'>) {
  const actions = useStatusActions(user);
  const [reactivating, setReactivating] = useState(false);

  if (user.status === 'deactivated')
    return (
      <Banner testId="deactivated-banner" color="red" icon={<IconUserOff aria-hidden="true" />}>
        <Text size="sm" fw={700}>
          {MSG.userDeactivatedBanner}
        </Text>
        {can.statusActions && (
          <Anchor component="button" type="button" size="sm" underline="always" onClick={() => setReactivating(true)}>
            Reactivate
          </Anchor>
        )}
        <UserNoteDialog
          opened={reactivating}
          action="reactivate"
          userName={userDisplayName(user)}
          pending={actions.pending}
          onClose={() => setReactivating(false)}
          onConfirm={(notes) =>
            void actions.reactivate(notes).then((ok) => {
              if (!ok) return;
              setReactivating(false);
              focusUserHeading();
            })
          }
        />
      </Banner>
    );

  if (user.status === 'awaiting_activation')
    return (
      <Banner testId="activation-banner" color="blue" icon={<IconMailForward aria-hidden="true" />}>
        <Text size="sm" fw={700}>
          {MSG.activationEmailSent}
        </Text>
        <Text size="sm">
          An email with an activation link was sent to {user.email_address}. The user has not activated the account yet.
        </Text>
        {can.statusActions && (
          <ResendButton loading={actions.running === 'resend_activation_email'} onClick={actions.resendActivation} />
        )}
      </Banner>
    );

  if (user.status === 'password_reset')
    return (
      <Banner testId="password-reset-banner" color="orange" icon={<IconKey aria-hidden="true" />}>
        <Text size="sm" fw={700}>
          Password reset
        </Text>
        <Text size="sm">
          The password of this user has been reset and an email has been sent to {user.email_address}.
        </Text>
        {can.statusActions && (
          <ResendButton loading={actions.running === 'reset_password'} onClick={actions.resetPassword} />
        )}
      </Banner>
    );

  return null;
}

function Banner({
  testId,
  color,
  icon,
  children,
}: {
  testId: string;
  color: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert variant="outline" color={color} icon={icon} role="region" aria-label="User status" data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        {children}
      </Stack>
    </Alert>
  );
}

function ResendButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <Button size="sm" leftSection={<IconSend size={16} aria-hidden="true" />} loading={loading} onClick={onClick}>
      Resend Email
    </Button>
  );
}
