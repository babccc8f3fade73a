/**
 * Password verification before one's own e-mail changes (000 §4.4, §5), and before a password change or
 * turning two-factor off on a session that has not proved its password lately (issue 25,
 * hooks/use-password-retry.ts): the password is required and checked by POST /verify_password; a
 * refusal reads 'Verify password failed. Please retype the correct password' and the dialog stays open.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, verifyPasswordRequest, type SuccessResponse } from '@wayguard/contracts';
import { useForm } from 'react-hook-form';
import { useAction } from '../../../lib/use-action';
import { verifyPasswordAction } from '../api/verify-password';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField } from '../../../components/CredentialFields';

type Props = {
  opened: boolean;
  onClose: () => void;
  onVerified: () => void;
  /** Why the password is asked for (default: the own e-mail change). */
  prompt?: string;
};

const EMAIL_PROMPT = 'To change your email address, please enter your password.';

export function VerifyPasswordDialog({ opened, onClose, onVerified, prompt = EMAIL_PROMPT }: Props) {
  const verify = useAction({ ...verifyPasswordAction, errors: 'inline', refusalText: MSG.verifyPasswordFailed });
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!verify.pending) onClose();
      }}
      title="Verify password"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open only, so every opening starts empty. */}
      <VerifyPasswordForm verify={verify} onClose={onClose} onVerified={onVerified} prompt={prompt} />
    </Modal>
  );
}

type FormProps = {
  verify: ReturnType<typeof useAction<string, SuccessResponse>>;
  onClose: () => void;
  onVerified: () => void;
  prompt: string;
};

function VerifyPasswordForm({ verify, onClose, onVerified, prompt }: FormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ password: string }>({
    mode: 'onTouched',
    resolver: zodResolver(verifyPasswordRequest),
    defaultValues: { password: '' },
  });
  const { errors, isValid } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    const outcome = await verify.run(password);
    if (outcome.ok) onVerified();
    else setFailure(outcome.message ?? MSG.somethingWrong);
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="md">
        <Text size="sm">{prompt}</Text>
        <FormErrorAlert message={failure} />
        <PasswordField
          {...form.register('password')}
          label="Password"
          required
          autoComplete="current-password"
          error={errors.password?.message}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={verify.pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isValid} loading={verify.pending}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
