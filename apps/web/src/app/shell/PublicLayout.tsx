/** Frame for public and shell-less pages: product name, colour-scheme toggle, content, footer. */
import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group } from '@mantine/core';
import { PRODUCT_NAME } from '@wayguard/contracts';
import { Link } from 'react-router';
import { ColorSchemeToggle } from './header/ColorSchemeToggle';
import { Footer } from './Footer';
import { paths } from '../../lib/paths';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group
        component="header"
        justify="space-between"
        px="md"
        h={60}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Anchor
          component={Link}
          to={paths.home.href()}
          fw={800}
          size="lg"
          underline="never"
          c="var(--mantine-color-text)"
        >
          {PRODUCT_NAME}
        </Anchor>
        <ColorSchemeToggle />
      </Group>
      <Container component="main" id="main-content" size="md" py="xl" w="100%" style={{ flex: 1 }}>
        {children}
      </Container>
      <Footer />
    </Box>
  );
}
