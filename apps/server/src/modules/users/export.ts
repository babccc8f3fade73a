/**
 * GET /users/export: every row the list's parameters match, as an XLSX workbook (000 §7). Rows are read
 * through a cursor and streamed into exceljs's streaming writer, so memory holds the file, not the
 * rows. Text that a spreadsheet could take for a formula is neutralised (OWASP "CSV injection").
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { ExportResponse, UsersListQuery } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { listSql, TYPE_LABELS, type ListFilters, type UserRow } from './repository.js';

/**
 * Exports running at once in this process. A million-row export holds ~0.8 GB while it is built (about
 * 70 s on the test machine), so a few at a time is what one process can afford; more answer 429.
 */
const MAX_CONCURRENT_EXPORTS = 2;
let running = 0;

export async function withExportSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_EXPORTS) throw tooManyRequests(10);
  running++;
  try {
    return await work();
  } finally {
    running--;
  }
}

/** One worksheet holds 1 048 576 rows, the header included. */
export const EXPORT_MAX_ROWS = 1_048_575;
const BATCH = 2_000;

const STATUS_LABELS: Record<UserRow['status'], string> = {
  activated: 'Activated',
  awaiting_activation: 'Awaiting activation',
  password_reset: 'Password reset',
  deactivated: 'Deactivated',
};

/** =, +, -, @, tab and carriage return (and their full-width forms) start a formula in some spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The value as inert text: a leading apostrophe keeps it from being evaluated, even after an edit or a CSV round trip. */
export function safeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** YYYY-MM-DD of `now` in a time zone. */
function isoDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

type ExportRow = UserRow & { last_active_local: number; date_created_local: number };

/**
 * Builds the workbook. Times are written as date cells in the exporting user's time zone (named in the
 * header), blank when never.
 */
export async function exportUsers(
  db: Db,
  accountId: number,
  f: ListFilters | UsersListQuery,
  timeZone: string,
  now = new Date(),
): Promise<ExportResponse> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });

  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Users');
  const dateFormat = 'd mmm yyyy h:mm AM/PM';
  ws.columns = [
    { header: 'Username', key: 'username', width: 32 },
    { header: 'First Name', key: 'first_name', width: 20 },
    { header: 'Last Name', key: 'last_name', width: 20 },
    { header: 'Email Address', key: 'email_address', width: 32 },
    { header: 'Type', key: 'type', width: 20 },
    { header: 'Status', key: 'status', width: 20 },
    { header: `Last Active (${timeZone})`, key: 'last_active', width: 24, style: { numFmt: dateFormat } },
    { header: `Date Created (${timeZone})`, key: 'date_created', width: 24, style: { numFmt: dateFormat } },
    { header: 'Created By', key: 'created_by', width: 24 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();

  // Wall-clock seconds in the zone, written as if UTC: Excel dates carry no zone.
  const cellDate = (localSeconds: number) => (localSeconds > 0 ? new Date(localSeconds * 1000) : null);
  const select = listSql(accountId, f, now, { timeZone });
  if (select) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`DECLARE users_export NO SCROLL CURSOR FOR ${select}`);
      let written = 0;
      while (written < EXPORT_MAX_ROWS) {
        const batch = await tx.execute<ExportRow>(
          sql`FETCH FORWARD ${sql.raw(String(Math.min(BATCH, EXPORT_MAX_ROWS - written)))} FROM users_export`,
        );
        for (const r of batch.rows) {
          ws.addRow({
            username: safeText(r.username),
            first_name: safeText(r.first_name),
            last_name: safeText(r.last_name),
            email_address: safeText(r.email_address),
            type: TYPE_LABELS[r.type],
            // A deactivated server or local user is shown as Deleted (000 §3.5).
            status:
              r.status === 'deactivated' && (r.type === 'server_user' || r.type === 'local_user')
                ? 'Deleted'
                : STATUS_LABELS[r.status],
            last_active: cellDate(r.last_active_local),
            date_created: cellDate(r.date_created_local),
            created_by: safeText(r.created_by),
          }).commit();
        }
        written += batch.rows.length;
        if (batch.rows.length < BATCH) break;
      }
      await tx.execute(sql`CLOSE users_export`);
    });
  }
  ws.commit();
  await wb.commit();
  await done;
  return { content: Buffer.concat(chunks).toString('base64'), filename: `users-${isoDate(now, timeZone)}.xlsx` };
}
