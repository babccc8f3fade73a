/** The user's devices (000 §3.4), each linking to its device page. */
import { Anchor, Group, Table, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { MSG, type UserDetails } from '@wayguard/contracts';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/SectionCard';
import { paths } from '../../../lib/paths';

const KIND = { machine: 'PC', mobile: 'Mobile device' } as const;

export function DevicesCard({ user }: { user: UserDetails }) {
  return (
    <SectionCard title="Devices" testId="devices">
      {user.devices.length === 0 ? (
        <Text size="sm">{MSG.noDevices}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.devices.map((d) => {
                const Icon = d.type === 'mobile' ? IconDeviceMobile : IconDeviceDesktop;
                return (
                  <Table.Tr key={`${d.type}-${d.id}`}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.devices.href(d.type, d.id)} size="sm">
                        {d.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Icon size={16} stroke={1.5} aria-hidden="true" />
                        <Text size="sm">{KIND[d.type]}</Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
