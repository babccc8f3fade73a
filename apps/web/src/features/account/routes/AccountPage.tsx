/**
 * Account Info (/account, 000 §2.6): account information, details, logo, Android registration,
 * counts, social media profiles, when enabled the endpoint-security console, and (ours, Console
 * Admins only) the devices' enrolment tokens. Only a Console
 * Admin may change the account (the server answers others 403), so the edit controls are theirs only.
 */
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRegistrationInfo } from '../../../api/registration-info';
import { usePageTitle } from '../../../lib/page-title';
import { useAccount } from '../../../api/account';
import { AccountDetailsCard } from '../components/AccountDetailsCard';
import { AccountInformationCard } from '../components/AccountInformationCard';
import { AccountLogoCard } from '../components/AccountLogoCard';
import { AndroidRegistrationCard } from '../components/AndroidRegistrationCard';
import { EndpointSecurityCard } from '../components/EndpointSecurityCard';
import { EnrolmentTokensCard } from '../components/EnrolmentTokensCard';
import { LogoEditorModal } from '../components/LogoEditorModal';
import { OnThisAccountCard } from '../components/OnThisAccountCard';
import { SocialProfilesCard } from '../components/SocialProfilesCard';
import { useAddLogoParam } from '../hooks/use-add-logo-param';

export const ACCOUNT_TITLE = 'Account Info';

export default function AccountPage() {
  usePageTitle(ACCOUNT_TITLE);
  const info = useRegistrationInfo();
  const account = useAccount();
  const canEdit = info.user_type === 'console_admin';
  const [editorOpen, editor] = useDisclosure(false);
  useAddLogoParam(canEdit, editor.open);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{ACCOUNT_TITLE}</Title>
        {!canEdit ? (
          <Text size="sm" c="dimmed" data-testid="account-read-only">
            Only a Console Admin can change the account.
          </Text>
        ) : null}
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <AccountInformationCard account={account} />
            <AccountDetailsCard account={account} countryCodes={info.country_codes} canEdit={canEdit} />
            <SocialProfilesCard account={account} canEdit={canEdit} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <AccountLogoCard account={account} canEdit={canEdit} onEdit={editor.open} />
            <OnThisAccountCard account={account} />
            <AndroidRegistrationCard sfa={account.sfa} classicBase={info.classic_console_url} canEdit={canEdit} />
            {account.eset.is_enabled ? <EndpointSecurityCard eset={account.eset} /> : null}
          </Stack>
        </Grid.Col>
        {canEdit ? (
          <Grid.Col span={12}>
            <EnrolmentTokensCard />
          </Grid.Col>
        ) : null}
      </Grid>
      {canEdit ? <LogoEditorModal opened={editorOpen} onClose={editor.close} /> : null}
    </Stack>
  );
}
