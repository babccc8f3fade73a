/** A titled card of a server user page; the heading names the region for assistive technology. */
import { useId, type ReactNode } from 'react';
import { Card, Group, Stack, Title } from '@mantine/core';

type Props = { title: string; action?: ReactNode; children: ReactNode; testId?: string; busy?: boolean };

export function SectionCard({ title, action, children, testId, busy }: Props) {
  const headingId = useId();
  return (
    <Card
      component="section"
      withBorder
      padding="lg"
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
