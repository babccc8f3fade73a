/**
 * A password input whose show/hide toggle is not itself labelled "password", so the field stays the
 * only control on the page that answers to its label (tests and assistive tech look fields up by it).
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the typed characters' }} {...props} />
  );
}
