/**
 * The websites table (002 §2.4): Websites (sortable by name; the name opens the site in a new tab)
 * and Access (the switch, why, and under them the schedule link and row menu).
 */
import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { WebAccessItem } from '@wayguard/contracts';
import { ListEmptyState, ListTable, type ListColumn } from '../../../components/list';
import { NEW_TAB } from '../../../lib/classic-console';
import { subjectField } from '../lib/access';
import { webHref } from '../lib/web-href';
import type { AccessChanges, AccessSubject } from '../hooks/use-access-changes';
import { AccessSwitch } from './AccessSwitch';
import { RowTools } from './RowTools';

export const NO_WEBSITES = 'No websites found';

export type RowHandlers = {
  changes: AccessChanges;
  canChange: boolean;
  onSchedule: (subject: AccessSubject, row: WebAccessItem) => void;
};

export const subjectOf = (row: WebAccessItem): AccessSubject => ({
  field: subjectField(row),
  id: row.id,
  name: row.name,
});

export function accessColumns<S extends string>({
  changes,
  canChange,
  onSchedule,
}: RowHandlers): ListColumn<WebAccessItem, S>[] {
  // One cell: the switch, why, and below them the schedule link and the row menu, so that a row fits a
  // 1024px screen beside the menus without clipping its last button (issue 26).
  return [
    {
      key: 'access',
      header: 'Access',
      render: (row) => (
        <Stack gap={6}>
          <AccessSwitch
            row={row}
            name={row.name}
            canChange={canChange}
            pending={changes.isPending(subjectOf(row))}
            onChange={(rule) => void changes.change(subjectOf(row), rule, row)}
          />
          <RowTools
            row={row}
            name={row.name}
            canChange={canChange}
            onSchedule={() => onSchedule(subjectOf(row), row)}
            onReset={() => void changes.change(subjectOf(row), 'inherit')}
          />
        </Stack>
      ),
    },
  ];
}

/** The row's name, a link to the site in a new tab when its address is a web address. */
export function SiteName({ row }: { row: WebAccessItem }) {
  const href = webHref(row.url || row.name);
  const name = (
    <Text component="span" fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {row.name}
    </Text>
  );
  if (!href) return name;
  return (
    <Anchor href={href} {...NEW_TAB} size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        {name}
        <IconExternalLink size={12} aria-hidden="true" />
        <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
      </Group>
    </Anchor>
  );
}

type Props = RowHandlers & {
  rows: WebAccessItem[] | undefined;
  busy: boolean;
  sortBy: 'managed' | 'name';
  reverse: boolean;
  onSort: (sortBy: 'managed' | 'name', firstReverse: boolean) => void;
};

export function WebsitesTable({ rows, busy, sortBy, reverse, onSort, ...handlers }: Props) {
  const columns: ListColumn<WebAccessItem, 'managed' | 'name'>[] = [
    {
      key: 'name',
      header: 'Websites',
      sort: { key: 'name', kind: 'text' },
      rowHeader: true,
      render: (row) => <SiteName row={row} />,
    },
    ...accessColumns<'managed' | 'name'>(handlers),
  ];
  return (
    <ListTable
      caption="Websites"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      busy={busy}
      empty={<ListEmptyState text={NO_WEBSITES} />}
      sortBy={sortBy}
      reverse={reverse}
      onSort={onSort}
      minWidth={440}
    />
  );
}
