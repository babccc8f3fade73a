/**
 * Reset password (002 §2.12, §5, §8): username, e-mail and the captcha. Any failure shows the
 * catalogue's one text (never whether the user exists); success goes to /login with a notice.
 */
import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, resetPasswordRequest } from '@wayguard/contracts';
import { toast } from '../../../lib/toast';
import { useResetPasswordMutation } from '../api/reset-password';
import { authPaths } from '../lib/paths';
import { Captcha } from './Captcha';
import { FormErrorAlert } from './FormErrorAlert';

export type ResetPasswordValues = { username: string; email: string };

type Props = { defaultUsername: string; onUsernameChange: (username: string) => void };

export function ResetPasswordForm({ defaultUsername, onUsernameChange }: Props) {
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { username: defaultUsername, email: '' },
  });

  const requireCaptcha = () => {
    if (!captchaPayload) setCaptchaError(MSG.captchaRequired);
    return captchaPayload;
  };

  const submit = (values: ResetPasswordValues) => {
    const recaptcha_response = requireCaptcha();
    if (!recaptcha_response) return;
    setFailed(false);
    reset.mutate(
      { ...values, recaptcha_response },
      {
        onSuccess: () => {
          toast.success(MSG.resetPasswordSent);
          navigate(authPaths.login({ username: values.username, email: values.email }));
        },
        onError: () => {
          // The solved challenge is spent either way: start a fresh one.
          setFailed(true);
          setCaptchaPayload(null);
          setCaptchaRound((n) => n + 1);
        },
      },
    );
  };

  const usernameField = register('username');

  return (
    <form noValidate onSubmit={handleSubmit(submit, requireCaptcha)}>
      <Stack gap="md">
        <Text>
          Enter your username and the e-mail address of your account, and we will e-mail you a one-time password.
        </Text>
        <FormErrorAlert message={failed ? MSG.resetUnknown : null} />
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
          autoFocus={!defaultUsername}
          error={errors.username?.message}
          {...usernameField}
          onChange={(event) => {
            onUsernameChange(event.currentTarget.value);
            return usernameField.onChange(event);
          }}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          withAsterisk={false}
          autoFocus={!!defaultUsername}
          error={errors.email?.message}
          {...register('email')}
        />
        <Captcha
          key={captchaRound}
          onVerified={(payload) => {
            setCaptchaPayload(payload);
            setCaptchaError(null);
          }}
          error={captchaError}
        />
        <Button type="submit" fullWidth loading={reset.isPending || reset.isSuccess}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}
