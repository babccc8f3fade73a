/**
 * Reset password (002 §2.12, §5, §8): username and e-mail; the captcha (optional in the spec) shows
 * only once the server asks for it, after repeated requests, as at sign-in. Any other failure shows
 * the catalogue's one text (never whether the user exists); success goes to /login with a notice.
 */
import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, resetPasswordRequest } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { resetPasswordAction } from '../api/reset-password';
import { Captcha } from '../../../components/captcha/Captcha';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { UsernameField } from '../../../components/CredentialFields';
import { paths } from '../../../lib/paths';

export type ResetPasswordValues = { username: string; email: string };

type Props = { defaultUsername: string; onUsernameChange: (username: string) => void };

export function ResetPasswordForm({ defaultUsername, onUsernameChange }: Props) {
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const reset = useAction({
    ...resetPasswordAction,
    success: MSG.resetPasswordSent,
    errors: 'inline',
    onSuccess: (_, values) => {
      setSent(true);
      navigate(paths.login.href({ username: values.username, email: values.email }));
    },
  });
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { username: defaultUsername, email: '' },
  });

  /** False when the server has asked for the captcha and it is not solved yet. */
  const captchaReady = () => {
    if (captchaAsked && !captchaPayload) {
      setCaptchaError(MSG.captchaRequired);
      return false;
    }
    return true;
  };

  const submit = async (values: ResetPasswordValues) => {
    if (!captchaReady()) return;
    setFailed(false);
    const outcome = await reset.run({ ...values, ...(captchaPayload ? { recaptcha_response: captchaPayload } : {}) });
    if (outcome.ok) return;
    if (outcome.message === MSG.captchaRequired) {
      // The server asks for the captcha now: show it, with its message.
      setCaptchaAsked(true);
      setCaptchaError(MSG.captchaRequired);
    } else setFailed(true);
    // A solved challenge is spent either way: start a fresh one.
    setCaptchaPayload(null);
    setCaptchaRound((n) => n + 1);
  };

  const usernameField = register('username');

  return (
    <form noValidate onSubmit={handleSubmit(submit, captchaReady)}>
      <Stack gap="md">
        <Text>
          Enter your username and the e-mail address of your account, and we will e-mail you a one-time password.
        </Text>
        <FormErrorAlert message={failed ? MSG.resetUnknown : null} />
        <UsernameField
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
        {captchaAsked ? (
          <Captcha
            key={captchaRound}
            onVerified={(payload) => {
              setCaptchaPayload(payload);
              setCaptchaError(null);
            }}
            error={captchaError}
          />
        ) : null}
        <Button type="submit" fullWidth loading={reset.pending || sent}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}
