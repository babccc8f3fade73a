/**
 * GET /users/export: every row the list's parameters match, as an XLSX workbook (000 §7), through the
 * shared streaming export (lib/lists/xlsx-export.ts: row cap, export slots, formula neutralising).
 * Times are date cells in the exporting user's time zone (named in the header), blank when never.
 */
import { DELETED_LABEL, USER_STATUS_LABELS, type UsersListQuery } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import {
  DATE_FORMAT,
  cellDate,
  exportXlsx,
  isoDate,
  safeText,
  type ExportStream,
} from '../../lib/lists/xlsx-export.js';
import { listSql, TYPE_LABELS, type ListFilters, type UserRow } from './repository.js';

export { EXPORT_MAX_ROWS, safeText, withExportSlot } from '../../lib/lists/xlsx-export.js';

type ExportRow = UserRow & { last_active_local: number; date_created_local: number };

export async function exportUsers(
  db: Db,
  accountId: number,
  f: ListFilters | UsersListQuery,
  timeZone: string,
  now = new Date(),
): Promise<ExportStream> {
  return exportXlsx<ExportRow>(db, {
    sheet: 'Users',
    columns: [
      { header: 'Username', key: 'username', width: 32 },
      { header: 'First Name', key: 'first_name', width: 20 },
      { header: 'Last Name', key: 'last_name', width: 20 },
      { header: 'Email Address', key: 'email_address', width: 32 },
      { header: 'Type', key: 'type', width: 20 },
      { header: 'Status', key: 'status', width: 20 },
      { header: `Last Active (${timeZone})`, key: 'last_active', width: 24, style: { numFmt: DATE_FORMAT } },
      { header: `Date Created (${timeZone})`, key: 'date_created', width: 24, style: { numFmt: DATE_FORMAT } },
      { header: 'Created By', key: 'created_by', width: 24 },
    ],
    select: listSql(accountId, f, now, { timeZone }),
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
    filename: `users-${isoDate(now, timeZone)}.xlsx`,
  });
}
