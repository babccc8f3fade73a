/** Frame for public and shell-less pages: product name, colour-scheme toggle, content, footer. */
import type { ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { ColorSchemeToggle } from './header/ColorSchemeToggle';
import { ProductHomeLink } from './header/ProductHomeLink';
import { Footer } from './Footer';

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
        <ProductHomeLink />
        <ColorSchemeToggle />
      </Group>
      <Container component="main" id="main-content" size="md" py="xl" w="100%" style={{ flex: 1 }}>
        {children}
      </Container>
      <Footer />
    </Box>
  );
}
