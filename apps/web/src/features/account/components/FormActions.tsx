/** Cancel and Save of an edit form: Save is disabled with nothing to save, while saving and when invalid. */
import { Button, Group } from '@mantine/core';

type Props = { onCancel: () => void; canSave: boolean; saving: boolean };

export function FormActions({ onCancel, canSave, saving }: Props) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={!canSave || saving} loading={saving}>
        Save
      </Button>
    </Group>
  );
}
