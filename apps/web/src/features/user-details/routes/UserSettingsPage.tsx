/**
 * User settings (002 §2.7): User Type, User Access and User Options. A deactivated user has no
 * settings: the page goes to the user's Information page.
 */
import { Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { UserAccessSection } from '../components/UserAccessSection';
import { UserOptionsSection } from '../components/UserOptionsSection';
import { UserTypeSection } from '../components/UserTypeSection';
import { useUserPage } from '../hooks/use-user-page';
import { userPath } from '../lib/paths';

export default function UserSettingsPage() {
  const { user, can } = useUserPage();
  usePageTitle(`User Settings – ${user.username}`);
  if (user.status === 'deactivated') return <Navigate to={userPath(user.id)} replace />;
  return (
    <Stack gap="lg">
      <UserTypeSection user={user} can={can} />
      <UserAccessSection user={user} can={can} />
      <UserOptionsSection user={user} can={can} />
    </Stack>
  );
}
