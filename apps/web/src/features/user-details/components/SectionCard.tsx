/** A titled card of a user page; its heading names the region for assistive technology. */
import { useId, type ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

type Props = { title: string; description?: string; action?: ReactNode; children: ReactNode; testId?: string };

export function SectionCard({ title, description, action, children, testId }: Props) {
  const headingId = useId();
  return (
    <Card component="section" withBorder padding="lg" aria-labelledby={headingId} data-testid={testId}>
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
