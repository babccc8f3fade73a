/**
 * Delete User (002 §2.10) with its confirmation dialog. Rendered only for an active user and a Console
 * Admin; the caller decides. A deleted user is shown as Deleted and can be undeleted.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { personName, type ServerUserDetails } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { serverUserAction, serverUserActionSuccess } from '../api/server-user-action';

const DELETE_USER = 'Delete User';

/** The person by the naming rule, and the username beside a name: two pupils may share a name. */
function namedWithUsername(user: ServerUserDetails): string {
  const name = personName(user);
  return user.username && name !== user.username ? `${name} (${user.username})` : name;
}

export function DeleteUserButton({ user }: { user: ServerUserDetails }) {
  const [opened, { open, close }] = useDisclosure(false);
  const action = useAction({ ...serverUserAction, success: serverUserActionSuccess });

  // On failure the dialog stays open with the toast; Cancel closes it.
  const confirm = async () => {
    if ((await action.run({ id: user.id, action: 'delete' })).ok) close();
  };

  return (
    <>
      <Button color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={open}>
        {DELETE_USER}
      </Button>
      <Modal opened={opened} onClose={close} title={DELETE_USER} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="lg">
          <Text style={{ overflowWrap: 'anywhere' }}>
            Delete {namedWithUsername(user)}? The user will be shown as Deleted until you undelete them.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={action.pending}>
              {DELETE_USER}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
