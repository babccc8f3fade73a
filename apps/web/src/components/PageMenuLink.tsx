/** One entry of a detail page's left menu (user, server user): a link marked current on its own path. */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteNavLink } from './RouteNavLink';

export const MENU_ICON = { size: 18, stroke: 1.5, 'aria-hidden': true } as const;

export function PageMenuLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const current = useLocation().pathname.replace(/\/+$/, '') === to;
  return <RouteNavLink to={to} label={label} icon={icon} active={current} current={current} variant="filled" />;
}
