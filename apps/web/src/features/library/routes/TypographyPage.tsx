/**
 * /library/typography (000 §2.1): the console's type scale in the bare layout: the six heading levels,
 * body text sizes, dimmed and bold text, links and code, in the theme's fonts.
 */
import { Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';

const HEADINGS = [1, 2, 3, 4, 5, 6] as const;
const SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

export default function TypographyPage() {
  usePageTitle('Typography');
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>Typography</Title>
        <Text>
          The type scale of the console. Back to the{' '}
          <Anchor component={Link} to="/library">
            Library
          </Anchor>
          .
        </Text>
      </Stack>

      <Stack component="section" aria-label="Headings" gap="sm">
        <Text fw={700}>Headings (levels 1 to 6)</Text>
        {HEADINGS.map((order) => (
          <Title key={order} order={order}>
            Heading {order}: Pending website requests
          </Title>
        ))}
      </Stack>

      <Stack component="section" aria-label="Body text" gap="sm">
        <Text fw={700}>Body text</Text>
        {SIZES.map((size) => (
          <Text key={size} size={size}>
            {size}: Administrators manage users, devices and web-access requests.
          </Text>
        ))}
        <Text c="dimmed">Dimmed: secondary information, such as a helper text.</Text>
        <Text fw={600}>Bold: a label or a count.</Text>
        <Text>
          Inline: an <Anchor href="#typography-link">anchor</Anchor> and <Code>code</Code>.
        </Text>
      </Stack>
    </Stack>
  );
}
