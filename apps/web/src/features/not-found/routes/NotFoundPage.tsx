/** Any unknown path (000 §2.1): the catalogue's text and a link home; no sign-in needed. */
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { MSG, PRODUCT_NAME } from '@wayguard/contracts';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={64}>
      <Stack component="main" align="flex-start" gap="md">
        <Text fw={700} size="lg">
          {PRODUCT_NAME}
        </Text>
        <Title order={1}>Page not found</Title>
        <Text size="lg">{MSG.pageNotFound}</Text>
        <Anchor component={Link} to="/" size="lg">
          Go to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}
