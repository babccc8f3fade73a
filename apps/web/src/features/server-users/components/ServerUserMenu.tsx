/** The server user pages' left menu: Information, and Settings unless the user is deleted (000 §6). */
import type { ReactNode } from 'react';
import { NavLink } from '@mantine/core';
import { IconId, IconSettings } from '@tabler/icons-react';
import type { ServerUserDetails } from '@wayguard/contracts';
import { Link, useLocation } from 'react-router';
import { serverUserPath, serverUserSettingsPath } from '../lib/paths';

const ICON = { size: 18, stroke: 1.5, 'aria-hidden': true } as const;

export function ServerUserMenu({ user }: { user: ServerUserDetails }) {
  return (
    <nav aria-label="User pages">
      <MenuLink to={serverUserPath(user.id)} label="Information" icon={<IconId {...ICON} />} />
      {user.status !== 'deactivated' && (
        <MenuLink to={serverUserSettingsPath(user.id)} label="Settings" icon={<IconSettings {...ICON} />} />
      )}
    </nav>
  );
}

function MenuLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const current = useLocation().pathname.replace(/\/+$/, '') === to;
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={current}
      variant="filled"
      aria-current={current ? 'page' : undefined}
    />
  );
}
