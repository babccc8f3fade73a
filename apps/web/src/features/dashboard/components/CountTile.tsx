/** A dashboard tile: a count and what it counts, linking to the matching list. */
import type { ReactNode } from 'react';
import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import classes from './tiles.module.css';

type Props = {
  to: string;
  count: number;
  label: string;
  icon: ReactNode;
  /** What the count counts, in a line under it. */
  counts?: string;
  /** Highlight a non-zero count (alerts). */
  tone?: 'critical' | 'warning';
  testId?: string;
};

export function CountTile({ to, count, label, counts, icon, tone, testId }: Props) {
  const highlighted = tone !== undefined && count > 0;
  return (
    <Card component={Link} to={to} withBorder padding="md" className={classes.tile} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text
            component="span"
            className={classes.count}
            data-tone={highlighted ? tone : undefined}
            data-testid="tile-count"
          >
            {count}
          </Text>{' '}
          <Text component="span" className={classes.label}>
            {label}
          </Text>
          {counts && (
            <Text size="xs" c="dimmed" mt={2} data-testid="tile-counts">
              {counts}
            </Text>
          )}
        </div>
        <ThemeIcon
          variant="light"
          size="lg"
          radius="md"
          color={highlighted && tone === 'critical' ? 'red' : 'blue'}
          aria-hidden="true"
        >
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
