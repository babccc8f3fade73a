/**
 * The devices table (001 §2.1): name with its alert badge linking to the device page, type, serial (the
 * search matches it; sortable, issue 26), user (a new tab), OS and version, agent version, last online
 * (relative, exact time as tooltip) and model.
 * Deactivated devices are marked.
 */
import { Anchor, Badge, Group } from '@mantine/core';
import type { DeviceListItem } from '@wayguard/contracts';
import { Link } from 'react-router';
import { ListEmptyState, ListTable, TimeText, type ListColumn } from '../../../components/list';
import { paths } from '../../../lib/paths';
import { DEVICE_KIND_LABELS, NEVER, orMissing, osLabel, relativeTime } from '../lib/device-labels';
import { devicesList, type DeviceSortKey } from '../lib/devices-list-config';
import { AlertBadge } from './AlertBadge';
import { DeviceUserLink } from './DeviceUserLink';

export const NO_DEVICES = 'No devices found';

type Props = {
  rows: DeviceListItem[] | undefined;
  busy: boolean;
  sortBy: DeviceSortKey;
  reverse: boolean;
  onSort: (sortBy: DeviceSortKey, firstReverse: boolean) => void;
};

const columns: ListColumn<DeviceListItem, DeviceSortKey>[] = [
  {
    key: 'name',
    header: 'Name',
    sort: { key: 'name', kind: 'text' },
    rowHeader: true,
    render: (d) => (
      <Group gap={8} wrap="nowrap">
        <Anchor component={Link} to={paths.devices.href(d.type, d.id)} fw={600} size="sm">
          {d.name || d.serial}
        </Anchor>
        <AlertBadge row={d} />
        {d.filters.deactivated && (
          <Badge color="gray" variant="outline" size="sm" data-testid="deactivated-mark">
            Deactivated
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'type', header: 'Type', sort: { key: 'type', kind: 'text' }, render: (d) => DEVICE_KIND_LABELS[d.type] },
  { key: 'serial', header: 'Serial', sort: { key: 'serial', kind: 'text' }, render: (d) => orMissing(d.serial) },
  { key: 'user', header: 'User', render: (d) => <DeviceUserLink user={d.user} /> },
  { key: 'os', header: 'OS', sort: { key: 'os', kind: 'text' }, render: (d) => osLabel(d.os, d.os_version) },
  { key: 'version', header: 'Version', sort: { key: 'version', kind: 'text' }, render: (d) => orMissing(d.version) },
  {
    key: 'last_online',
    header: 'Last Online',
    sort: { key: 'last_online', kind: 'date' },
    render: (d) =>
      d.last_online ? <TimeText unixSeconds={d.last_online}>{relativeTime(d.last_online)}</TimeText> : NEVER,
  },
  { key: 'model', header: 'Model', render: (d) => orMissing(d.model_name) },
];

export function DevicesTable({ rows, busy, sortBy, reverse, onSort }: Props) {
  return (
    <ListTable
      caption="Devices"
      columns={columns}
      rows={rows}
      rowKey={devicesList.rowKey}
      busy={busy}
      empty={<ListEmptyState text={NO_DEVICES} />}
      sortBy={sortBy}
      reverse={reverse}
      onSort={onSort}
      minWidth={1120}
    />
  );
}
