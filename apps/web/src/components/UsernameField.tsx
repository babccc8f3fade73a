/**
 * The username input of every sign-in form (console sign-in, activation, password reset, the review
 * team's sign-in): labelled 'Username', filled by password managers, never auto-capitalised or
 * spell-checked, required without an asterisk (the form says what is missing when it is submitted).
 */
import { TextInput, type TextInputProps } from '@mantine/core';

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
