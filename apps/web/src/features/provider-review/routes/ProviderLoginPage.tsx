/**
 * The review team's sign-in (issue 11; issue 25), apart from the console's: username and password, then
 * the authenticator's six-digit code; a captcha when the server asks for one; the server's refusal
 * inline above the form ('The username or password is incorrect.', a wrong code, the back-off's text),
 * then the queue.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { PRODUCT_NAME, PROVIDER_MSG } from '@wayguard/contracts';
import { Captcha } from '../../../components/captcha/Captcha';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { MfaCodeForm } from '../../../components/MfaCodeForm';
import { CurrentPasswordField, UsernameField } from '../../../components/CredentialFields';
import { paths } from '../../../lib/paths';
import { ProviderLayout } from '../components/ProviderLayout';
import { useProviderSignIn } from '../hooks/use-provider-sign-in';

export default function ProviderLoginPage() {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${PROVIDER_MSG.signInTitle}`;
  }, []);
  const navigate = useNavigate();
  const flow = useProviderSignIn(() => void navigate(paths.provider.href(), { replace: true }));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = {
      ...(username.trim() ? {} : { username: PROVIDER_MSG.usernameRequired }),
      ...(password ? {} : { password: PROVIDER_MSG.passwordRequired }),
    };
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    // Refused by the server: the password goes and is typed again (an unsolved captcha keeps it).
    if ((await flow.submitPassword({ username: username.trim(), password })) === 'refused') {
      setPassword('');
      passwordRef.current?.focus();
    }
  };

  const captcha = flow.challenge ? (
    <Captcha
      key={flow.captchaRound}
      challenge={flow.challenge}
      onVerified={flow.onCaptchaVerified}
      error={flow.captchaError}
    />
  ) : null;

  if (flow.step === 'code')
    return (
      <ProviderLayout title={PROVIDER_MSG.codeTitle}>
        <FormErrorAlert message={flow.failure} />
        <MfaCodeForm
          key={flow.captchaRound}
          pending={flow.pending}
          onSubmit={(code) => void flow.submitCode(code)}
          captcha={captcha}
        />
        <Button
          variant="default"
          onClick={() => {
            setPassword('');
            flow.startOver();
          }}
          disabled={flow.pending}
        >
          {PROVIDER_MSG.startOver}
        </Button>
      </ProviderLayout>
    );

  return (
    <ProviderLayout title={PROVIDER_MSG.signInTitle}>
      <FormErrorAlert message={flow.failure} />
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          <UsernameField
            ref={usernameRef}
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username}
          />
          <CurrentPasswordField
            ref={passwordRef}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          {captcha}
          <Button type="submit" loading={flow.pending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </ProviderLayout>
  );
}
