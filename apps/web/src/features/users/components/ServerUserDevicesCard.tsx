/** The user's devices, each linking to its device page (/devices/{type}/{id}). */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { MSG, type ServerUserDetails } from '@wayguard/contracts';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/SectionCard';
import { paths } from '../../../lib/paths';

const KIND = { machine: { label: 'PC', Icon: IconDeviceDesktop }, mobile: { label: 'Mobile', Icon: IconDeviceMobile } };

export function DevicesCard({ devices }: { devices: ServerUserDetails['devices'] }) {
  return (
    <SectionCard title="Devices" testId="devices">
      {devices.length === 0 ? (
        <Text>{MSG.noDevices}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {devices.map((d) => {
            const { label, Icon } = KIND[d.type];
            return (
              <Group component="li" key={`${d.type}-${d.id}`} gap="xs" wrap="nowrap">
                <Icon size={18} stroke={1.5} aria-hidden="true" />
                <Anchor component={Link} to={paths.devices.href(d.type, d.id)}>
                  {d.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
              </Group>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
