/**
 * The review team's pages (issue 11), outside the console's shell: the product's mark and the
 * "Wayguard Team review" name, the page's title, and (signed in) the links to the queue and the team's
 * page, who is signed in and Sign out.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME, PROVIDER_MSG, PROVIDER_TEAM_MSG } from '@wayguard/contracts';
import { paths } from '../../../lib/paths';
import classes from './ProviderLayout.module.css';

/** The signed-in pages: the queue and the team's own page (issue 25); the current one is marked. */
function Nav() {
  return (
    <Group component="nav" aria-label={PROVIDER_TEAM_MSG.navLabel} gap="md">
      {[
        { to: paths.provider.href(), label: PROVIDER_TEAM_MSG.queueLink },
        { to: paths.provider.team.href(), label: PROVIDER_TEAM_MSG.teamLink },
      ].map((l) => (
        <Anchor key={l.to} component={NavLink} to={l.to} end size="sm" className={classes.navLink}>
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}

function Mark() {
  return (
    <Group gap="xs" wrap="nowrap">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M16 2 4 7v8c0 7.5 5.1 13.6 12 15 6.9-1.4 12-7.5 12-15V7z" fill="#1c5d99" />
        <path d="m10 16 4 4 8-8" stroke="#fff" strokeWidth="3" fill="none" />
      </svg>
      <Text component="span" fw={700} fz="lg" lh={1}>
        {PRODUCT_NAME} Team
      </Text>
    </Group>
  );
}

type Props = {
  title: string;
  children: ReactNode;
  /** The signed-in staff member; the sign-in page has none. */
  staff?: { fullName: string; onSignOut: () => void };
};

export function ProviderLayout({ title, children, staff }: Props) {
  if (!staff)
    return (
      <main className={`${classes.page} ${classes.centered}`}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
          <Stack gap="lg">
            <Mark />
            <Title order={1} size="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </main>
    );
  return (
    <div className={classes.page}>
      <Stack gap="md" className={classes.wide}>
        <Group component="header" justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xl">
            <Mark />
            <Nav />
          </Group>
          <Group gap="sm">
            <Text size="sm">Signed in as {staff.fullName}</Text>
            <Button variant="default" size="xs" onClick={staff.onSignOut}>
              {PROVIDER_MSG.signOut}
            </Button>
          </Group>
        </Group>
        <main>
          <Stack gap="md">
            <Title order={1} size="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </main>
      </Stack>
    </div>
  );
}
