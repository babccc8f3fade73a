/**
 * GET /requests/export: every thread the list's parameters match, as an XLSX workbook (001 §7, §9),
 * through the shared streaming export (lib/lists/xlsx-export.ts) with the request lists' shared columns
 * (lib/lists/thread-list/export.ts). Dates are in the exporting user's zone.
 */
import { categoryById, REQUEST_MSG, type RequestsListQuery } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import {
  dateColumn,
  threadExportCells,
  threadExportColumns,
  threadExportSelect,
} from '../../lib/lists/thread-list/export.js';
import { exportXlsx, isoDate, safeText, zonedCell, type ExportStream } from '../../lib/lists/xlsx-export.js';
import { requestsList, type RequestRow } from './sql/list.js';

export async function exportRequests(
  db: Db,
  accountId: number,
  q: RequestsListQuery,
  timeZone: string,
  now = new Date(),
): Promise<ExportStream> {
  return exportXlsx<RequestRow>(db, {
    sheet: q.type === 'media' ? 'Media requests' : 'Website requests',
    columns: threadExportColumns(timeZone, {
      subject: [
        { header: q.type === 'media' ? 'Media' : 'Website', key: 'website', width: 40 },
        { header: 'Title', key: 'title', width: 32 },
      ],
      beforeDates: [{ header: 'Category', key: 'category', width: 20 }],
      beforeNotes: [dateColumn('Approval ends', 'expires', timeZone)],
    }),
    select: threadExportSelect(requestsList, accountId, q, now),
    toCells: (r) => ({
      website: safeText(r.website),
      title: safeText(r.title),
      ...threadExportCells(r, timeZone, r.for_name || REQUEST_MSG.accountList),
      category: r.category_id === null ? '' : (categoryById(r.category_id)?.name ?? ''),
      expires: zonedCell(r.expires, timeZone),
    }),
    filename: `${q.type}-requests-${isoDate(now, timeZone)}.xlsx`,
  });
}
