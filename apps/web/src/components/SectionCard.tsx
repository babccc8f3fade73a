/**
 * A titled card of a page (user, server user): its heading names the region for assistive technology,
 * an optional description sits under the heading and an action at its right; `busy` marks it as
 * loading (aria-busy) while its data is refetched.
 */
import { useId, type ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

type Props = {
  title: string;
  description?: string | undefined;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  busy?: boolean;
};

export function SectionCard({ title, description, action, children, testId, busy }: Props) {
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
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h3" id={headingId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
