/** User Information (001 §2.2): everyone seen on the device, newest last_active first, each linking to their page. */
import { Group, Stack, Text } from '@mantine/core';
import { MISSING_VALUE } from '@wayguard/contracts';
import { SectionCard } from '../../../components/SectionCard';
import { TimeText } from '../../../components/list';
import type { DevicePageContext } from '../hooks/use-device-page';
import { NEVER, relativeTime } from '../lib/device-labels';
import { sortUsersByLastActive, USER_KIND_LABELS } from '../lib/device-users';
import { DeviceUserLink } from './DeviceUserLink';

export function UserInformationCard({ device }: Pick<DevicePageContext, 'device'>) {
  const users = sortUsersByLastActive(device.users);
  return (
    <SectionCard title="User Information" testId="user-information">
      {users.length === 0 ? (
        <Text size="sm">{MISSING_VALUE}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {users.map((u) => (
            <Group key={`${u.type}-${u.id}`} component="li" justify="space-between" gap="sm" wrap="wrap">
              <Group gap="xs">
                <DeviceUserLink user={u} />
                <Text size="xs" c="dimmed">
                  {USER_KIND_LABELS[u.type]}
                </Text>
              </Group>
              <Text size="sm">
                Last active:{' '}
                {u.last_active ? <TimeText unixSeconds={u.last_active}>{relativeTime(u.last_active)}</TimeText> : NEVER}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
