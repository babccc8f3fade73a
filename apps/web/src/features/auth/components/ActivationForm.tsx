/** Activation (000 §2.5, §4.3, §5): greets the user by name and asks username, password, confirmation. */
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, activationRequest, type ActivationRequest } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { activationAction } from '../api/activation';
import { checkActivationTokenQuery } from '../api/check-activation-token';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField, UsernameField } from '../../../components/CredentialFields';
import { paths } from '../../../lib/paths';

type Props = { token: string; name: string | null; defaultUsername: string };

export function ActivationForm({ token, name, defaultUsername }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [activated, setActivated] = useState(false);
  const activation = useAction({
    ...activationAction,
    success: MSG.accountActivated,
    errors: 'inline',
    onSuccess: (_, values) => {
      setActivated(true);
      // The link is spent: a later visit must check it again.
      queryClient.removeQueries({ queryKey: checkActivationTokenQuery(values.token).queryKey });
      navigate(paths.login.href({ username: values.username }), { replace: true });
    },
  });
  const form = useForm<ActivationRequest>({
    resolver: zodResolver(activationRequest),
    defaultValues: { username: defaultUsername, password: '', password_confirm: '', token },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const submit = async (values: ActivationRequest) => {
    setServerError(null);
    const outcome = await activation.run(values, { form });
    if (!outcome.ok) setServerError(outcome.message);
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack gap="md">
        <Text>
          {name ? `Welcome, ${name}. ` : 'Welcome. '}
          Enter your username and choose a password to activate your account.
        </Text>
        <FormErrorAlert message={serverError} />
        <UsernameField autoFocus error={errors.username?.message} {...register('username')} />
        <PasswordField
          label="Password"
          description={MSG.passwordHelper}
          autoComplete="new-password"
          required
          withAsterisk={false}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          withAsterisk={false}
          error={errors.password_confirm?.message}
          {...register('password_confirm')}
        />
        <Button type="submit" fullWidth loading={activation.pending || activated}>
          Activate account
        </Button>
      </Stack>
    </form>
  );
}
