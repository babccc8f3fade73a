/** A password input whose show/hide toggle is not itself labelled "password" (the field alone answers to its label). */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the typed characters' }} {...props} />
  );
}
