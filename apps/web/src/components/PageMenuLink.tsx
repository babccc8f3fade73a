/** One entry of a detail page's left menu (user, server user): a link marked current on its own path. */
import type { ReactNode } from 'react';
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export const MENU_ICON = { size: 18, stroke: 1.5, 'aria-hidden': true } as const;

export function PageMenuLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
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
