/**
 * An expandable rail entry (Requests, Account, Support, and the accordions inside them). It opens by
 * itself when the user navigates into its area; the user can close or open it at any time.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink } from '@mantine/core';
import { useLocation } from 'react-router';

type Props = {
  label: string;
  icon?: ReactNode;
  /** Path prefix of the area this group belongs to (opens the group when entered). */
  area?: string;
  children: ReactNode;
  onOpenedChange?: (opened: boolean) => void;
};

export function RailGroup({ label, icon, area, children, onOpenedChange }: Props) {
  const { pathname } = useLocation();
  const inArea = area !== undefined && (pathname === area || pathname.startsWith(`${area}/`));
  const [opened, setOpened] = useState(inArea);
  const [wasInArea, setWasInArea] = useState(inArea);
  const childrenId = useId();

  // Entering the area opens the group (state adjusted during render, not in an effect).
  if (inArea !== wasInArea) {
    setWasInArea(inArea);
    if (inArea) setOpened(true);
  }
  useEffect(() => {
    onOpenedChange?.(opened);
  }, [opened, onOpenedChange]);

  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      active={inArea && !opened}
      aria-expanded={opened}
      aria-controls={childrenId}
      childrenOffset={28}
    >
      <div id={childrenId}>{children}</div>
    </NavLink>
  );
}
