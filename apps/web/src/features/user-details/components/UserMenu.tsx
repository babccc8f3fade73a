/** The user pages' left menu (000 §2.8): Information; Settings unless deactivated; Apps unless deactivated or without devices. */
import type { ReactNode } from 'react';
import { NavLink } from '@mantine/core';
import { IconApps, IconId, IconSettings } from '@tabler/icons-react';
import type { UserDetails } from '@wayguard/contracts';
import { Link, useLocation } from 'react-router';
import { userMenuEntries } from '../lib/permissions';
import { userAppsPath, userPath, userSettingsPath } from '../lib/paths';

const ICON = { size: 18, stroke: 1.5, 'aria-hidden': true } as const;

export function UserMenu({ user }: { user: UserDetails }) {
  const entries = userMenuEntries(user);
  return (
    <nav aria-label="User pages">
      <MenuLink to={userPath(user.id)} label="Information" icon={<IconId {...ICON} />} />
      {entries.settings && (
        <MenuLink to={userSettingsPath(user.id)} label="Settings" icon={<IconSettings {...ICON} />} />
      )}
      {entries.apps && <MenuLink to={userAppsPath(user.id)} label="Apps" icon={<IconApps {...ICON} />} />}
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
