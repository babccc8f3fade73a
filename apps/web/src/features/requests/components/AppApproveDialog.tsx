/**
 * The app approval dialog (001 §4 'App approval dialog', §7 POST /app_requests/app): the app, its
 * warnings ('This app may contain unsuitable content', 'This app is not from Google Play Store', 'Auto
 * Assign cannot be enabled for this mobile app. …'), auto assign (disabled when is_prevent_autoassign),
 * the users to assign it to otherwise (the user-selection dialog), and mandatory install. Approve sends
 * it; for a flagged app it opens the warning dialog first, whose Confirm waits for its checkbox. One
 * modal shows at a time: the user selection and the warning replace the form and return to it.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Modal, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { APP_MSG, approvalWarnings, type AppApprovalBody, type AppRequestItem } from '@wayguard/contracts';
import { useAppDetail } from '../../../api/app-detail';
import switchClasses from '../../../components/ContrastSwitch.module.css';
import { AppIcon } from '../../../components/apps/AppIcon';
import { AppWarningDialog } from '../../../components/apps/AppWarningDialog';
import {
  approvalBody,
  assignSummary,
  canAutoAssign,
  initialDraft,
  needsWarning,
  type ApprovalDraft,
} from '../lib/app-approval';
import { AppUsersDialog } from './AppUsersDialog';

type Props = {
  row: AppRequestItem;
  pending: boolean;
  onClose: () => void;
  onApprove: (body: AppApprovalBody) => void;
};

type Step = 'form' | 'users' | 'warning';

export const APPROVE_TITLE = 'Approve app';

export function AppApproveDialog({ row, pending, onClose, onApprove }: Props) {
  const detail = useAppDetail(row.package_name);
  const [draft, setDraft] = useState<ApprovalDraft | null>(null);
  const [step, setStep] = useState<Step>('form');
  const close = () => {
    if (!pending) onClose();
  };

  if (!detail.data)
    return (
      <Modal opened onClose={close} title={APPROVE_TITLE} closeButtonProps={{ 'aria-label': 'Close' }}>
        {detail.isError ? (
          <Text size="sm" c="red" role="alert">
            The details of {row.title || row.package_name} could not be loaded.
          </Text>
        ) : (
          <Skeleton height={160} radius="sm" aria-label="Loading the app" />
        )}
      </Modal>
    );

  const app = detail.data;
  const current = draft ?? initialDraft(app);
  const name = app.name || row.title || row.package_name;
  const send = (warningAccepted: boolean) => onApprove(approvalBody(row.package_name, current, app, warningAccepted));

  if (step === 'users')
    return (
      <AppUsersDialog
        users={app.assign_users}
        chosen={current.users}
        onClose={() => setStep('form')}
        onAdd={(users) => {
          setDraft({ ...current, users });
          setStep('form');
        }}
      />
    );
  if (step === 'warning')
    return (
      <AppWarningDialog
        name={name}
        classification={app.classification}
        warning={app.admin_warning_message}
        pending={pending}
        onClose={() => setStep('form')}
        onConfirm={() => send(true)}
      />
    );

  const warnings = approvalWarnings(app);
  const autoAllowed = canAutoAssign(app);
  const chosenNames = app.assign_users.filter((u) => current.users.includes(u.id)).map((u) => u.name);
  return (
    <Modal opened onClose={close} title={APPROVE_TITLE} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <AppIcon src={app.image_url} size={40} />
          <Stack gap={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.package_name}
            </Text>
          </Stack>
        </Group>
        {warnings.length > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Text size="sm" fw={700} mb={4}>
              Warnings
            </Text>
            <List size="sm" spacing={4} data-testid="approval-warnings">
              {warnings.map((w) => (
                <List.Item key={w}>{w}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Switch
          label={APP_MSG.autoAssign}
          classNames={{ input: switchClasses.input, track: switchClasses.track }}
          description={autoAllowed ? 'Every user, now and later, gets the app' : undefined}
          checked={current.autoAssign && autoAllowed}
          disabled={!autoAllowed}
          onChange={(e) => setDraft({ ...current, autoAssign: e.currentTarget.checked })}
        />
        {!(current.autoAssign && autoAllowed) && (
          <Stack gap={4}>
            <Group justify="space-between" gap="sm">
              <Text size="sm" fw={600}>
                Assign to
              </Text>
              <Button size="xs" variant="default" aria-haspopup="dialog" onClick={() => setStep('users')}>
                {APP_MSG.chooseUsers}
              </Button>
            </Group>
            <Text size="sm" data-testid="approval-users">
              {chosenNames.length > 0 ? chosenNames.join(', ') : assignSummary(current)}
            </Text>
          </Stack>
        )}
        <Checkbox
          label={APP_MSG.mandatory}
          description="Users cannot remove it from their mobiles"
          checked={current.mandatory}
          onChange={(e) => setDraft({ ...current, mandatory: e.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button loading={pending} onClick={() => (needsWarning(app, row) ? setStep('warning') : send(false))}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
