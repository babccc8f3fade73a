/**
 * User settings (002 §2.7): User Type, User Access and User Options. A deactivated user has no
 * settings: UserLayout sends the address to the user's Information page.
 */
import { Stack } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { UserAccessSection } from '../components/UserAccessSection';
import { UserOptionsSection } from '../components/UserOptionsSection';
import { UserTypeSection } from '../components/UserTypeSection';
import { useUserPage } from '../hooks/use-user-page';

export default function UserSettingsPage() {
  const { user, can } = useUserPage();
  usePageTitle(`User Settings – ${user.username}`);
  return (
    <Stack gap="lg">
      <UserTypeSection user={user} can={can} />
      <UserAccessSection user={user} can={can} />
      <UserOptionsSection user={user} can={can} />
    </Stack>
  );
}
