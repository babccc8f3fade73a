/** A dashboard tile: a count and what it counts, linking to the matching list; CountTiles: a section's tiles. */
import type { ReactNode } from 'react';
import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { RegistrationInfo } from '@wayguard/contracts';
import { Link } from 'react-router';
import type { CountKey, TileDef } from '../dashboard-tiles';
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

const ICON = { size: 20, stroke: 1.5 } as const;

type TilesProps = {
  tiles: readonly TileDef[];
  /** The counts (registration info). */
  counts: Pick<RegistrationInfo, CountKey>;
  /** Each tile's icon, by its place; the first for any tile past the end. */
  icons: readonly [Icon, ...Icon[]];
  tone?: (tile: TileDef) => 'critical' | 'warning';
};

/** A section's tiles, each with its count, icon and tone. */
export function CountTiles({ tiles, counts, icons, tone }: TilesProps) {
  return tiles.map((t, i) => {
    const TileIcon = icons[i] ?? icons[0];
    return (
      <CountTile
        key={t.key}
        to={t.to}
        count={counts[t.key]}
        label={t.label}
        counts={t.counts}
        tone={tone?.(t)}
        icon={<TileIcon {...ICON} />}
        testId={t.testId}
      />
    );
  });
}
