/** A deleted (deactivated) server user: shown as Deleted with an Undelete action (000 §3.5, §4.4). */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRestore, IconUserX } from '@tabler/icons-react';
import { MSG, type ServerUserDetails } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { serverUserAction, serverUserActionSuccess } from '../api/server-user-action';

export function DeletedBanner({ user, canManage }: { user: ServerUserDetails; canManage: boolean }) {
  const action = useAction({ ...serverUserAction, success: serverUserActionSuccess });
  const undelete = () => void action.run({ id: user.id, action: 'undelete' });

  return (
    // A standing notice, not a live alert: the toast already announced the change.
    <Alert
      role="note"
      variant="outline"
      color="red"
      title={MSG.serverUserDeleted}
      icon={<IconUserX aria-hidden="true" />}
      data-testid="deleted-banner"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {canManage
            ? 'Their settings and web access are not available until they are undeleted.'
            : 'Their settings and web access are not available. Only a Console Admin can undelete them.'}
        </Text>
        {canManage && (
          <Button
            leftSection={<IconRestore size={18} aria-hidden="true" />}
            onClick={undelete}
            loading={action.pending}
          >
            Undelete
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
