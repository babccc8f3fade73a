/**
 * The users table (000 §2.7, §3.4, §3.5): console, server and local users. The username links to the
 * user's page; Last active shows the spec's markers; the last column holds the row's action menu.
 */
import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { IconMail, IconKey, IconUserCheck, IconUserOff, IconUserCog, IconRestore } from '@tabler/icons-react';
import { MSG, SERVER_USER_STATUS_LABELS, type UserListItem } from '@wayguard/contracts';
import { Link } from 'react-router';
import {
  ListEmptyState,
  ListTable,
  RowActionsMenu,
  TimeText,
  type ListColumn,
  type RowAction,
} from '../../../components/list';
import { USER_STATUS_LABELS } from '../lib/user-labels';
import { formatDate } from '../../../lib/dates';
import {
  isServerRow,
  ROW_ACTION_LABELS,
  rowActionKinds,
  userPagePath,
  type RowActionKind,
  type Viewer,
} from '../lib/row-actions';
import { usersList, type UserSort } from '../lib/users-list-config';
import { LastActiveCell } from './LastActiveCell';

const ICON = { size: 16, stroke: 1.5, 'aria-hidden': true } as const;
const ACTION_ICONS: Record<RowActionKind, ReactNode> = {
  resend_activation_email: <IconMail {...ICON} />,
  reset_password: <IconKey {...ICON} />,
  deactivate: <IconUserOff {...ICON} />,
  reactivate: <IconUserCheck {...ICON} />,
  undelete: <IconRestore {...ICON} />,
};

/** Server and local users that are deactivated are shown as Deleted (000 §3.5). */
export function statusLabel(row: Pick<UserListItem, 'type' | 'status'>): string {
  return isServerRow(row) && row.status === 'deactivated'
    ? SERVER_USER_STATUS_LABELS.deactivated
    : USER_STATUS_LABELS[row.status];
}

const dash = (v: string) => v || '—';

/** An e-mail address that may wrap after its @ rather than anywhere. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{dash(email)}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

type Props = {
  rows: UserListItem[] | undefined;
  busy: boolean;
  sortBy: UserSort;
  reverse: boolean;
  /** A column header was chosen (the list state's chooseSort). */
  onSort: (sortBy: UserSort, firstReverse: boolean) => void;
  viewer: Viewer;
  onAction: (kind: RowActionKind, row: UserListItem) => void;
};

export function UsersTable({ rows, busy, sortBy, reverse, onSort, viewer, onAction }: Props) {
  const columns: ListColumn<UserListItem, UserSort>[] = [
    {
      key: 'username',
      header: 'Username',
      sort: { key: 'username', kind: 'text' },
      rowHeader: true,
      render: (u) => (
        <Anchor component={Link} to={userPagePath(u)} fw={600} size="sm">
          {u.username}
        </Anchor>
      ),
    },
    {
      key: 'first_name',
      header: 'First name',
      sort: { key: 'first_name', kind: 'text' },
      render: (u) => dash(u.first_name),
    },
    {
      key: 'last_name',
      header: 'Last name',
      sort: { key: 'last_name', kind: 'text' },
      render: (u) => dash(u.last_name),
    },
    {
      key: 'email_address',
      header: 'Email',
      sort: { key: 'email_address', kind: 'text' },
      render: (u) => <EmailText email={u.email_address} />,
    },
    { key: 'type', header: 'Type', sort: { key: 'type', kind: 'text' }, render: (u) => u.type.name },
    { key: 'status', header: 'Status', sort: { key: 'status', kind: 'text' }, render: statusLabel },
    {
      key: 'last_active',
      header: 'Last active',
      sort: { key: 'last_active', kind: 'date' },
      render: (u) => <LastActiveCell row={u} />,
    },
    {
      key: 'date_created',
      header: 'Created',
      sort: { key: 'date_created', kind: 'date' },
      render: (u) =>
        u.date_created ? <TimeText unixSeconds={u.date_created}>{formatDate(u.date_created)}</TimeText> : '—',
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      render: (u) => {
        const actions: RowAction[] = rowActionKinds(u, viewer).map((kind) => ({
          key: kind,
          label: ROW_ACTION_LABELS[kind],
          icon: ACTION_ICONS[kind],
          onSelect: () => onAction(kind, u),
        }));
        actions.push({ key: 'manage', label: 'Manage User', icon: <IconUserCog {...ICON} />, to: userPagePath(u) });
        return <RowActionsMenu label={`Actions for ${u.username}`} actions={actions} />;
      },
    },
  ];

  return (
    <ListTable
      caption="Users"
      columns={columns}
      rows={rows}
      rowKey={usersList.rowKey}
      busy={busy}
      empty={<ListEmptyState text={MSG.noUsers} />}
      sortBy={sortBy}
      reverse={reverse}
      onSort={onSort}
      minWidth={1000}
    />
  );
}
