/**
 * GET /users/export: every row the list's parameters match, as an XLSX workbook (000 §7), declared on
 * the shared list export (lib/lists/list-export.ts). Times are date cells in the exporting user's time
 * zone (named in the header), blank when never.
 */
import { DELETED_LABEL, USER_STATUS_LABELS, type UsersListQuery } from '@wayguard/contracts';
import { cellDate, safeText } from '../../lib/lists/xlsx-export.js';
import { listExport } from '../../lib/lists/list-export.js';
import { dateColumn } from '../../lib/lists/thread-list/export.js';
import { listSql, TYPE_LABELS, type ListFilters, type UserRow } from './repository.js';

export { EXPORT_MAX_ROWS, safeText, withExportSlot } from '../../lib/lists/xlsx-export.js';

type ExportRow = UserRow & { last_active_local: number; date_created_local: number };

export const exportUsers = listExport<ListFilters | UsersListQuery, ExportRow>({
  sheet: 'Users',
  filePrefix: 'users',
  columns: (timeZone) => [
    { header: 'Username', key: 'username', width: 32 },
    { header: 'First Name', key: 'first_name', width: 20 },
    { header: 'Last Name', key: 'last_name', width: 20 },
    { header: 'Email Address', key: 'email_address', width: 32 },
    { header: 'Type', key: 'type', width: 20 },
    { header: 'Status', key: 'status', width: 20 },
    dateColumn('Last Active', 'last_active', timeZone),
    dateColumn('Date Created', 'date_created', timeZone),
    { header: 'Created By', key: 'created_by', width: 24 },
  ],
  select: (accountId, f, now, timeZone) => listSql(accountId, f, now, { timeZone }),
  toCells: (r) => ({
    username: safeText(r.username),
    first_name: safeText(r.first_name),
    last_name: safeText(r.last_name),
    email_address: safeText(r.email_address),
    type: TYPE_LABELS[r.type],
    // A deactivated server or local user is shown as Deleted (000 §3.5).
    status:
      r.status === 'deactivated' && (r.type === 'server_user' || r.type === 'local_user')
        ? DELETED_LABEL
        : USER_STATUS_LABELS[r.status],
    last_active: cellDate(r.last_active_local),
    date_created: cellDate(r.date_created_local),
    created_by: safeText(r.created_by),
  }),
});
