/** The left rail: Dashboard, Requests, Devices, Users, Account, Support (000 §2.2). */
import { Box } from '@mantine/core';
import { IconDevices, IconLayoutDashboard, IconUsers } from '@tabler/icons-react';
import type { RegistrationInfo } from '@wayguard/contracts';
import { AccountMenu } from './AccountMenu';
import { RailLink } from './RailLink';
import { RequestsMenu } from './RequestsMenu';
import { SupportMenu } from './SupportMenu';
import { paths } from '../../../lib/paths';

export function Rail({ info }: { info: RegistrationInfo }) {
  return (
    <Box p="xs" style={{ overflowY: 'auto' }} h="100%">
      <RailLink
        to={paths.home.href()}
        exact={[paths.home.path]}
        label="Dashboard"
        icon={<IconLayoutDashboard size={20} stroke={1.5} />}
      />
      <RequestsMenu info={info} />
      <RailLink to={paths.devices.list.href()} label="Devices" icon={<IconDevices size={20} stroke={1.5} />} />
      <RailLink to={paths.users.list.href()} label="Users" icon={<IconUsers size={20} stroke={1.5} />} />
      <AccountMenu classicBase={info.classic_console_url} />
      <SupportMenu />
    </Box>
  );
}
