/**
 * The frame of the account's own web-access pages (issue 26): a heading that says whose rules these are,
 * the pages' menu (Websites, Categories, Media) and the page. The pages are the device and server user
 * pages' screens for the account node.
 */
import { Grid, Stack, Text, Title } from '@mantine/core';
import { IconCategory, IconMovie, IconWorldWww } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { MENU_ICON, PageMenuLink } from '../../../components/PageMenuLink';
import { ACCOUNT_PAGE_LABELS, ACCOUNT_WEB_ACCESS_PAGES, accountWebAccessHref } from '../lib/account-pages';

const ICONS = {
  websites: <IconWorldWww {...MENU_ICON} />,
  categories: <IconCategory {...MENU_ICON} />,
  media: <IconMovie {...MENU_ICON} />,
};

export default function AccountWebAccessLayout() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Account web access</Title>
        <Text c="dimmed" size="sm">
          The account&apos;s own rules: every device and user follows them unless a rule of their own decides.
        </Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <nav aria-label="Account web access pages">
            {ACCOUNT_WEB_ACCESS_PAGES.map((page) => (
              <PageMenuLink
                key={page}
                to={accountWebAccessHref(page)}
                label={ACCOUNT_PAGE_LABELS[page]}
                icon={ICONS[page]}
              />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
