/**
 * One card of the device settings tab (001 §2.3; 002 §2.2): a titled region with its description and
 * its control at the right (a switch, a button or a link into the classic console).
 */
import { useId, type ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

type Props = { title: string; description: string; children?: ReactNode; testId?: string };

export function SettingCard({ title, description, children, testId }: Props) {
  const headingId = useId();
  return (
    <Card component="section" withBorder padding="md" aria-labelledby={headingId} data-testid={testId}>
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
        <Stack gap={2}>
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children && (
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {children}
          </Group>
        )}
      </Group>
    </Card>
  );
}
