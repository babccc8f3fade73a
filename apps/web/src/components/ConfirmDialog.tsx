/** A titled, focus-trapped yes/no dialog for one action (a type change, a password reset, two-factor off, revoking a token). */
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { BusyModal } from './BusyModal';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

export function ConfirmDialog({ opened, title, children, confirmLabel, danger, pending, onClose, onConfirm }: Props) {
  return (
    <BusyModal opened={opened} pending={pending} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
