/**
 * The approval warning of an app flagged for its content (001 §3 'App approval warning', §4; 002 §4.4):
 * its heading, message and checkbox, from the app's admin_warning_message (our texts when it has none).
 * Confirm stays disabled until the checkbox is ticked and while the action is on its way. Shown before
 * approving such an app, and before assigning one (is_warning) on a user's or device's Apps page.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { APP_MSG, type AdminWarningMessage } from '@wayguard/contracts';
import { BusyModal } from '../BusyModal';

type Props = {
  /** The app's name, as the page shows it. */
  name: string;
  classification: string;
  warning: AdminWarningMessage | null;
  confirmLabel?: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

/** The warning's texts: the app's own, or ours (APP_MSG) when it carries none. */
export function warningTexts(name: string, classification: string, warning: AdminWarningMessage | null) {
  return {
    heading: warning?.heading || APP_MSG.warningHeading,
    message: warning?.message || APP_MSG.warningMessage(name, classification),
    checkbox: warning?.checkbox || APP_MSG.warningCheckbox,
  };
}

/** Mounted while open: the checkbox starts unticked each time. */
export function AppWarningDialog({
  name,
  classification,
  warning,
  confirmLabel = 'Confirm',
  pending,
  onClose,
  onConfirm,
}: Props) {
  const [accepted, setAccepted] = useState(false);
  const texts = warningTexts(name, classification, warning);
  return (
    <BusyModal opened pending={pending} onClose={onClose} title={texts.heading}>
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="sm">{texts.message}</Text>
        </Alert>
        <Checkbox
          label={texts.checkbox}
          checked={accepted}
          onChange={(e) => setAccepted(e.currentTarget.checked)}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button disabled={!accepted} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </BusyModal>
  );
}
