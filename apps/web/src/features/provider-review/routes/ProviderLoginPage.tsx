/**
 * The review team's sign-in (issue 11), apart from the console's: username and password, the server's
 * refusal inline above the form ('The username or password is incorrect.', the rate limit's text), then
 * the queue.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Stack } from '@mantine/core';
import { PRODUCT_NAME, PROVIDER_MSG } from '@wayguard/contracts';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PasswordField, UsernameField } from '../../../components/CredentialFields';
import { paths } from '../../../lib/paths';
import { ProviderLayout } from '../components/ProviderLayout';
import { providerSignIn } from '../api/provider-review';

export default function ProviderLoginPage() {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${PROVIDER_MSG.signInTitle}`;
  }, []);
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
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
    setPending(true);
    setFailure(null);
    try {
      await providerSignIn({ username: username.trim(), password });
      void navigate(paths.provider.href(), { replace: true });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : PROVIDER_MSG.badCredentials);
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <ProviderLayout title={PROVIDER_MSG.signInTitle}>
      <FormErrorAlert message={failure} />
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          <UsernameField
            ref={usernameRef}
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username}
          />
          <PasswordField
            ref={passwordRef}
            name="password"
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <Button type="submit" loading={pending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </ProviderLayout>
  );
}
