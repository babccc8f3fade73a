/**
 * The approval's user-selection dialog (001 §4): the account's users with a mobile device (the app
 * detail's assign_users), a search on their names, a checkbox each; Add stays disabled until at least
 * one user is chosen.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { canAddUsers } from '../lib/app-approval';

type User = { id: number; name: string };

type Props = {
  users: readonly User[];
  /** The users chosen so far (ticked when the dialog opens). */
  chosen: readonly number[];
  onClose: () => void;
  onAdd: (ids: number[]) => void;
};

/** Users whose name holds the text, without regard to case. */
export function matchingUsers(users: readonly User[], text: string): User[] {
  const t = text.trim().toLowerCase();
  return t === '' ? [...users] : users.filter((u) => u.name.toLowerCase().includes(t));
}

/** Mounted while open: its state starts from `chosen` each time. */
export function AppUsersDialog({ users, chosen, onClose, onAdd }: Props) {
  const [ids, setIds] = useState<number[]>([...chosen]);
  const [search, setSearch] = useState('');
  const shown = matchingUsers(users, search);
  const toggle = (id: number, on: boolean) => setIds((cur) => (on ? [...cur, id] : cur.filter((x) => x !== id)));
  return (
    <Modal opened onClose={onClose} title="Choose users" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <TextInput
          label="Search users"
          placeholder="Search users..."
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {users.length === 0 ? (
          <Text size="sm">No users with a mobile device</Text>
        ) : shown.length === 0 ? (
          <Text size="sm">No users found</Text>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap={6} role="group" aria-label="Users">
              {shown.map((u) => (
                <Checkbox
                  key={u.id}
                  label={u.name}
                  checked={ids.includes(u.id)}
                  onChange={(e) => toggle(u.id, e.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" role="status">
            {ids.length === 1 ? '1 user selected' : `${ids.length} users selected`}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!canAddUsers(ids)} onClick={() => onAdd(ids)}>
              Add
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
