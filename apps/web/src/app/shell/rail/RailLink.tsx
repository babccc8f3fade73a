/** One in-app entry of the rail. Active for its own path (and sub-paths unless `end`). */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteNavLink } from '../../../components/RouteNavLink';

type Props = {
  to: string;
  label: string;
  icon?: ReactNode;
  /** Active only on exactly these paths (defaults to `to` and everything below it). */
  exact?: string[];
  rightSection?: ReactNode;
};

export function RailLink({ to, label, icon, exact, rightSection }: Props) {
  const { pathname } = useLocation();
  const current = exact ? exact.includes(pathname) : pathname === to;
  const active = current || (!exact && to !== '/' && pathname.startsWith(`${to}/`));
  return (
    <RouteNavLink to={to} label={label} icon={icon} rightSection={rightSection} active={active} current={current} />
  );
}
