/**
 * Commands (ours, docs/design/agent-api.md): what was sent to the device and how far each command got, one
 * line each ("Lock screen · Sent 10:01am · Delivered 10:02am · Done 10:03am"), with its state; a failed
 * command shows its error. The card refetches every 15 seconds while a command is open.
 */
import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../components/SectionCard';
import { useDeviceCommands } from '../api/device-commands';
import type { DevicePageContext } from '../hooks/use-device-page';
import { COMMAND_STATE_COLORS, commandLine, commandStateLabel } from '../lib/command-text';

export const NO_COMMANDS = 'No commands have been sent to this device';

export function CommandsCard({ kind, id }: Pick<DevicePageContext, 'kind' | 'id'>) {
  const query = useDeviceCommands(kind, id);
  const commands = query.data?.commands;
  return (
    <SectionCard title="Commands" testId="device-commands">
      {query.isError ? (
        <Text size="sm">The commands could not be loaded.</Text>
      ) : !commands ? (
        <Loader size="sm" aria-label="Loading commands" />
      ) : commands.length === 0 ? (
        <Text size="sm">{NO_COMMANDS}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {commands.map((c) => (
            <Group key={c.id} component="li" gap="sm" wrap="nowrap" justify="space-between" data-testid="command">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {commandLine(c)}
              </Text>
              <Badge variant="dot" color={COMMAND_STATE_COLORS[c.state]} style={{ flexShrink: 0 }}>
                {commandStateLabel(c)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
