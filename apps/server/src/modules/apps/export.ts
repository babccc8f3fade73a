/**
 * GET /app_requests/export: every app thread the list's parameters match, as an XLSX workbook (001 §7,
 * §9), through the shared streaming export (lib/lists/xlsx-export.ts). Dates are in the exporting user's zone.
 */
import { type AppRequestsListQuery, type ExportResponse } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { DATE_FORMAT, exportXlsx, isoDate, safeText, zonedCell } from '../../lib/lists/xlsx-export.js';
import { appRequestsList, type AppRequestRow } from './list-sql.js';

export async function exportAppRequests(
  db: Db,
  accountId: number,
  q: AppRequestsListQuery,
  timeZone: string,
  now = new Date(),
): Promise<ExportResponse> {
  const date = { style: { numFmt: DATE_FORMAT }, width: 24 };
  return exportXlsx<AppRequestRow>(db, {
    sheet: 'App requests',
    columns: [
      { header: 'App', key: 'title', width: 32 },
      { header: 'Package', key: 'package', width: 36 },
      { header: 'Developer', key: 'vendor', width: 24 },
      { header: 'By', key: 'by', width: 28 },
      { header: 'Requesters', key: 'requesters', width: 12 },
      { header: 'Devices', key: 'devices', width: 10 },
      { header: 'For', key: 'for', width: 24 },
      { header: 'State', key: 'state', width: 10 },
      { header: 'Status', key: 'status', width: 8 },
      { header: `Requested (${timeZone})`, key: 'requested', ...date },
      { header: `Processed (${timeZone})`, key: 'processed', ...date },
      { header: 'Processed by', key: 'processor', width: 20 },
      { header: 'Assigned users', key: 'assigned', width: 14 },
      { header: 'Notes', key: 'notes', width: 32 },
      { header: 'Reason', key: 'reason', width: 32 },
    ],
    select: appRequestsList.listSql(accountId, q, now, null),
    toCells: (r) => ({
      title: safeText(r.title),
      package: safeText(r.package_name),
      vendor: safeText(r.vendor),
      by: safeText(r.requester_name),
      requesters: r.requester_count,
      devices: r.device_count,
      for: safeText(r.for_name),
      state: r.state,
      status: r.status,
      requested: zonedCell(r.requested, timeZone),
      processed: zonedCell(r.processed, timeZone),
      processor: safeText(r.processor_name ?? ''),
      assigned: r.assigned_count,
      notes: safeText(r.notes ?? ''),
      reason: safeText(r.reason ?? ''),
    }),
    filename: `app-requests-${isoDate(now, timeZone)}.xlsx`,
  });
}
