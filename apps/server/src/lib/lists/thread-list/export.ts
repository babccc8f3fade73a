/**
 * What the exports of the request lists share (website and media requests, issue 11; app requests,
 * issue 12; 001 §7, §9): a thread's columns after its subject's (who asked, from how many requesters and
 * devices, for whom, state and status; requested, processed and by whom; notes and reason) and their
 * cells, dates in the exporting user's zone. A list gives its subject's columns and what it adds before
 * the dates and before the notes; `threadExportSelect` is the statement of every row the list's query
 * matches, its values written in (the export runs it as a cursor).
 */
import type ExcelJS from 'exceljs';
import type { SQL } from 'drizzle-orm';
import { DATE_FORMAT, safeText, zonedCell } from '../xlsx-export.js';
import type { ThreadList, ThreadListQuery } from './spec.js';
import { everyRowSql } from './statements.js';

type Column = Partial<ExcelJS.Column>;

/** The thread's fields the shared columns read. */
export type ThreadExportRow = {
  requester_name: string;
  requester_count: number;
  device_count: number;
  for_name: string;
  state: string;
  status: string;
  requested: number;
  processed: number;
  processor_name: string | null;
  notes: string | null;
  reason: string | null;
};

/** A date column, its header naming the zone of its cells. */
export const dateColumn = (header: string, key: string, timeZone: string): Column => ({
  header: `${header} (${timeZone})`,
  key,
  style: { numFmt: DATE_FORMAT },
  width: 24,
});

export function threadExportColumns(
  timeZone: string,
  o: { subject: Column[]; beforeDates?: Column[]; beforeNotes?: Column[] },
): Column[] {
  const text = (header: string, key: string, width: number): Column => ({ header, key, width });
  return [
    ...o.subject,
    text('By', 'by', 28),
    text('Requesters', 'requesters', 12),
    text('Devices', 'devices', 10),
    text('For', 'for', 24),
    text('State', 'state', 10),
    text('Status', 'status', 8),
    ...(o.beforeDates ?? []),
    dateColumn('Requested', 'requested', timeZone),
    dateColumn('Processed', 'processed', timeZone),
    text('Processed by', 'processor', 20),
    ...(o.beforeNotes ?? []),
    text('Notes', 'notes', 32),
    text('Reason', 'reason', 32),
  ];
}

/** The shared columns' cells of a thread; `forName`: the For column's text when the list words it otherwise. */
export function threadExportCells(r: ThreadExportRow, timeZone: string, forName = r.for_name): Record<string, unknown> {
  return {
    by: safeText(r.requester_name),
    requesters: r.requester_count,
    devices: r.device_count,
    for: safeText(forName),
    state: r.state,
    status: r.status,
    requested: zonedCell(r.requested, timeZone),
    processed: zonedCell(r.processed, timeZone),
    processor: safeText(r.processor_name ?? ''),
    notes: safeText(r.notes ?? ''),
    reason: safeText(r.reason ?? ''),
  };
}

/** Every row the list's query matches, in its order (the export's cursor). */
export function threadExportSelect<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }>(
  list: ThreadList<Q, S, Row>,
  accountId: number,
  q: Q,
  now: Date,
): SQL {
  return everyRowSql(list.spec, { accountId, q, now });
}
