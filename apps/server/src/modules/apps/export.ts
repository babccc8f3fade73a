/**
 * GET /app_requests/export: every app thread the list's parameters match, as an XLSX workbook (001 §7,
 * §9), through the shared streaming export (lib/lists/xlsx-export.ts) with the request lists' shared
 * columns (lib/lists/thread-list/export.ts). Dates are in the exporting user's zone.
 */
import { type AppRequestsListQuery } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { threadExportCells, threadExportColumns, threadExportSelect } from '../../lib/lists/thread-list/export.js';
import { exportXlsx, isoDate, safeText, type ExportStream } from '../../lib/lists/xlsx-export.js';
import { appRequestsList, type AppRequestRow } from './sql/list.js';

export async function exportAppRequests(
  db: Db,
  accountId: number,
  q: AppRequestsListQuery,
  timeZone: string,
  now = new Date(),
): Promise<ExportStream> {
  return exportXlsx<AppRequestRow>(db, {
    sheet: 'App requests',
    columns: threadExportColumns(timeZone, {
      subject: [
        { header: 'App', key: 'title', width: 32 },
        { header: 'Package', key: 'package', width: 36 },
        { header: 'Developer', key: 'vendor', width: 24 },
      ],
      beforeNotes: [{ header: 'Assigned users', key: 'assigned', width: 14 }],
    }),
    select: threadExportSelect(appRequestsList, accountId, q, now),
    toCells: (r) => ({
      title: safeText(r.title),
      package: safeText(r.package_name),
      vendor: safeText(r.vendor),
      ...threadExportCells(r, timeZone),
      assigned: r.assigned_count,
    }),
    filename: `app-requests-${isoDate(now, timeZone)}.xlsx`,
  });
}
