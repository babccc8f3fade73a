/**
 * User details, Information (000 §2.8): status and failed e-mail banners, Profile Information (editable
 * except for deactivated users), the Deactivation Note, Devices and Profile Details.
 */
import { Stack } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { DeactivationNoteCard } from '../components/DeactivationNoteCard';
import { DevicesCard } from '../components/DevicesCard';
import { FailedEmailBanner } from '../components/FailedEmailBanner';
import { ProfileDetailsCard } from '../components/ProfileDetailsCard';
import { ProfileInformationCard } from '../components/ProfileInformationCard';
import { StatusBanners } from '../components/StatusBanners';
import { useUserPage } from '../hooks/use-user-page';

export default function UserInformationPage() {
  const page = useUserPage();
  usePageTitle(`User Details – ${page.user.username}`);
  return (
    <Stack gap="lg">
      <StatusBanners user={page.user} can={page.can} />
      <FailedEmailBanner user={page.user} />
      <ProfileInformationCard {...page} />
      <DeactivationNoteCard user={page.user} />
      <DevicesCard user={page.user} />
      <ProfileDetailsCard user={page.user} viewer={page.viewer} />
    </Stack>
  );
}
