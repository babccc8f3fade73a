/** Leaves a later login step and returns to username and password. */
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

export function StartOverButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button variant="subtle" size="sm" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onClick} disabled={disabled}>
      Back to login
    </Button>
  );
}
