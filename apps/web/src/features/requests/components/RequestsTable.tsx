/**
 * One table for every request list (001 §2.4): the columns of the list (lib/columns.ts), the row's
 * accordion, the selection of pending admin rows, and each list's row actions (the contracts' rules:
 * pendingApproveOptions, deniedApproveOptions, approvedAllowDisabled). A Console User gets the table
 * without any action.
 */
import { useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Image, Menu, Text } from '@mantine/core';
import {
  IconBan,
  IconBookmark,
  IconBookmarkFilled,
  IconCheck,
  IconChevronDown,
  IconDevices,
  IconDotsVertical,
  IconMessageReport,
  IconX,
} from '@tabler/icons-react';
import {
  approvedAllowDisabled,
  deniedApproveOptions,
  pendingApproveOptions,
  type ApproveOption,
  type RequestItem,
  type RequestKind,
  type RequestList,
  type RequestSort,
} from '@wayguard/contracts';
import { ListEmptyState, ListTable, TimeText, type ListColumn, type RowSelection } from '../../../components/list';
import { formatDateTime } from '../../../lib/dates';
import { webHref } from '../../../lib/web-href';
import { ALLOW_OTHER_DEVICES, type RequestDialog } from '../hooks/use-request-actions';
import { EMPTY_TEXT, byText, columnHeader, columnKeys, columnSort, selectable, type ColumnKey } from '../lib/columns';
import { RequestDetails } from './RequestDetails';
import { AllowedNowBadge, ForCell, TimeCell } from './RequestCells';

const ICON = { size: 16, stroke: 1.5, 'aria-hidden': true } as const;

type Props = {
  kind: RequestKind;
  list: RequestList;
  rows: RequestItem[] | undefined;
  busy: boolean;
  sortBy: RequestSort;
  reverse: boolean;
  onSort: (sortBy: RequestSort, firstReverse: boolean) => void;
  canAct: boolean;
  selection: RowSelection;
  onDialog: (dialog: RequestDialog) => void;
  onDevices: (row: RequestItem) => void;
  onBookmark: (row: RequestItem) => void;
};

/** What a row is called in accessible names and dialogs. */
export function subjectName(row: RequestItem): string {
  return row.type === 'media' && row.title ? row.title : row.website;
}

export function RequestsTable(props: Props) {
  const { kind, list, rows, busy, sortBy, reverse, onSort, canAct, selection } = props;
  const columns: ListColumn<RequestItem, RequestSort>[] = columnKeys(list, canAct).map((key) => ({
    key,
    header: columnHeader(key, kind),
    hideHeader: key === 'actions',
    sort: columnSort(key),
    rowHeader: key === 'subject',
    render: (row) => <Cell column={key} row={row} {...props} />,
  }));
  return (
    <ListTable
      caption={`${columnHeader('subject', kind)} requests`}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      busy={busy}
      empty={<ListEmptyState text={EMPTY_TEXT[list]} />}
      sortBy={sortBy}
      reverse={reverse}
      onSort={onSort}
      minWidth={860}
      expand={{
        label: subjectName,
        render: (row) => <RequestDetails row={row} list={list} onDevices={props.onDevices} />,
      }}
      select={selectable(list, canAct) ? { selection, label: subjectName } : undefined}
    />
  );
}

function Cell({ column, row, ...props }: { column: ColumnKey; row: RequestItem } & Props): ReactNode {
  switch (column) {
    case 'subject':
      return <Subject row={row} />;
    case 'by':
      return byText(row);
    case 'for':
      return <ForCell {...row.for} name={subjectName(row)} onOpen={() => props.onDevices(row)} />;
    case 'requested':
      return (
        <Group gap="sm" justify="space-between" wrap="nowrap">
          <TimeText unixSeconds={row.requested}>{formatDateTime(row.requested)}</TimeText>
          {props.list === 'pending_admin' && props.canAct && <PendingActions row={row} onDialog={props.onDialog} />}
        </Group>
      );
    case 'approved':
    case 'denied':
      return <TimeCell at={row.processed} />;
    case 'bookmark':
      return <Bookmark row={row} canAct={props.canAct} onBookmark={props.onBookmark} />;
    case 'actions':
      if (props.list === 'pending_tech')
        return (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX {...ICON} />}
            onClick={() => props.onDialog({ kind: 'deny', rows: [row], cancel: true })}
            aria-label={`Cancel request for ${subjectName(row)}`}
          >
            Cancel request
          </Button>
        );
      if (props.list === 'approved') return <ApprovedActions row={row} onDialog={props.onDialog} />;
      if (props.list === 'denied') return <DeniedActions row={row} onDialog={props.onDialog} />;
      return null;
  }
}

function Subject({ row }: { row: RequestItem }) {
  const icon = row.favicon ? webHref(row.favicon) : null;
  return (
    <Group gap="xs" wrap="wrap">
      {icon && <Image src={icon} alt="" w={16} h={16} />}
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="request-subject">
        {subjectName(row)}
      </Text>
      <AllowedNowBadge row={row} />
    </Group>
  );
}

