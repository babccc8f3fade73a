/**
 * The endpoint-security console card (000 §2.6, §6), shown only when eset.is_enabled: its login
 * address and its administrators (id, name), each value with a copy action ('Administrator data copied').
 */
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Anchor, DataList, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { MSG, type AccountResponse } from '@wayguard/contracts';
import { copyText } from '../lib/copy-text';
import { AccountCard } from './AccountCard';
import { Detail } from './Detail';

const COPIED = MSG.dataCopied('Administrator');

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span>{value}</span>
      <Tooltip label={label}>
        <ActionIcon variant="default" size="sm" aria-label={label} onClick={() => void copyText(value, COPIED)}>
          <IconCopy size={14} stroke={1.5} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function EndpointSecurityCard({ eset }: { eset: AccountResponse['eset'] }) {
  return (
    <AccountCard title="Endpoint Security Console" testId="endpoint-security">
      <DataList labelWidth={150}>
        <Detail label="Login URL" testId="eset-login-url">
          {eset.login_url ? (
            <Anchor href={eset.login_url} target="_blank" rel="noopener noreferrer" fz="inherit">
              {eset.login_url}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          ) : null}
        </Detail>
      </DataList>
      {eset.administrators.length > 0 ? (
        <Table.ScrollContainer minWidth={280}>
          <Table
            verticalSpacing={6}
            captionSide="top"
            styles={{ caption: { textAlign: 'left', fontWeight: 600, color: 'var(--mantine-color-text)' } }}
            data-testid="eset-administrators"
          >
            <Table.Caption>Administrators</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">ID</Table.Th>
                <Table.Th scope="col">Name</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {eset.administrators.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <CopyValue value={String(a.id)} label={`Copy ID of ${a.name}`} />
                  </Table.Td>
                  <Table.Td>
                    <CopyValue value={a.name} label={`Copy name of ${a.name}`} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No administrators
        </Text>
      )}
    </AccountCard>
  );
}
