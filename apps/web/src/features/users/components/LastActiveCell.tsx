/**
 * The users list's Last active cell (000 §4.4): the marker chosen by precedence (Awaiting activation,
 * Password has been reset, Deactivated, 30d+, 30d, 1h, else Never) and, when the user has been active,
 * when that was (Today, Yesterday, 'N days ago', or the date).
 */
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { UserListItem } from '@wayguard/contracts';
import { TimeText } from '../../../components/list';
import { formatLastActive, lastActiveMarker, type LastActiveMarker } from '../lib/last-active';
import { isServerRow } from '../lib/row-actions';

const COLORS: Record<LastActiveMarker['key'], string> = {
  awaiting_activation: 'violet',
  password_reset: 'grape',
  deactivated: 'gray',
  not_active_last_30_days: 'red',
  active_last_30_days: 'blue',
  active_past_hour: 'green',
  never: 'gray',
};

const ABBREVIATED = new Set<LastActiveMarker['key']>([
  'not_active_last_30_days',
  'active_last_30_days',
  'active_past_hour',
]);

type Props = { row: Pick<UserListItem, 'filters' | 'last_active' | 'type' | 'status'> };

export function LastActiveCell({ row }: Props) {
  const found = lastActiveMarker(row.filters);
  // A deactivated server or local user is shown as Deleted (000 §3.5).
  const marker =
    found.key === 'deactivated' && isServerRow(row) ? { ...found, label: 'Deleted', description: 'Deleted' } : found;
  // The window markers (30d+, 30d, 1h) are abbreviations: their meaning is said to screen readers and shown
  // as a tooltip. The other labels say it all ('Never' rather than 'Never (Never active)').
  const short = ABBREVIATED.has(marker.key);
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        color={COLORS[marker.key]}
        variant="dot"
        tt="none"
        size="md"
        // Never cut short ('Awaiting activat…'): the column takes the marker's width, the table scrolls instead.
        style={{ flexShrink: 0, overflow: 'visible' }}
        styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
        title={short ? marker.description : undefined}
      >
        {marker.label}
        {short && <VisuallyHidden> ({marker.description})</VisuallyHidden>}
      </Badge>
      {row.last_active > 0 && (
        <Text size="sm" component="span">
          <TimeText unixSeconds={row.last_active}>{formatLastActive(row.last_active)}</TimeText>
        </Text>
      )}
    </Group>
  );
}
