/**
 * A navigation entry to an in-app address: Mantine's NavLink through the router, marked `aria-current`
 * when it is the page shown. The rail (RailLink) and the detail pages' menus (PageMenuLink) say when.
 */
import type { ReactNode } from 'react';
import { NavLink, type NavLinkProps } from '@mantine/core';
import { Link } from 'react-router';

type Props = {
  to: string;
  label: string;
  icon?: ReactNode;
  rightSection?: ReactNode;
  /** Highlighted (the page or one below it). */
  active: boolean;
  /** The page shown. */
  current: boolean;
  variant?: NavLinkProps['variant'];
};

export function RouteNavLink({ icon, current, ...link }: Props) {
  return <NavLink component={Link} leftSection={icon} aria-current={current ? 'page' : undefined} {...link} />;
}
