/**
 * The edit form of a card with a view/edit toggle (000 §4.6): the fields, then Cancel and Save.
 * Save is disabled with nothing to save, while saving and when invalid; Cancel is disabled while
 * saving. Used by the account details, social profiles and user profile cards.
 */
import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack, type MantineSpacing } from '@mantine/core';

type Props = {
  /** Names the form for assistive technology. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
  canSave: boolean;
  saving: boolean;
  gap?: MantineSpacing;
  children: ReactNode;
};

export function EditForm({ label, onSubmit, onCancel, canSave, saving, gap = 'sm', children }: Props) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={label}>
      <Stack gap={gap}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave || saving} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
