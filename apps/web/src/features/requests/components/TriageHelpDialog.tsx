/**
 * The keyboard shortcuts of the pending list (issue 11 'Keyboard triage'), opened by '?' or the
 * 'Keyboard shortcuts' button: a table of keys and what they do (lib/triage.ts), and when they work.
 */
import { Fragment } from 'react';
import { Button, Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { TRIAGE_SHORTCUTS } from '../lib/triage';

export function TriageHelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          On the pending list, these keys work anywhere but in a text field or an open dialog. The approval and the
          denial open their dialog first: press Enter there to confirm, Escape to cancel.
        </Text>
        <Table verticalSpacing={6} striped>
          <Table.Caption>Pending requests shortcuts</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Keys</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TRIAGE_SHORTCUTS.map((s) => (
              <Table.Tr key={s.command}>
                <Table.Td>
                  {s.keys.map((k, i) => (
                    <Fragment key={k}>
                      {i > 0 && (s.keys[0] === 'Shift' ? ' + ' : ' or ')}
                      <Kbd>{k}</Kbd>
                    </Fragment>
                  ))}
                </Table.Td>
                <Table.Td>{s.does}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
