/**
 * Login step 1: username and password (000 §2.4, §5), with the link to reset a forgotten password.
 * A plain controlled form checked by loginFormErrors (contracts): the login page loads neither
 * react-hook-form nor zod (tools/bench/login-bundle.mjs). As with the other forms, the first field in
 * error gets the focus, and after a refused submit each field is checked again as it is typed.
 */
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { loginFormErrors, type LoginFormErrors, type LoginFormValues } from '@wayguard/contracts';
import { AuthLink } from './AuthLink';
import { CurrentPasswordField, UsernameField } from '../../../components/CredentialFields';
import { paths } from '../../../lib/paths';

export type CredentialsValues = LoginFormValues;

type Props = {
  defaultValues: CredentialsValues;
  pending: boolean;
  onSubmit: (values: CredentialsValues) => void;
  /** The captcha, when the server asks for one; it sits just above the button. */
  captcha?: ReactNode;
};

export function CredentialsForm({ defaultValues, pending, onSubmit, captcha }: Props) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof CredentialsValues) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.currentTarget.value };
    setValues(next);
    if (submitted) setErrors(loginFormErrors(next));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    const found = loginFormErrors(values);
    setErrors(found);
    if (found.username) usernameRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else onSubmit({ ...values, username: values.username.trim() });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <UsernameField
          ref={usernameRef}
          autoFocus={!defaultValues.username}
          error={errors.username}
          value={values.username}
          onChange={change('username')}
        />
        <Stack gap={6}>
          <CurrentPasswordField
            ref={passwordRef}
            autoFocus={!!defaultValues.username}
            error={errors.password}
            value={values.password}
            onChange={change('password')}
          />
          <Group justify="flex-end">
            <AuthLink to={paths.resetPassword.href(values.username)}>Forgot password?</AuthLink>
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
