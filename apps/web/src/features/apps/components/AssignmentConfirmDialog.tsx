/**
 * 'Assignment Confirmation' (002 §4.4): assigning an app reaches every mobile of the user; the dialog
 * lists those devices, with No and Confirm. Ours (issue 26): unassigning asks too (it uninstalls from
 * every one), and when the user's mobiles could not be read the dialog says so.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { APP_MSG, type AppsPageDevice } from '@wayguard/contracts';

type Props = {
  appName: string;
  /** Assigning (true) or unassigning. */
  on: boolean;
  /** The device's user's mobiles could not be listed. */
  reachUnknown: boolean;
  devices: readonly AppsPageDevice[];
  pending: boolean;
  onNo: () => void;
  onConfirm: () => void;
};

export function AssignmentConfirmDialog({ appName, on, reachUnknown, devices, pending, onNo, onConfirm }: Props) {
  return (
    <Modal
      opened
      onClose={() => {
        if (!pending) onNo();
      }}
      title={APP_MSG.assignmentConfirmation}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">{APP_MSG.confirmReach(appName, on, devices.length)}</Text>
        <List size="sm" spacing={4} aria-label="Devices" data-testid="assignment-devices">
          {devices.map((d) => (
            <List.Item key={d.id}>
              {d.name || d.id}
              {d.online ? '' : ' (offline)'}
            </List.Item>
          ))}
        </List>
        {reachUnknown && (
          <Text size="sm" c="orange.9" role="note">
            {APP_MSG.reachUnknown}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onNo} disabled={pending} data-autofocus>
            No
          </Button>
          <Button loading={pending} onClick={onConfirm}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
