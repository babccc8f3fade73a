/**
 * The app request table (001 §2.4 'App request lists'): the list's columns (lib/app-columns.ts), the
 * app accordion (icon, name link, Developer … Rating, Deny reason, Review requested reason,
 * Description) whose details are prefetched when the row is hovered or focused (kept 5 minutes), and
 * each row's actions as the contracts' appRowActions gives them. A Console User gets no actions.
 */
import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconBan, IconCheck, IconMessageReport, IconX } from '@tabler/icons-react';
import { appRowActions, type AppRequestItem, type AppRequestSort, type RequestList } from '@wayguard/contracts';
import { usePrefetchAppDetail } from '../../../api/app-detail';
import { AppDetails } from '../../../components/apps/AppDetails';
import { AppIcon } from '../../../components/apps/AppIcon';
import { ListEmptyState, ListTable, type ListColumn } from '../../../components/list';
import type { AppRequestDialog } from '../hooks/use-app-request-actions';
import { appRequestExtras } from '../lib/app-approval';
import { APP_EMPTY_TEXT, appColumnHeader, appColumnKeys, appColumnSort, type AppColumnKey } from '../lib/app-columns';
import { byText } from '../lib/columns';
import { ForCell, TimeCell } from './RequestCells';

const ICON = { size: 16, stroke: 1.5, 'aria-hidden': true } as const;

type Props = {
  list: RequestList;
  rows: AppRequestItem[] | undefined;
  busy: boolean;
  sortBy: AppRequestSort;
  reverse: boolean;
  onSort: (sortBy: AppRequestSort, firstReverse: boolean) => void;
  canAct: boolean;
  onDialog: (dialog: AppRequestDialog) => void;
  onDevices: (row: AppRequestItem) => void;
};

/** What a row is called in accessible names and dialogs. */
export const appName = (row: Pick<AppRequestItem, 'title' | 'package_name'>) => row.title || row.package_name;

export function AppRequestsTable(props: Props) {
  const { list, rows, busy, sortBy, reverse, onSort, canAct } = props;
  const prefetch = usePrefetchAppDetail();
  const columns: ListColumn<AppRequestItem, AppRequestSort>[] = appColumnKeys(list, canAct).map((key) => ({
    key,
    header: appColumnHeader(key),
    hideHeader: key === 'actions',
    sort: appColumnSort(key),
    rowHeader: key === 'subject',
    render: (row) => <Cell column={key} row={row} {...props} />,
  }));
  return (
    <ListTable
      caption="App requests"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      busy={busy}
      empty={<ListEmptyState text={APP_EMPTY_TEXT[list]} />}
      sortBy={sortBy}
      reverse={reverse}
      onSort={onSort}
      minWidth={760}
      onRowHover={(row) => prefetch(row.package_name)}
      expand={{
        label: appName,
        render: (row) => (
          <AppDetails packageName={row.package_name} name={appName(row)} extra={appRequestExtras(row)} />
        ),
      }}
    />
  );
}

function Cell({ column, row, ...props }: { column: AppColumnKey; row: AppRequestItem } & Props): ReactNode {
  switch (column) {
    case 'subject':
      return (
        <Group gap="xs" wrap="nowrap">
          <AppIcon src={row.icon_url} size={24} />
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {appName(row)}
          </Text>
        </Group>
      );
    case 'by':
      return byText(row);
    case 'for':
      return <ForCell {...row.for} name={appName(row)} onOpen={() => props.onDevices(row)} />;
    case 'requested':
      return <TimeCell at={row.requested} />;
    case 'approved':
    case 'denied':
      return <TimeCell at={row.processed} />;
    case 'actions':
      return <RowActions row={row} list={props.list} onDialog={props.onDialog} />;
  }
}

function RowActions({
  row,
  list,
  onDialog,
}: {
  row: AppRequestItem;
  list: RequestList;
  onDialog: (d: AppRequestDialog) => void;
}) {
  const actions = appRowActions(row);
  const name = appName(row);
  const cancel = list === 'pending_tech';
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {actions.includes('approve') && (
        <Button
          size="xs"
          leftSection={<IconCheck {...ICON} />}
          aria-haspopup="dialog"
          aria-label={`Approve ${name}`}
          onClick={() => onDialog({ kind: 'approve', row })}
        >
          Approve
        </Button>
      )}
      {actions.includes('deny') && (
        <Button
          size="xs"
          variant="default"
          leftSection={cancel ? <IconX {...ICON} /> : <IconBan {...ICON} />}
          aria-haspopup="dialog"
          aria-label={`${cancel ? 'Cancel request for' : 'Deny'} ${name}`}
          onClick={() => onDialog({ kind: 'deny', row })}
        >
          {cancel ? 'Cancel request' : 'Deny'}
        </Button>
      )}
      {actions.includes('request_review') && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconMessageReport {...ICON} />}
          aria-haspopup="dialog"
          aria-label={`Request review of ${name}`}
          onClick={() => onDialog({ kind: 'review', row })}
        >
          Request review
        </Button>
      )}
    </Group>
  );
}
