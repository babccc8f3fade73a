/** Activation (000 §2.5, §4.3, §5): greets the user by name and asks username, password, confirmation. */
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, activationRequest, type ActivationRequest } from '@wayguard/contracts';
import { toast } from '../../../lib/toast';
import { useActivationMutation } from '../api/activation';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField } from '../../../components/PasswordField';
import { paths } from '../../../lib/paths';

type Props = { token: string; name: string | null; defaultUsername: string };

export function ActivationForm({ token, name, defaultUsername }: Props) {
  const navigate = useNavigate();
  const activation = useActivationMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ActivationRequest>({
    resolver: zodResolver(activationRequest),
    defaultValues: { username: defaultUsername, password: '', password_confirm: '', token },
  });

  const submit = (values: ActivationRequest) =>
    activation.mutate(values, {
      onSuccess: (res) => {
        if (!res.success) return;
        toast.success(MSG.accountActivated);
        navigate(paths.login.href({ username: values.username }), { replace: true });
      },
    });

  const serverError = activation.isError
    ? activation.error.message
    : activation.data && !activation.data.success
      ? (activation.data.error ?? MSG.somethingWrong)
      : null;

  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack gap="md">
        <Text>
          {name ? `Welcome, ${name}. ` : 'Welcome. '}
          Enter your username and choose a password to activate your account.
        </Text>
        <FormErrorAlert message={serverError} />
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
          autoFocus
          error={errors.username?.message}
          {...register('username')}
        />
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
        <Button type="submit" fullWidth loading={activation.isPending || activation.isSuccess}>
          Activate account
        </Button>
      </Stack>
    </form>
  );
}
