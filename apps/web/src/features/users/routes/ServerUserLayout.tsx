/**
 * The frame of the server user pages (/users/server_users/{id} and /settings; 000 §2.1, 002 §2.8):
 * loads the user (a malformed id or a failed load goes to /users, 002 §8), names the breadcrumb after
 * them, shows the username, type and status, and the page's left menu (components/ServerUserMenu). The
 * pages get the user through the outlet context. A page the menu would not offer (a deleted user's web
 * access, Screen Captures without its permissions: lib/server-user-permissions.ts pageOpens) goes to the
 * root (issue 26; 002 §4.10).
 */
import { Badge, Grid, Group, Stack, Title } from '@mantine/core';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useRegistrationInfo } from '../../../api/registration-info';
import { useCrumbLabel } from '../../../lib/crumb-label';
import { useServerUserDetails } from '../api/server-user-details';
import { ServerUserMenu } from '../components/ServerUserMenu';
import type { ServerUserPageContext } from '../hooks/use-server-user-page';
import { STATUS_LABELS, typeLabel } from '../lib/server-user-labels';
import { canManageServerUsers, pageOpens } from '../lib/server-user-permissions';
import { paths } from '../../../lib/paths';

export default function ServerUserLayout() {
  const id = paths.users.serverUser.parse(useParams());
  const info = useRegistrationInfo();
  const details = useServerUserDetails(id);
  const user = details.data;
  const { pathname } = useLocation();
  useCrumbLabel(user?.username);

  // A failed background refetch keeps the page; only a failed load leaves it.
  if (id === null || (details.isError && !user)) return <Navigate to={paths.users.list.href()} replace />;
  if (!user) return <PageLoader label="Loading the user" />;
  // The page below the user's address: a deleted user's web access and Screen Captures go to the root.
  const page = pathname.slice(paths.users.serverUser.href(user.id).length).split('/')[1];
  if (!pageOpens(page, user, info.access_permissions)) return <Navigate to={paths.home.href()} replace />;

  const deleted = user.status === 'deactivated';
  const context: ServerUserPageContext = { user, info, canManage: canManageServerUsers(info) };
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {user.username}
        </Title>
        <Group gap="xs">
          <Badge variant="outline" color="blue" data-testid="server-user-type">
            {typeLabel(user.type)}
          </Badge>
          <Badge variant="dot" color={deleted ? 'red' : 'green'} data-testid="server-user-status">
            {STATUS_LABELS[user.status]}
          </Badge>
        </Group>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ServerUserMenu user={user} permissions={info.access_permissions} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {/* Keyed by user: a half-done change never carries over to another user's page. */}
          <Outlet key={user.id} context={context} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
