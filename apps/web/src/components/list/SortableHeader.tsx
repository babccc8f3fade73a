/**
 * A column header that sorts the list: a button in the header cell, aria-sort on the cell, and the
 * spec's label of the order in effect (A-Z, 0-9, Newest first ...) shown on the sorted column.
 * Choosing the sorted column again reverses the order (the list's chooseSort).
 */
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { firstReverse, sortLabel, type SortKind } from './sort-labels';
import classes from './list.module.css';

type Props<S extends string> = {
  label: string;
  sortKey: S;
  kind: SortKind;
  sortBy: S;
  reverse: boolean;
  /**
   * The column is chosen: the list reverses it if it is the sorted one, else sorts by it in `firstReverse`
   * order. The list decides from its latest state, so quick successive clicks each take effect.
   */
  onSort: (sortBy: S, firstReverse: boolean) => void;
};

export function SortableHeader<S extends string>({ label, sortKey, kind, sortBy, reverse, onSort }: Props<S>) {
  const active = sortKey === sortBy;
  // Ascending here means the list call's order (A-Z, 0-9, oldest first), which is what aria-sort describes.
  const ariaSort = active ? (reverse ? 'descending' : 'ascending') : 'none';
  const Icon = !active ? IconArrowsSort : reverse ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(sortKey, firstReverse(kind))}
        data-active={active || undefined}
      >
        <Group gap={4} wrap="nowrap">
          <span>{label}</span>
          <Icon size={14} aria-hidden="true" />
          {active && (
            <Text component="span" size="xs" fw={500} className={classes.sortLabel}>
              {sortLabel(kind, reverse)}
            </Text>
          )}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
