/** Footer: copyright, the three legal links and the version string (000 §2.2). */
import { Anchor, Group, Text } from '@mantine/core';
import { APP_VERSION, PRODUCT_NAME } from '@wayguard/contracts';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

const LINKS = [
  { to: paths.legal.terms.href(), label: 'Website Terms' },
  { to: paths.legal.privacy.href(), label: 'Privacy Policy' },
  { to: paths.legal.cookies.href(), label: 'Cookies Policy' },
];

export function Footer() {
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="sm"
      py="md"
      px="md"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </Text>
      <Group component="ul" gap="lg" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Legal">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          </li>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        Version {APP_VERSION}
      </Text>
    </Group>
  );
}
