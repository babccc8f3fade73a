/**
 * Enrolment Tokens (ours, docs/decisions/devices.md "Enrolment tokens"): the tokens devices join this account with —
 * their name, hint, use, console user (issue 25) and state — with New Token and Revoke, whose confirmation can also
 * retire the devices the token enrolled. Console Admins only: the page shows it to them.
 */
import { useState } from 'react';
import { Badge, Button, Checkbox, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ENROLMENT_TOKEN_MSG, ENROLMENT_TOKEN_STATE_LABELS, type EnrolmentToken } from '@wayguard/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDate } from '../../../lib/dates';
import { useAction } from '../../../lib/use-action';
import { revokeEnrolmentTokenAction, useEnrolmentTokens } from '../api/enrolment-tokens';
import { AccountCard } from './AccountCard';
import { NewEnrolmentTokenDialog } from './NewEnrolmentTokenDialog';

const STATE_COLOR: Record<EnrolmentToken['state'], string> = {
  active: 'green',
  expired: 'gray',
  used_up: 'gray',
  revoked: 'red',
};

export function EnrolmentTokensCard() {
  const tokens = useEnrolmentTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<EnrolmentToken | null>(null);
  const [retireToo, setRetireToo] = useState(false);
  const revoke = useAction({
    ...revokeEnrolmentTokenAction,
    success: (data, v) =>
      v.retire_devices ? ENROLMENT_TOKEN_MSG.revokedAndRetired(data.retired) : ENROLMENT_TOKEN_MSG.revoked,
  });
  const askRevoke = (t: EnrolmentToken) => {
    setRetireToo(false);
    setRevoking(t);
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    const outcome = await revoke.run({ id: revoking.id, retire_devices: retireToo });
    // A refusal (revoked meanwhile) has shown its toast and refreshed the list: nothing left to ask.
    if (outcome.ok || outcome.message) setRevoking(null);
  };

  const action = (
    <Button
      size="xs"
      variant="outline"
      leftSection={<IconPlus size={14} aria-hidden="true" />}
      onClick={() => setCreating(true)}
    >
      New Token
    </Button>
  );

  return (
    <AccountCard title="Enrolment Tokens" action={action} testId="enrolment-tokens">
      <Text size="sm" c="dimmed">
        Devices join this account with a token: enter it when the Wayguard agent asks for one.
      </Text>
      {tokens.isError ? (
        <Text size="sm" role="alert">
          The tokens could not be loaded.
        </Text>
      ) : tokens.data === undefined ? (
        <Text size="sm" aria-busy="true">
          Loading the tokens…
        </Text>
      ) : tokens.data.tokens.length === 0 ? (
        <Text size="sm">No tokens yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="Enrolment tokens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Token</Table.Th>
                <Table.Th>Devices</Table.Th>
                <Table.Th>Console user</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.tokens.map((t) => (
                <Table.Tr key={t.id} data-testid={`enrolment-token-${t.id}`}>
                  <Table.Td>{t.label}</Table.Td>
                  <Table.Td>
                    <Text component="span" ff="monospace" size="sm">
                      {t.hint}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {t.uses.toLocaleString('en-US')} of {t.max_uses.toLocaleString('en-US')}
                  </Table.Td>
                  <Table.Td>{t.user?.name ?? 'None'}</Table.Td>
                  <Table.Td>{formatDate(t.expires)}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={STATE_COLOR[t.state]}>
                      {ENROLMENT_TOKEN_STATE_LABELS[t.state]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {t.state === 'active' ? (
                      <Button size="xs" variant="subtle" color="red" onClick={() => askRevoke(t)}>
                        Revoke<VisuallyHidden> {t.label}</VisuallyHidden>
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NewEnrolmentTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke token"
        confirmLabel="Revoke"
        danger
        pending={revoke.pending}
        onClose={() => setRevoking(null)}
        onConfirm={() => void confirmRevoke()}
      >
        <Stack gap="sm">
          <span>
            Revoke “{revoking?.label}”? No new device can use this token. Devices already enrolled stay enrolled unless
            you retire them too.
          </span>
          <Checkbox
            label={ENROLMENT_TOKEN_MSG.retireDevices}
            description="They are cut off at once; their history stays readable."
            checked={retireToo}
            onChange={(e) => setRetireToo(e.currentTarget.checked)}
            disabled={revoke.pending}
          />
        </Stack>
      </ConfirmDialog>
    </AccountCard>
  );
}
