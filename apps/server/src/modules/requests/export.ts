/**
 * GET /requests/export: every thread the list's parameters match, as an XLSX workbook (001 §7, §9),
 * through the shared streaming export (lib/lists/xlsx-export.ts). Dates are in the exporting user's zone.
 */
import { categoryById, REQUEST_MSG, type ExportResponse, type RequestsListQuery } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { DATE_FORMAT, exportXlsx, isoDate, safeText, zonedCell as cell } from '../../lib/lists/xlsx-export.js';
import { listSql, type RequestRow } from './repository.js';

export { withExportSlot } from '../../lib/lists/xlsx-export.js';

export async function exportRequests(
  db: Db,
  accountId: number,
  q: RequestsListQuery,
  timeZone: string,
  now = new Date(),
): Promise<ExportResponse> {
  const date = { style: { numFmt: DATE_FORMAT }, width: 24 };
  return exportXlsx<RequestRow>(db, {
    sheet: q.type === 'media' ? 'Media requests' : 'Website requests',
    columns: [
      { header: q.type === 'media' ? 'Media' : 'Website', key: 'website', width: 40 },
      { header: 'Title', key: 'title', width: 32 },
      { header: 'By', key: 'by', width: 28 },
      { header: 'Requesters', key: 'requesters', width: 12 },
      { header: 'Devices', key: 'devices', width: 10 },
      { header: 'For', key: 'for', width: 24 },
      { header: 'State', key: 'state', width: 10 },
      { header: 'Status', key: 'status', width: 8 },
      { header: 'Category', key: 'category', width: 20 },
      { header: `Requested (${timeZone})`, key: 'requested', ...date },
      { header: `Processed (${timeZone})`, key: 'processed', ...date },
      { header: 'Processed by', key: 'processor', width: 20 },
      { header: `Approval ends (${timeZone})`, key: 'expires', ...date },
      { header: 'Notes', key: 'notes', width: 32 },
      { header: 'Reason', key: 'reason', width: 32 },
    ],
    select: listSql(accountId, q, now, null),
    toCells: (r) => ({
      website: safeText(r.website),
      title: safeText(r.title),
      by: safeText(r.requester_name),
      requesters: r.requester_count,
      devices: r.device_count,
      for: safeText(r.for_name || REQUEST_MSG.accountList),
      state: r.state,
      status: r.status,
      category: r.category_id === null ? '' : (categoryById(r.category_id)?.name ?? ''),
      requested: cell(r.requested, timeZone),
      processed: cell(r.processed, timeZone),
      processor: safeText(r.processor_name ?? ''),
      expires: cell(r.expires, timeZone),
      notes: safeText(r.notes ?? ''),
      reason: safeText(r.reason ?? ''),
    }),
    filename: `${q.type}-requests-${isoDate(now, timeZone)}.xlsx`,
  });
}
