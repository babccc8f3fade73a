/** A router link styled as a Mantine anchor, for the links between the public pages. */
import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" underline="always">
      {children}
    </Anchor>
  );
}