function ApproveMenu({
  row,
  options,
  onChoose,
  label = 'Approve',
}: {
  row: RequestItem;
  options: ApproveOption[];
  onChoose: (option: ApproveOption) => void;
  label?: string;
}) {
  const [opened, setOpened] = useState(false);
  // Set when an item is chosen, until the pointer or a click comes back to the button: Mantine's hover
  // open, asked for when the pointer entered the dropdown (80 ms delay), still fires when an item is
  // clicked within those 80 ms, and reopened the menu over the dialog the item had opened.
  const chosen = useRef(false);
  if (options.length === 0)
    return (
      <Button size="xs" disabled leftSection={<IconCheck {...ICON} />} aria-label={`${label} ${subjectName(row)}`}>
        {label}
      </Button>
    );
  return (
    <Menu
      opened={opened}
      onChange={(open) => {
        if (!open || !chosen.current) setOpened(open);
      }}
      position="bottom-end"
      shadow="md"
      withinPortal
      trigger="click-hover"
      openDelay={80}
      closeDelay={200}
    >
      <Menu.Target>
        <Button
          size="xs"
          leftSection={<IconCheck {...ICON} />}
          rightSection={<IconChevronDown {...ICON} />}
          aria-label={`${label} ${subjectName(row)}`}
          onMouseEnter={() => (chosen.current = false)}
          onClick={() => (chosen.current = false)}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map((o) => (
          <Menu.Item
            key={`${o.action}-${o.needs ?? ''}`}
            onClick={() => {
              // Closed before its dialog opens: a hover-opened menu must not stay over the dialog.
              chosen.current = true;
              setOpened(false);
              onChoose(o);
            }}
          >
            {o.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function PendingActions({ row, onDialog }: { row: RequestItem; onDialog: (d: RequestDialog) => void }) {
  const options = pendingApproveOptions(row, row.category || null);
  return (
    <Group gap={6} wrap="nowrap">
      <ApproveMenu
        row={row}
        options={options}
        onChoose={(option) =>
          onDialog({ kind: 'approve', rows: [row], option, title: 'Approve request', withExpiry: true, batch: false })
        }
      />
      <Button
        size="xs"
        variant="default"
        color="red"
        leftSection={<IconBan {...ICON} />}
        onClick={() => onDialog({ kind: 'deny', rows: [row], cancel: false })}
        aria-label={`Deny ${subjectName(row)}`}
      >
        Deny
      </Button>
    </Group>
  );
}

function ApprovedActions({ row, onDialog }: { row: RequestItem; onDialog: (d: RequestDialog) => void }) {
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" aria-label={`Actions for ${subjectName(row)}`}>
          <IconDotsVertical {...ICON} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconBan {...ICON} />}
          onClick={() => onDialog({ kind: 'deny', rows: [row], cancel: false })}
        >
          Deny
        </Menu.Item>
        <Menu.Item leftSection={<IconX {...ICON} />} color="red" onClick={() => onDialog({ kind: 'block', row })}>
          Block
        </Menu.Item>
        <Menu.Item
          leftSection={<IconDevices {...ICON} />}
          disabled={approvedAllowDisabled(row)}
          onClick={() =>
            onDialog({
              kind: 'approve',
              rows: [row],
              option: ALLOW_OTHER_DEVICES,
              title: 'Allow for other devices',
              withExpiry: false,
              batch: false,
            })
          }
        >
          {ALLOW_OTHER_DEVICES.label}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function DeniedActions({ row, onDialog }: { row: RequestItem; onDialog: (d: RequestDialog) => void }) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <ApproveMenu
        row={row}
        options={deniedApproveOptions(row)}
        onChoose={(option) =>
          onDialog({ kind: 'approve', rows: [row], option, title: 'Approve request', withExpiry: true, batch: false })
        }
      />
      {row.can_request_review && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconMessageReport {...ICON} />}
          onClick={() => onDialog({ kind: 'review', row })}
          aria-label={`Request review of ${subjectName(row)}`}
        >
          Request review
        </Button>
      )}
    </Group>
  );
}

function Bookmark({
  row,
  canAct,
  onBookmark,
}: {
  row: RequestItem;
  canAct: boolean;
  onBookmark: (row: RequestItem) => void;
}) {
  const on = row.bookmark !== 0;
  if (!canAct)
    return on ? (
      <IconBookmarkFilled size={16} aria-label="Bookmarked" role="img" />
    ) : (
      <Text size="sm" c="dimmed" aria-label="Not bookmarked">
        –
      </Text>
    );
  return (
    <ActionIcon
      variant="subtle"
      aria-pressed={on}
      aria-label={`Bookmark ${subjectName(row)}`}
      onClick={() => onBookmark(row)}
    >
      {on ? <IconBookmarkFilled {...ICON} /> : <IconBookmark {...ICON} />}
    </ActionIcon>
  );
}
