/**
 * 'Assignment Confirmation' (002 §4.4): assigning an app reaches every mobile of the user; the dialog
 * lists those devices, with No and Confirm.
 */
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { APP_MSG, type AppsPageDevice } from '@wayguard/contracts';

type Props = {
  appName: string;
  devices: readonly AppsPageDevice[];
  pending: boolean;
  onNo: () => void;
  onConfirm: () => void;
};

export function AssignmentConfirmDialog({ appName, devices, pending, onNo, onConfirm }: Props) {
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
        <Text size="sm">
          {appName} will be assigned on these {devices.length} devices:
        </Text>
        <List size="sm" spacing={4} aria-label="Devices" data-testid="assignment-devices">
          {devices.map((d) => (
            <List.Item key={d.id}>
              {d.name || d.id}
              {d.online ? '' : ' (offline)'}
            </List.Item>
          ))}
        </List>
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
