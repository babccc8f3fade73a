/** The count of pending requests shown next to a Requests menu entry. */
import { Badge, VisuallyHidden } from '@mantine/core';

export function CountChip({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <Badge size="sm" variant="light" color={count > 0 ? 'red' : 'gray'} data-testid="count-chip">
      {count}
      <VisuallyHidden> pending</VisuallyHidden>
    </Badge>
  );
}
