/**
 * The endpoint-security console card (000 §2.6, §6), shown only when eset.is_enabled: its login
 * address (copied with 'Login URL data copied') and its administrators (id, name), each value with a
 * copy action ('Administrator data copied').
 */
import type { ReactNode } from 'react';
import { ActionIcon, Anchor, DataList, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { MSG, type AccountResponse } from '@wayguard/contracts';
import { copyText } from '../lib/copy-text';
import { AccountCard } from './AccountCard';
import { Detail } from './Detail';

const ADMIN_COPIED = MSG.dataCopied('Administrator');
const URL_COPIED = MSG.dataCopied('Login URL');

type CopyProps = { value: string; label: string; copied: string; children?: ReactNode };

/** A value with its copy button; the button's name says what it copies. */
function CopyValue({ value, label, copied, children }: CopyProps) {
  return (
    <Group gap={6} wrap="nowrap">
      <span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{children ?? value}</span>
      <Tooltip label={label}>
        <ActionIcon variant="default" aria-label={label} onClick={() => void copyText(value, copied)}>
          <IconCopy size={16} stroke={1.5} aria-hidden="true" />
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
            <CopyValue value={eset.login_url} label="Copy login URL" copied={URL_COPIED}>
              <Anchor href={eset.login_url} target="_blank" rel="noopener noreferrer" fz="inherit">
                {eset.login_url}
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </Anchor>
            </CopyValue>
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
                    <CopyValue value={String(a.id)} label={`Copy ID of ${a.name}`} copied={ADMIN_COPIED} />
                  </Table.Td>
                  <Table.Td>
                    <CopyValue value={a.name} label={`Copy name of ${a.name}`} copied={ADMIN_COPIED} />
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
