/** The frame of every card on the account page: a titled, bordered card with an optional action. */
import type { ReactNode } from 'react';
import { Card, Group, Stack, Title } from '@mantine/core';

type Props = { title: string; action?: ReactNode; children: ReactNode; testId: string };

export function AccountCard({ title, action, children, testId }: Props) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="sm" mih={30}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
