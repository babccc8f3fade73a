/**
 * Device Password's Create dialog (001 §2.3, §5, §8): password and its confirmation (both required,
 * 'Please enter a Password'; 'Passwords must match'), checked on every change, and an optional e-mail
 * to the administrator noting the change (the password itself is never mailed). Create stays
 * disabled until the form is valid; a refusal's error_message is shown inside the dialog. On an offline
 * device the success toast adds that the password is delivered at its next check-in.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEVICE_MSG, DEVICE_PASSWORD_MAX, devicePasswordForm, MSG, type DevicePasswordForm } from '@wayguard/contracts';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField } from '../../../components/CredentialFields';
import { useAction } from '../../../lib/use-action';
import {
  resetMobilePasswordAction,
  type ResetMobilePassword,
  type ResetMobilePasswordResponse,
} from '../api/reset-mobile-password';
import { commandQueuedText } from '../lib/command-text';

type Props = { id: string; opened: boolean; onClose: () => void };

export function DevicePasswordDialog({ id, opened, onClose }: Props) {
  const reset = useAction({
    ...resetMobilePasswordAction,
    success: (data) => commandQueuedText(DEVICE_MSG.passwordChanged, data.device_online),
    errors: 'inline',
  });
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!reset.pending) onClose();
      }}
      title="Device Password"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open only, so every opening starts empty. */}
      <PasswordForm id={id} reset={reset} onClose={onClose} />
    </Modal>
  );
}

type FormProps = {
  id: string;
  reset: ReturnType<typeof useAction<ResetMobilePassword, ResetMobilePasswordResponse>>;
  onClose: () => void;
};

function PasswordForm({ id, reset, onClose }: FormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DevicePasswordForm>({
    mode: 'onChange',
    resolver: zodResolver(devicePasswordForm),
    defaultValues: { password: '', password_confirm: '', send_email: false },
  });
  const { errors, isValid, dirtyFields } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password, send_email }) => {
    setFailure(null);
    const outcome = await reset.run({ id, password, send_email });
    if (outcome.ok) onClose();
    else setFailure(outcome.message ?? MSG.somethingWrong);
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Create a device password">
      <Stack gap="md">
        <FormErrorAlert message={failure} />
        <PasswordField
          {...form.register('password', {
            // Once a confirmation has been typed, a new password re-checks whether the two match.
            deps: dirtyFields.password_confirm ? ['password_confirm'] : undefined,
          })}
          label="Password"
          required
          maxLength={DEVICE_PASSWORD_MAX}
          autoComplete="new-password"
          error={errors.password?.message}
          data-autofocus
        />
        <PasswordField
          {...form.register('password_confirm')}
          label="Confirm password"
          required
          maxLength={DEVICE_PASSWORD_MAX}
          autoComplete="new-password"
          error={errors.password_confirm?.message}
        />
        <Checkbox {...form.register('send_email')} label="E-mail me a note of this change (never the password)" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={reset.pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isValid} loading={reset.pending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
