/**
 * GET /devices/export: every device the list's parameters match, as an XLSX workbook (000 §7), declared
 * on the shared list export (lib/lists/list-export.ts). Last Online is a date cell in the exporting
 * user's time zone (named in the header).
 */
import type { DevicesListQuery } from '@wayguard/contracts';
import { cellDate, safeText } from '../../lib/lists/xlsx-export.js';
import { listExport } from '../../lib/lists/list-export.js';
import { dateColumn } from '../../lib/lists/thread-list/export.js';
import { listSql, type DeviceListFilters, type DeviceRow } from './sql/list.js';

type ExportRow = DeviceRow & { last_online_local: number };

export const KIND_LABELS = { machine: 'PC', mobile: 'Mobile' } as const;

export const exportDevices = listExport<DeviceListFilters | DevicesListQuery, ExportRow>({
  sheet: 'Devices',
  filePrefix: 'devices',
  columns: (timeZone) => [
    { header: 'Name', key: 'name', width: 32 },
    { header: 'Type', key: 'type', width: 10 },
    { header: 'Serial', key: 'serial', width: 20 },
    { header: 'OS', key: 'os', width: 16 },
    { header: 'OS Version', key: 'os_version', width: 14 },
    { header: 'Version', key: 'version', width: 12 },
    { header: 'User', key: 'user', width: 28 },
    dateColumn('Last Online', 'last_online', timeZone),
    { header: 'Model', key: 'model', width: 24 },
    { header: 'Critical Alerts', key: 'critical', width: 14 },
    { header: 'Important Alerts', key: 'important', width: 16 },
    { header: 'Deactivated', key: 'deactivated', width: 12 },
  ],
  select: (accountId, f, now, timeZone) => listSql(accountId, f, now, { timeZone }),
  toCells: (r) => ({
    name: safeText(r.name),
    type: KIND_LABELS[r.kind],
    serial: safeText(r.serial),
    os: safeText(r.os),
    os_version: safeText(r.os_version),
    version: safeText(r.version),
    user: safeText(r.user_name ?? ''),
    last_online: cellDate(r.last_online_local),
    model: safeText(r.model_name),
    critical: r.critical_alert_count,
    important: r.important_alert_count,
    deactivated: r.deactivated ? 'Yes' : 'No',
  }),
});
