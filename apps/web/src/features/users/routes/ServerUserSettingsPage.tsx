/**
 * Server user settings, /users/server_users/{id}/settings (002 §2.8, §2.10): User Access Section, Web
 * Access Options and Social Media Options. A deleted user has no settings: back to the user's page.
 */
import { Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { OptionsSections } from '../components/OptionsSections';
import { UserAccessSection } from '../components/ServerUserAccessSection';
import { useServerUserPage } from '../hooks/use-server-user-page';
import { paths } from '../../../lib/paths';

export default function ServerUserSettingsPage() {
  usePageTitle('Server User Settings');
  const { user, info, canManage } = useServerUserPage();
  if (user.status === 'deactivated') return <Navigate to={paths.users.serverUser.href(user.id)} replace />;
  return (
    <Stack gap="lg">
      <UserAccessSection user={user} canManage={canManage} />
      <OptionsSections user={user} permissions={info.access_permissions} canManage={canManage} />
    </Stack>
  );
}
