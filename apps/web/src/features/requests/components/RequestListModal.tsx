/**
 * The frame of the request list modals (001 §2.4 'Request Devices', §2.5 'user list', 'server connection
 * list'): a title, optional chips (the chosen one starts at the first each time the modal opens for a
 * row), 30 skeleton rows while loading (001 §9), an error, the empty text, the list, a count and Close.
 */
import { useState, type ReactNode } from 'react';
import { Button, Chip, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { MODAL_SKELETON_ROWS } from '../lib/devices';

type Chips<C extends string> = { label: string; options: readonly { key: C; label: string }[] };

type Props<T, C extends string> = {
  /** The row the modal is open for, as '{type}:{id}' (null: closed); each opening starts at the first chip. */
  openFor: string | null;
  onClose: () => void;
  title: string;
  chips?: Chips<C>;
  query: { isPending: boolean; isError: boolean };
  /** The items the chosen chip shows. */
  items: (chip: C) => readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** 'devices', 'users', 'server connections': the loading, error and list names. */
  noun: string;
  empty: string;
  countText: (n: number) => string;
};

export function RequestListModal<T, C extends string = 'all'>(p: Props<T, C>) {
  const first = (p.chips?.options[0]?.key ?? 'all') as C;
  const [chip, setChip] = useState<C>(first);
  const [shownFor, setShownFor] = useState(p.openFor);
  // Opened for another row: its list starts unfiltered (the chip chosen before does not carry over).
  if (p.openFor !== shownFor) {
    setShownFor(p.openFor);
    setChip(first);
  }
  const shown = p.items(chip);
  const noun = p.noun.charAt(0).toUpperCase() + p.noun.slice(1);
  return (
    <Modal opened={p.openFor !== null} onClose={p.onClose} title={p.title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        {p.chips && (
          <Chip.Group multiple={false} value={chip} onChange={(v) => setChip(v as C)}>
            <Group gap="xs" role="group" aria-label={p.chips.label}>
              {p.chips.options.map((c) => (
                <Chip key={c.key} value={c.key} size="sm">
                  {c.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        {p.query.isPending ? (
          <Stack gap={6} aria-busy="true" aria-label={`Loading the ${p.noun}`}>
            {Array.from({ length: MODAL_SKELETON_ROWS }, (_, i) => (
              <Skeleton key={i} height={12} radius="sm" />
            ))}
          </Stack>
        ) : p.query.isError ? (
          <Text size="sm" c="red" role="alert">
            The {p.noun} could not be loaded.
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm">{p.empty}</Text>
        ) : (
          <List size="sm" spacing={4} aria-label={noun}>
            {shown.map((item) => (
              <List.Item key={p.itemKey(item)}>{p.renderItem(item)}</List.Item>
            ))}
          </List>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" role="status">
            {p.query.isPending ? '' : p.countText(shown.length)}
          </Text>
          <Button variant="default" onClick={p.onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
