/**
 * Change password on one's own profile (000 §5, 002 §4.1, §5, §8): at least 8 characters with a
 * number and an uppercase letter (allowed characters only) and a matching confirmation; Change
 * password is disabled until the form is valid. A refusal shows inline. A session that has not proved
 * its password lately is asked for it first ('Verify password'), then the change is sent again (issue 25).
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, passwordPairForm, type SuccessResponse } from '@wayguard/contracts';
import { useForm } from 'react-hook-form';
import { useAction } from '../../../lib/use-action';
import { changePasswordAction } from '../api/change-password';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField } from '../../../components/CredentialFields';
import { usePasswordRetry } from '../hooks/use-password-retry';
import { VerifyPasswordDialog } from './VerifyPasswordDialog';

type Props = { opened: boolean; onClose: () => void };

export function ChangePasswordDialog({ opened, onClose }: Props) {
  const change = useAction({ ...changePasswordAction, success: MSG.lastActionSuccess, errors: 'inline' });
  const password = usePasswordRetry();
  return (
    <>
      <Modal
        opened={opened}
        onClose={() => {
          if (!change.pending) onClose();
        }}
        title="Change password"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {/* Mounted while open only, so every opening starts empty. */}
        <ChangePasswordForm change={change} onClose={onClose} withPassword={password.withPassword} />
      </Modal>
      {/* Outside the form: a portal's submit event would still bubble to it through React. */}
      <VerifyPasswordDialog
        {...password.dialog}
        prompt="To change your password, please enter your current password."
      />
    </>
  );
}

type PasswordPair = { new_password: string; password_confirm: string };
type FormProps = {
  change: ReturnType<typeof useAction<string, SuccessResponse>>;
  onClose: () => void;
  withPassword: ReturnType<typeof usePasswordRetry>['withPassword'];
};

function ChangePasswordForm({ change, onClose, withPassword }: FormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordPair>({
    mode: 'onTouched',
    resolver: zodResolver(passwordPairForm),
    defaultValues: { new_password: '', password_confirm: '' },
  });
  const { errors, isValid, touchedFields } = form.formState;

  const onSubmit = form.handleSubmit(async ({ new_password }) => {
    setFailure(null);
    const outcome = await withPassword(() => change.run(new_password));
    if (outcome.ok) onClose();
    else setFailure(outcome.message ?? MSG.somethingWrong);
  });

  // Once the confirmation has been touched, a new password re-checks whether the two match.
  const newPassword = form.register('new_password', {
    deps: touchedFields.password_confirm ? ['password_confirm'] : undefined,
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="md">
        <FormErrorAlert message={failure} />
        <PasswordField
          {...newPassword}
          label="New password"
          description={MSG.passwordHelper}
          required
          autoComplete="new-password"
          error={errors.new_password?.message}
          data-autofocus
        />
        <PasswordField
          {...form.register('password_confirm')}
          label="Confirm password"
          required
          autoComplete="new-password"
          error={errors.password_confirm?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={change.pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isValid} loading={change.pending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
