/**
 * A replacement awaiting a decision (issue 25): another device enrolled with this device's identity
 * without its secret. The current and the new hardware side by side; a Console Admin approves (the new
 * device gets the secret, the old one is cut off) or refuses it, each after a confirmation. Shown only
 * while one is pending.
 */
import { useState } from 'react';
import { Alert, Button, Group, Table } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DEVICE_IDENTITY_MSG, type DeviceHardware, type DeviceKind } from '@wayguard/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import { formatDateTime } from '../../../lib/dates';
import { useAction } from '../../../lib/use-action';
import { decideReplacementAction, useDeviceReplacement } from '../api/device-identity';
import { orMissing } from '../lib/device-labels';

const ROWS: [label: string, value: (h: DeviceHardware) => string][] = [
  ['Serial', (h) => h.serial],
  ['Instance ID', (h) => h.instance_id],
  ['Hardware UUID', (h) => h.hardware_uuid],
  ['Model', (h) => h.model],
  ['OS', (h) => `${h.os} ${h.os_version}`.trim()],
  ['Agent version', (h) => h.agent_version],
  ['Address', (h) => h.address],
  ['Enrolled', (h) => (h.at ? formatDateTime(h.at) : '')],
];

type Props = { kind: DeviceKind; id: string; canDecide: boolean };

export function ReplacementCard({ kind, id, canDecide }: Props) {
  const replacement = useDeviceReplacement(kind, id).data?.replacement ?? null;
  const [asking, setAsking] = useState<'approve' | 'refuse' | null>(null);
  const decide = useAction({
    ...decideReplacementAction,
    success: (_, v) =>
      v.decision === 'approve' ? DEVICE_IDENTITY_MSG.replacementApproved : DEVICE_IDENTITY_MSG.replacementRefused,
  });
  if (!replacement) return null;

  const confirm = async () => {
    if (!asking) return;
    const outcome = await decide.run({ id, type: kind, replacement_id: replacement.id, decision: asking });
    if (outcome.ok || outcome.message) setAsking(null);
  };

  return (
    <SectionCard
      title="Replacement waiting for approval"
      description={`Another device enrolled as this one with the token “${replacement.token_label}”, without this device's secret. It gets no access until an administrator approves it.`}
      testId="device-replacement"
    >
      <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />}>
        Approve only if this device was really replaced or reinstalled: the new device takes over its settings, commands
        and history, and the current one is cut off.
      </Alert>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-label="Current and new hardware">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Detail</Table.Th>
              <Table.Th scope="col">Current device</Table.Th>
              <Table.Th scope="col">New device</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROWS.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{orMissing(value(replacement.current))}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{orMissing(value(replacement.proposed))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canDecide && (
        <Group gap="sm">
          <Button onClick={() => setAsking('approve')}>Approve replacement</Button>
          <Button variant="default" color="red" onClick={() => setAsking('refuse')}>
            Refuse
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'approve' ? 'Approve the replacement?' : 'Refuse the replacement?'}
        confirmLabel={asking === 'approve' ? 'Approve' : 'Refuse'}
        danger={asking === 'approve'}
        pending={decide.pending}
        onClose={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        {asking === 'approve'
          ? 'The new device gets this device’s place and secret; the current one is cut off at once.'
          : 'The new device gets no access; this device keeps working as it is.'}
      </ConfirmDialog>
    </SectionCard>
  );
}
