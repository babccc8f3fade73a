/**
 * Streaming XLSX exports of lists (000 §7: base64 content and a file name). Rows are read through a
 * cursor in batches and streamed into exceljs's streaming writer, so memory holds the file, not the
 * rows. Limits: at most EXPORT_MAX_ROWS rows (one worksheet), MAX_CONCURRENT_EXPORTS exports at once
 * in a process (more answer 429), and a per-user rate declared on the export route
 * (`config: { rateLimit }`, plugins/rate-limit.ts). Text a spreadsheet could take for a formula is
 * neutralised (OWASP "CSV injection").
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import type { ExportResponse } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { tooManyRequests } from '../http-errors.js';

/**
 * Exports running at once in this process. A million-row export holds ~0.8 GB while it is built (about
 * 70 s on the test machine), so a few at a time is what one process can afford; more answer 429.
 */
export const MAX_CONCURRENT_EXPORTS = 2;
let running = 0;

/** Runs `work` in one of the process's export slots; 429 (retry in 10 s) when all are taken. */
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

/** =, +, -, @, tab and carriage return (and their full-width forms) start a formula in some spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The value as inert text: a leading apostrophe keeps it from being evaluated, even after an edit or a CSV round trip. */
export function safeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** YYYY-MM-DD of `now` in a time zone (for file names). */
export function isoDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Wall-clock seconds in a zone, written as if UTC (Excel dates carry no zone); 0 (never) is a blank cell. */
export const cellDate = (localSeconds: number) => (localSeconds > 0 ? new Date(localSeconds * 1000) : null);

/** The date cells' format. */
export const DATE_FORMAT = 'd mmm yyyy h:mm AM/PM';

export type ExportSpec<Row> = {
  sheet: string;
  columns: Partial<ExcelJS.Column>[];
  /** The ordered SELECT of every matching row, or null when nothing can match. */
  select: SQL | null;
  /** One spreadsheet row from one result row (text through safeText). */
  toCells: (row: Row) => Record<string, unknown>;
  filename: string;
};

/** Builds the workbook through a cursor over `select` and answers it as the spec's export body. */
export async function exportXlsx<Row>(db: Db, spec: ExportSpec<Row>): Promise<ExportResponse> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });

  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(spec.sheet);
  ws.columns = spec.columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();

  const select = spec.select;
  if (select) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`DECLARE list_export NO SCROLL CURSOR FOR ${select}`);
      let written = 0;
      while (written < EXPORT_MAX_ROWS) {
        const batch = await tx.execute<Record<string, unknown>>(
          sql`FETCH FORWARD ${sql.raw(String(Math.min(BATCH, EXPORT_MAX_ROWS - written)))} FROM list_export`,
        );
        for (const r of batch.rows) ws.addRow(spec.toCells(r as Row)).commit();
        written += batch.rows.length;
        if (batch.rows.length < BATCH) break;
      }
      await tx.execute(sql`CLOSE list_export`);
    });
  }
  ws.commit();
  await wb.commit();
  await done;
  return { content: Buffer.concat(chunks).toString('base64'), filename: spec.filename };
}

/** Unix seconds as a wall-clock date cell of the zone (Excel dates carry no zone); 0 is blank. */
export function zonedCell(seconds: number, timeZone: string): Date | null {
  if (seconds <= 0) return null;
  const p = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(seconds * 1000));
  const n = (t: string) => Number(p.find((x) => x.type === t)!.value);
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')));
}
