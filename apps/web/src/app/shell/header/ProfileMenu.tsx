/** The signed-in user's menu: Profile (their user page) and Logout (000 §2.2). */
import { Avatar, Menu, Text, UnstyledButton, Group } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import type { RegistrationInfo } from '@wayguard/contracts';
import { Link } from 'react-router';
import { useLogout } from '../../../api/logout';
import { paths } from '../../../lib/paths';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

export function ProfileMenu({ info }: { info: RegistrationInfo }) {
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Profile menu for ${info.user_full_name}`}
          p={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar variant="filled" color="blue" radius="xl" size={32} aria-hidden="true">
              {initials(info.user_full_name)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="md">
              {info.user_full_name}
            </Text>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{info.user_email}</Menu.Label>
        <Menu.Item
          component={Link}
          to={paths.users.details.href(info.user_id)}
          leftSection={<IconUser size={16} aria-hidden="true" />}
        >
          Profile
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
