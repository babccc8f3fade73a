/** The centered card every public auth page sits in: logo, page title, content, footer links. */
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';
import { ProductLogo } from './ProductLogo';
import classes from './AuthLayout.module.css';

type Props = {
  title: string;
  children: ReactNode;
  /** Links under the card's content (Forgot password?, Contact Us, ...). */
  footer?: ReactNode;
};

export function AuthLayout({ title, children, footer }: Props) {
  return (
    <main className={classes.page}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
        <Stack gap="lg">
          <ProductLogo />
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          {footer && (
            <Group justify="space-between" gap="sm" component="nav" aria-label="More options">
              {footer}
            </Group>
          )}
        </Stack>
      </Paper>
    </main>
  );
}
