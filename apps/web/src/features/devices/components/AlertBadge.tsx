/** The devices list's alert badge (001 §2.1): critical count in red, else important count in orange. */
import { Badge } from '@mantine/core';
import type { DeviceListItem } from '@wayguard/contracts';
import { alertBadgeView } from '../lib/device-labels';

export function AlertBadge({ row }: { row: Pick<DeviceListItem, 'critical_alert_count' | 'important_alert_count'> }) {
  const badge = alertBadgeView(row);
  if (!badge) return null;
  return (
    <Badge
      color={badge.color}
      variant="filled"
      size="sm"
      circle={badge.count < 10}
      role="img"
      aria-label={badge.label}
      title={badge.label}
      data-severity={badge.severity}
    >
      {badge.count}
    </Badge>
  );
}
