/**
 * A list's XLSX export (000 §7) from its declaration, through the shared streaming export
 * (xlsx-export.ts: a cursor, the row cap, export slots, formula neutralising): the sheet, its columns
 * (date columns name the exporting user's time zone: dateColumn), the list's ordered SELECT of every
 * matching row with its times in that zone, and each row's cells. The file is `<prefix>-YYYY-MM-DD.xlsx`,
 * dated in that zone.
 */
import type ExcelJS from 'exceljs';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exportXlsx, isoDate, type ExportStream } from './xlsx-export.js';

export type ListExportSpec<F, Row> = {
  sheet: string;
  filePrefix: string;
  columns: (timeZone: string) => Partial<ExcelJS.Column>[];
  /** Every matching row in the list's order (null: none can match), times also as wall-clock seconds in the zone. */
  select: (accountId: number, f: F, now: Date, timeZone: string) => SQL | null;
  toCells: (row: Row) => Record<string, unknown>;
};

export type ListExport<F> = (db: Db, accountId: number, f: F, timeZone: string, now?: Date) => Promise<ExportStream>;

export function listExport<F, Row>(spec: ListExportSpec<F, Row>): ListExport<F> {
  return (db, accountId, f, timeZone, now = new Date()) =>
    exportXlsx<Row>(db, {
      sheet: spec.sheet,
      columns: spec.columns(timeZone),
      select: spec.select(accountId, f, now, timeZone),
      toCells: spec.toCells,
      filename: `${spec.filePrefix}-${isoDate(now, timeZone)}.xlsx`,
    });
}
