/**
 * Streaming XLSX exports of lists (000 §7: base64 content and a file name). Rows are read through a
 * cursor in batches and streamed into exceljs's streaming writer, whose zip bytes go out base64-encoded
 * inside the answer's JSON as they come (exportBody), so memory holds neither the rows nor the file: a
 * batch and what the socket has not taken yet. The cursor waits while the reader is behind
 * (roomFor). Limits: at most EXPORT_MAX_ROWS rows (one worksheet), MAX_CONCURRENT_EXPORTS exports at once
 * in a process (more answer 429), and a per-user rate declared on the export route
 * (`config: { rateLimit }`, plugins/rate-limit.ts). Text a spreadsheet could take for a formula is
 * neutralised (OWASP "CSV injection").
 */
import { once } from 'node:events';
import { PassThrough, Readable, Transform, finished } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../http-errors.js';
import { sendJsonBytes } from '../json-reply.js';
import { wallClockMs } from '../zoned-time.js';

/**
 * Exports running at once in this process. Each holds a database connection (its cursor's transaction)
 * and keeps the process busy while it streams (a 100,000-row export takes about 7 s on the test
 * machine), so a few at a time is what one process can afford; more answer 429.
 */
export const MAX_CONCURRENT_EXPORTS = 2;
let running = 0;

/**
 * Runs `work` in one of the process's export slots; 429 (retry in 10 s) when all are taken. A stream
 * (exportXlsx's answer) keeps its slot until it has been read to its end or closed.
 */
export async function withExportSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_EXPORTS) throw tooManyRequests(10);
  running++;
  let held = false;
  try {
    const result = await work();
    if (result instanceof Readable && !result.destroyed) {
      held = true;
      finished(result, () => running--);
    }
    return result;
  } finally {
    if (!held) running--;
  }
}

/** One worksheet holds 1 048 576 rows, the header included. */
export const EXPORT_MAX_ROWS = 1_048_575;
const BATCH = 2_000;
const ROWS_PER_TURN = 250;

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

/** An export's answer: the JSON body `{ content, filename }` (ExportResponse) as a stream of its bytes. */
export type ExportStream = Readable;

export type ExportSpec<Row> = {
  sheet: string;
  columns: Partial<ExcelJS.Column>[];
  /** The ordered SELECT of every matching row, or null when nothing can match. */
  select: SQL | null;
  /** One spreadsheet row from one result row (text through safeText). */
  toCells: (row: Row) => Record<string, unknown>;
  filename: string;
};

/** How long the export waits for a reader who takes nothing (then it gives up and closes the answer). */
export const EXPORT_STALL_MS = 60_000;

/**
 * An export's own limits for its cursor's transaction, instead of the serving connections' (db/client.ts:
 * 10 s per statement, 30 s idle in a transaction): a FETCH of a large sorted list may take longer, and the
 * transaction idles while the reader is behind, up to EXPORT_STALL_MS.
 */
export const EXPORT_STATEMENT_TIMEOUT_MS = 120_000;
const EXPORT_IDLE_TIMEOUT_MS = EXPORT_STALL_MS + 15_000;

/**
 * The answer's body: `{"content":"<the file in base64>","filename":"…"}`, the file's bytes encoded as
 * they arrive (three bytes make four characters, so up to two wait for the next chunk).
 */
export function exportBody(filename: string): Transform {
  let carry = Buffer.alloc(0);
  let opened = false;
  const open = () => (opened ? '' : ((opened = true), '{"content":"'));
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 3);
      carry = Buffer.from(bytes.subarray(whole));
      done(null, open() + bytes.toString('base64', 0, whole));
    },
    flush(done) {
      done(null, `${open()}${carry.toString('base64')}","filename":${JSON.stringify(filename)}}`);
    },
  });
}

/** Waits while the body's reader is behind; throws when it went away or took nothing for EXPORT_STALL_MS. */
async function roomFor(out: PassThrough, body: Readable): Promise<void> {
  if (body.destroyed) throw new Error('the export was closed before its end');
  if (!out.writableNeedDrain) return;
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), EXPORT_STALL_MS);
  try {
    await Promise.race([once(out, 'drain', { signal: ac.signal }), once(body, 'close', { signal: ac.signal })]);
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
  if (body.destroyed) throw new Error('the export was closed before its end');
}

/**
 * Builds the workbook through a cursor over `select` and streams it as the spec's export body (send it
 * with lib/json-reply.ts sendJsonBytes). Resolves once the first rows were read, so a failure before
 * then is an error answer; a failure later closes the answer unfinished.
 */
export async function exportXlsx<Row>(db: Db, spec: ExportSpec<Row>): Promise<ExportStream> {
  const out = new PassThrough();
  const body = exportBody(spec.filename);
  // Its errors reach the reply (which closes the connection); this keeps one before the reply from throwing.
  body.on('error', () => undefined);
  out.pipe(body);

  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(spec.sheet);
  ws.columns = spec.columns;
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();

  let begin = () => undefined as void;
  const begun = new Promise<void>((resolve) => (begin = resolve));
  const select = spec.select;
  const work = (async () => {
    if (select) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT set_config('statement_timeout', ${String(EXPORT_STATEMENT_TIMEOUT_MS)}, true),
            set_config('idle_in_transaction_session_timeout', ${String(EXPORT_IDLE_TIMEOUT_MS)}, true)`,
        );
        await tx.execute(sql`DECLARE list_export NO SCROLL CURSOR FOR ${select}`);
        let written = 0;
        while (written < EXPORT_MAX_ROWS) {
          const batch = await tx.execute<Record<string, unknown>>(
            sql`FETCH FORWARD ${sql.raw(String(Math.min(BATCH, EXPORT_MAX_ROWS - written)))} FROM list_export`,
          );
          begin();
          for (const [i, r] of batch.rows.entries()) {
            ws.addRow(spec.toCells(r as Row)).commit();
            // A turn of the event loop lets the zip compress what the rows wrote, so their text dies young
            // (measured: the server's peak RSS over a 100,000-row export 93-112 MB above its start, against
            // 101-190 MB without).
            if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
          }
          written += batch.rows.length;
          if (batch.rows.length < BATCH) break;
          await roomFor(out, body);
        }
        await tx.execute(sql`CLOSE list_export`);
      });
    }
    begin();
    ws.commit();
    await wb.commit();
  })();
  work.catch((e: unknown) => body.destroy(e instanceof Error ? e : new Error(String(e))));
  await Promise.race([begun, work]);
  return body;
}

/** An export route's answer: `work` (an exportXlsx) run in an export slot, its body streamed. */
export async function sendExport(reply: FastifyReply, work: () => Promise<ExportStream>): Promise<FastifyReply> {
  return sendJsonBytes(reply, await withExportSlot(work));
}

/** Unix seconds as a wall-clock date cell of the zone (Excel dates carry no zone); 0 is blank. */
export function zonedCell(seconds: number, timeZone: string): Date | null {
  return seconds > 0 ? new Date(wallClockMs(seconds * 1000, timeZone)) : null;
}
