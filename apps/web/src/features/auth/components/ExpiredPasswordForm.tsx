/**
 * Login step "password expired" (000 §4.1 step 3, §5): a yellow notice, then the current password
 * (prefilled from step 1), the new one and its confirmation, checked by the shared schema.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, expiredPasswordForm } from '@wayguard/contracts';
import { PasswordField } from '../../../components/CredentialFields';

export type ExpiredPasswordValues = { password: string; new_password: string; password_confirm: string };

type Props = {
  currentPassword: string;
  pending: boolean;
  onSubmit: (values: ExpiredPasswordValues) => void;
  captcha?: ReactNode;
};

export function ExpiredPasswordForm({ currentPassword, pending, onSubmit, captcha }: Props) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ExpiredPasswordValues>({
    resolver: zodResolver(expiredPasswordForm),
    defaultValues: { password: currentPassword, new_password: '', password_confirm: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
          {MSG.passwordExpired}
        </Alert>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="New password"
          description={MSG.passwordHelper}
          autoComplete="new-password"
          required
          withAsterisk={false}
          autoFocus
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          error={errors.password_confirm?.message}
          {...register('password_confirm')}
        />
        {captcha}
        <Button type="submit" fullWidth loading={pending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
