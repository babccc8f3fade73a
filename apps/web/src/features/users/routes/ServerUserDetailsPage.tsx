/**
 * Server or local user details, /users/server_users/{id} (000 §2.1, §3.5; 002 §2.10): the user's fields
 * and devices; a deleted user is shown as Deleted with Undelete; Delete User for an active one.
 */
import { Stack } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { DeletedBanner } from '../components/DeletedBanner';
import { DeleteUserButton } from '../components/DeleteUserButton';
import { DevicesCard } from '../components/ServerUserDevicesCard';
import { ProfileInformation } from '../components/ServerUserProfileInformation';
import { useServerUserPage } from '../hooks/use-server-user-page';

export default function ServerUserDetailsPage() {
  usePageTitle('Server User Details');
  const { user, canManage } = useServerUserPage();
  const deleted = user.status === 'deactivated';
  return (
    <Stack gap="lg">
      {deleted && <DeletedBanner user={user} canManage={canManage} />}
      <ProfileInformation user={user} action={canManage && !deleted ? <DeleteUserButton user={user} /> : undefined} />
      <DevicesCard devices={user.devices} />
    </Stack>
  );
}
