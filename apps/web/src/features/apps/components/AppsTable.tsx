/**
 * The apps table of a device or a user (002 §2.6): App Name (sortable A-Z / Z-A), Installed (Version)
 * with the install tooltip, Assigned ('Not assigned', or the date and 'by'), the switch, the schedule
 * link and, on a device page, the more menu; each row opens the app accordion, whose details are
 * prefetched when the row is hovered or focused (kept 5 minutes). 'No apps found' when empty.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Menu, Switch, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconDotsVertical, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { APP_MSG, MSG, type AppsPageDevice, type MobileApp } from '@wayguard/contracts';
import { usePrefetchAppDetail } from '../../../api/app-detail';
import { AppDetails } from '../../../components/apps/AppDetails';
import { AppIcon } from '../../../components/apps/AppIcon';
import { ListEmptyState, ListTable, type ListColumn } from '../../../components/list';
import switchClasses from '../../../components/ContrastSwitch.module.css';
import { appScheduleUrl, classicAppUrl } from '../../../lib/app-classic-links';
import { NEW_TAB } from '../../../lib/classic-console';
import { formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { APPS_HEADERS, appsColumns, assignedText, installedText, rowTooltip, type AppsColumn } from '../lib/assignment';
import type { AppsNode } from '../lib/node';

const ICON = { size: 16, stroke: 1.5, 'aria-hidden': true } as const;

type Props = {
  node: AppsNode;
  rows: MobileApp[] | undefined;
  busy: boolean;
  reverse: boolean;
  onSort: (sortBy: 'name', firstReverse: boolean) => void;
  /** The page's mobiles (the device, or the user's). */
  devices: readonly AppsPageDevice[];
  classicBase: string;
  canChange: boolean;
  pendingId: number | null;
  onToggle: (app: MobileApp, on: boolean) => void;
};

export function AppsTable(props: Props) {
  const { node, rows, busy, reverse, onSort } = props;
  const prefetch = usePrefetchAppDetail();
  const columns: ListColumn<MobileApp, 'name'>[] = appsColumns(node).map((key) => ({
    key,
    header: APPS_HEADERS[key],
    hideHeader: key === 'more',
    sort: key === 'name' ? { key: 'name', kind: 'text' } : undefined,
    rowHeader: key === 'name',
    render: (row) => <Cell column={key} row={row} {...props} />,
  }));
  return (
    <ListTable
      caption="Apps"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      busy={busy}
      empty={<ListEmptyState text={APP_MSG.noApps} />}
      sortBy="name"
      reverse={reverse}
      onSort={onSort}
      minWidth={760}
      onRowHover={(row) => prefetch(row.package_name)}
      expand={{
        label: (row) => row.name,
        render: (row) => <AppDetails packageName={row.package_name} name={row.name} />,
      }}
    />
  );
}

function Cell({ column, row, ...props }: { column: AppsColumn; row: MobileApp } & Props): ReactNode {
  const { node } = props;
  switch (column) {
    case 'name':
      return (
        <Group gap="xs" wrap="nowrap">
          <AppIcon src={row.image} size={24} />
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </Text>
        </Group>
      );
    case 'installed': {
      const tip = rowTooltip(row, props.devices);
      return (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" data-testid="installed">
            {installedText(row, node, props.devices.length)}
          </Text>
          {tip && (
            <Tooltip label={tip} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={tip}>
                <IconInfoCircle {...ICON} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      );
    }
    case 'assigned':
      return assignedText(row, formatDateTime);
    case 'switch':
      return (
        <Switch
          aria-label={`Assign ${row.name}`}
          classNames={{ input: switchClasses.input, track: switchClasses.track }}
          checked={row.is_assigned}
          disabled={!props.canChange}
          aria-busy={props.pendingId === row.id || undefined}
          onChange={(e) => {
            if (props.pendingId === null) props.onToggle(row, e.currentTarget.checked);
          }}
        />
      );
    case 'schedule':
      return (
        <Anchor
          href={appScheduleUrl(
            props.classicBase,
            node.type === 'device' ? { serial: node.id } : { userId: node.id },
            row.package_name,
          )}
          {...NEW_TAB}
          size="sm"
        >
          Schedule<VisuallyHidden> {row.name} (opens in a new tab)</VisuallyHidden>
        </Anchor>
      );
    case 'more':
      return node.type === 'device' ? <MoreMenu row={row} serial={node.id} classicBase={props.classicBase} /> : null;
  }
}

/** The device page's more menu (ours: the spec names it only): the app in the classic console, copy the package ID. */
function MoreMenu({ row, serial, classicBase }: { row: MobileApp; serial: string; classicBase: string }) {
  const copy = () =>
    void navigator.clipboard.writeText(row.package_name).then(
      () => toast.success(MSG.dataCopied('Package ID')),
      () => toast.error(MSG.somethingWrong),
    );
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" aria-label={`More for ${row.name}`}>
          <IconDotsVertical {...ICON} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={classicAppUrl(classicBase, serial, row.package_name)}
          {...NEW_TAB}
          leftSection={<IconExternalLink {...ICON} />}
        >
          Open in the classic console<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy {...ICON} />} onClick={copy}>
          Copy package ID
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
