/** Login step 1: username and password (000 §2.4, §5), with the link to reset a forgotten password. */
import type { ReactNode } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginForm } from '@wayguard/contracts';
import { authPaths } from '../lib/paths';
import { AuthLink } from './AuthLink';
import { PasswordField } from './PasswordField';

export type CredentialsValues = { username: string; password: string };

type Props = {
  defaultValues: CredentialsValues;
  pending: boolean;
  onSubmit: (values: CredentialsValues) => void;
  /** The captcha, when the server asks for one; it sits just above the button. */
  captcha?: ReactNode;
};

export function CredentialsForm({ defaultValues, pending, onSubmit, captcha }: Props) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CredentialsValues>({ resolver: zodResolver(loginForm), defaultValues });
  const username = useWatch({ control, name: 'username' });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
          autoFocus={!defaultValues.username}
          error={errors.username?.message}
          {...register('username')}
        />
        <Stack gap={6}>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            autoFocus={!!defaultValues.username}
            error={errors.password?.message}
            {...register('password')}
          />
          <Group justify="flex-end">
            <AuthLink to={authPaths.resetPassword(username)}>Forgot password?</AuthLink>
          </Group>
        </Stack>
        {captcha}
        <Button type="submit" fullWidth loading={pending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
