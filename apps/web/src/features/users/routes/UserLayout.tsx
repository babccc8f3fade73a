/**
 * The frame of every console user page (/users/{userId}, /settings, /apps; 000 §2.8): loads the user
 * (a failed load goes to /users), names the breadcrumb after them, and shows their name, type and
 * status with the left menu. A page whose menu entry is hidden goes to Information. The pages below
 * get the user through the outlet context.
 */
import { Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { USER_STATUS_LABELS, userDisplayName } from '../lib/user-labels';
import { useRegistrationInfo } from '../../../api/registration-info';
import { useCrumbLabel } from '../../../lib/crumb-label';
import { useUserDetails } from '../api/user-details';
import { UserMenu } from '../components/UserMenu';
import type { UserPageContext } from '../hooks/use-user-page';
import { USER_HEADING_ID } from '../lib/focus';
import { hiddenUserPage, userPermissions } from '../lib/permissions';
import { paths } from '../../../lib/paths';

const STATUS_COLORS = {
  activated: 'green',
  deactivated: 'red',
  awaiting_activation: 'blue',
  password_reset: 'orange',
} as const;

export default function UserLayout() {
  const id = paths.users.details.parse(useParams());
  const viewer = useRegistrationInfo();
  const details = useUserDetails(id ?? 0, id !== null);
  const user = details.data;
  const { pathname } = useLocation();
  useCrumbLabel(user?.username);

  if (id === null || (details.isError && !user)) return <Navigate to={paths.users.list.href()} replace />;
  if (!user) return <PageLoader label="Loading user" />;
  // Also when the user is deactivated meanwhile, e.g. from their Settings page.
  if (hiddenUserPage(user, pathname)) return <Navigate to={paths.users.details.href(user.id)} replace />;

  const context: UserPageContext = { user, viewer, can: userPermissions(viewer, user) };
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} id={USER_HEADING_ID} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
          {userDisplayName(user)}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.username}
          </Text>
          <Badge variant="outline" color="blue" data-testid="user-type">
            {user.type.name}
          </Badge>
          <Badge variant="dot" color={STATUS_COLORS[user.status]} data-testid="user-status">
            {USER_STATUS_LABELS[user.status]}
          </Badge>
          {context.can.self && (
            <Badge variant="default" data-testid="user-self">
              You
            </Badge>
          )}
        </Group>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <UserMenu user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {/* Keyed by user: a half-done edit or an open dialog never carries over to another user's page. */}
          <Outlet key={user.id} context={context} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
