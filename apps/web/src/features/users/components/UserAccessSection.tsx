/**
 * User Access (002 §2.7, §4.1): the user's status and its actions. Resend Email while awaiting
 * activation; Reset Password when activated or reset (Change password on one's own profile);
 * Deactivate for anyone else who is not deactivated. Status actions are a Console Admin's.
 */
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconLock, IconSend, IconUserOff } from '@tabler/icons-react';
import { UserNoteDialog } from './UserNoteDialog';
import { USER_STATUS_LABELS, userDisplayName } from '../lib/user-labels';
import type { UserPageContext } from '../hooks/use-user-page';
import { useStatusActions } from '../hooks/use-status-actions';
import { focusUserHeading } from '../lib/focus';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { ValueList } from './ValueList';

type Dialog = 'change-password' | 'reset-password' | 'deactivate' | null;

export function UserAccessSection({ user, can }: Pick<UserPageContext, 'user' | 'can'>) {
  const actions = useStatusActions(user);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const name = userDisplayName(user);
  const passwordStatus = user.status === 'activated' || user.status === 'password_reset';

  const buttons = [
    user.status === 'awaiting_activation' && can.statusActions && (
      <Button
        key="resend"
        leftSection={<IconSend size={16} aria-hidden="true" />}
        loading={actions.running === 'resend_activation_email'}
        disabled={actions.pending}
        onClick={() => void actions.resendActivation()}
      >
        Resend Email
      </Button>
    ),
    passwordStatus && can.self && (
      <Button
        key="change"
        leftSection={<IconLock size={16} aria-hidden="true" />}
        onClick={() => setDialog('change-password')}
      >
        Change password
      </Button>
    ),
    passwordStatus && can.statusActions && (
      <Button
        key="reset"
        variant="outline"
        leftSection={<IconKey size={16} aria-hidden="true" />}
        disabled={actions.pending}
        onClick={() => setDialog('reset-password')}
      >
        Reset Password
      </Button>
    ),
    can.statusActions && (
      <Button
        key="deactivate"
        color="red"
        leftSection={<IconUserOff size={16} aria-hidden="true" />}
        disabled={actions.pending}
        onClick={() => setDialog('deactivate')}
      >
        Deactivate
      </Button>
    ),
  ].filter(Boolean);

  return (
    <SectionCard title="User Access" testId="user-access-section">
      <Stack gap="md">
        <ValueList
          rows={[
            ['Status', USER_STATUS_LABELS[user.status]],
            ['Email address', user.email_address],
          ]}
        />
        {buttons.length > 0 ? (
          <Group gap="sm">{buttons}</Group>
        ) : (
          <Text size="sm">Only a Console Admin can change the status of a user.</Text>
        )}
      </Stack>
      <ChangePasswordDialog opened={dialog === 'change-password'} onClose={close} />
      <ConfirmDialog
        opened={dialog === 'reset-password'}
        title="Reset password"
        confirmLabel="Reset Password"
        pending={actions.running === 'reset_password'}
        onClose={close}
        onConfirm={() =>
          void actions.resetPassword().then((ok) => {
            if (ok) close();
          })
        }
      >
        An email with a one-time password will be sent to {user.email_address}. {name} will be signed out and must
        choose a new password at the next sign-in.
      </ConfirmDialog>
      <UserNoteDialog
        opened={dialog === 'deactivate'}
        action="deactivate"
        userName={name}
        pending={actions.running === 'deactivate'}
        onClose={close}
        onConfirm={(notes) =>
          void actions.deactivate(notes).then((ok) => {
            if (!ok) return;
            close();
            focusUserHeading(); // Settings is gone for a deactivated user
          })
        }
      />
    </SectionCard>
  );
}
