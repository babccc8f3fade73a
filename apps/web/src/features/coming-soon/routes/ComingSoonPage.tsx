/** Placeholder for screens of later features: says plainly that the screen is not available yet. */
import { Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';
import { usePageTitle } from '../../../lib/page-title';

export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1}>{title}</Title>
      <Text>
        <IconTools size={18} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
        {MSG.comingSoon}
      </Text>
    </Stack>
  );
}
