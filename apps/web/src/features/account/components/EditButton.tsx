/** The Edit action of an editable card; its accessible name says which card it edits. */
import type { Ref } from 'react';
import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

type Props = { what: string; onClick: () => void; ref?: Ref<HTMLButtonElement> };

export function EditButton({ what, onClick, ref }: Props) {
  return (
    <Button
      ref={ref}
      variant="outline"
      size="xs"
      leftSection={<IconPencil size={14} aria-hidden="true" />}
      aria-label={`Edit ${what}`}
      onClick={onClick}
    >
      Edit
    </Button>
  );
}
