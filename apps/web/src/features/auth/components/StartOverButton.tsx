/** Leaves a later login step and returns to username and password. */
import { Anchor } from '@mantine/core';

export function StartOverButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Anchor component="button" type="button" size="sm" underline="always" onClick={onClick} disabled={disabled}>
      Back to login
    </Anchor>
  );
}
