/**
 * The fields of the sign-in and password forms, in one module (one chunk for the login page).
 *
 * PasswordField: a password input whose show/hide toggle is not itself labelled "password", so the field stays the
 * only control on the page that answers to its label (tests and assistive tech look fields up by it).
 */
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';

export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the typed characters' }} {...props} />
  );
}

/**
 * The username input of every sign-in form (console sign-in, activation, password reset, the review
 * team's sign-in): labelled 'Username', filled by password managers, never auto-capitalised or
 * spell-checked, required without an asterisk (the form says what is missing when it is submitted).
 */
export function UsernameField(props: TextInputProps) {
  return (
    <TextInput
      name="username"
      label="Username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      withAsterisk={false}
      {...props}
    />
  );
}

/** The password input of a sign-in form: the account's current password, required without an asterisk. */
export function CurrentPasswordField(props: PasswordInputProps) {
  return (
    <PasswordField
      name="password"
      label="Password"
      autoComplete="current-password"
      required
      withAsterisk={false}
      {...props}
    />
  );
}
