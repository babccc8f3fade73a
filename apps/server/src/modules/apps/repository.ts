/**
 * The app request lists (001 §2.4, §7 GET /app_requests; issue 12): the six counts and one page, their
 * SQL in list-sql.ts built once per shape and run as named statements but for searches. The counts of a
 * list that filters on nothing are read from app_request_counts (kept by triggers: migration 0016);
 * other counts of 5,000 threads or more are kept 15 seconds (lib/lists/count-cache.ts), forgotten at once
 * when this process changes the account's threads (`appRequestsChanged`).
 */
import { sql } from 'drizzle-orm';
import {
  type AppRequestItem,
  type AppRequestsListQuery,
  type AppRequestsListResponse,
  type RequestListCounts,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { createCountCache } from '../../lib/lists/count-cache.js';
import { createPageAnchors } from '../../lib/lists/page-anchors.js';
import { readAnchoredPage } from '../../lib/lists/thread-pages.js';
import { listPage, pageWindow, searchText } from '../../lib/lists/paging.js';
import { countsFromCells, listShape, runListStatement } from '../../lib/lists/request-counts.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import { sqlArray } from '../../lib/sql-array.js';
import {
  cellsOf,
  countsSql,
  filtersOnNothing,
  seekable,
  sortKeyOf,
  type PageRow,
  listSql,
  ROW_COLUMNS,
  ROW_FROM,
  SLOTS,
  slotValues,
  type AppRequestRow,
} from './list-sql.js';

export function toAppItem(r: AppRequestRow): AppRequestItem {
  return {
    package_name: r.package_name,
    title: r.title,
    icon_url: r.image_url,
    requester: r.requester_name,
    requester_id: r.requester_id,
    requested: r.requested,
    processor: r.processor_name ?? '',
    processed: r.processed,
    reason: r.reason ?? '',
    review_notes: r.review_notes ?? '',
    status: r.status,
    approve_warn: r.is_admin_warning,
    can_request_review: r.state === 'denied' && r.status === 'tech' && !r.review_requested && !r.reviewed,
    id: r.id,
    state: r.state,
    by: r.requester_name,
    for: { value: r.for_name, isPopup: r.device_count > 1 },
    device: r.device_serial && r.device_kind ? { id: r.device_serial, type: r.device_kind } : null,
    device_count: r.device_count,
    requester_count: r.requester_count,
    notes: r.notes ?? '',
    vendor: r.vendor,
    auto_assign: r.auto_assign,
    mandatory: r.mandatory,
    assigned_count: r.assigned_count,
  };
}

export const APP_COUNTS_KEPT_FROM = 5_000;
const KEEP_MS = 15_000;
const pageAnchors = createPageAnchors({ ttlMs: KEEP_MS });
type Cells = Record<string, number>;
const statements = createStatementTemplates();
const keptCounts = createCountCache<Cells>({
  ttlMs: KEEP_MS,
  staleMs: KEEP_MS,
  minCached: APP_COUNTS_KEPT_FROM,
  sizeOf: (cells) => Object.values(cells).reduce((n, x) => n + x, 0),
});

/** A change this process made to the account's app threads: its kept counts go at once. */
export function appRequestsChanged(accountId: number): void {
  keptCounts.forget(accountId);
  pageAnchors.forget(accountId);
}

const run = runListStatement;
const shapeOf = listShape;

async function countCells(db: DbOrTx, accountId: number, q: AppRequestsListQuery): Promise<Cells> {
  const s = statements.fill(
    shapeOf(q, { counts: true }),
    () => countsSql(accountId, q, SLOTS),
    slotValues(accountId, q),
  )!;
  const r = await run<{ state: string; status: string; n: number }>(db, q, s);
  return Object.fromEntries(r.rows.map((x) => [`${x.state}:${x.status}`, Number(x.n)]));
}

const countsFrom = countsFromCells;

/** Pages that begin this many rows or more into the list are found from a remembered start when there is one. */
export const APP_SEEK_FROM_ROW = 1_000;

/**
 * The counts and one page of the list. A list that filters on nothing reads its counts
 * (app_request_counts) in its page's statement: one round trip; others count first (a kept count when
 * there is one) and read no page past the end. A page that begins APP_SEEK_FROM_ROW rows or more into
 * the list starts from where this process last saw it (or a page shortly before it) begin, when it
 * remembers (lib/lists/page-anchors.ts); a forgotten one is read once for all who ask meanwhile.
 */
export async function listAppRequests(
  db: DbOrTx,
  accountId: number,
  q: AppRequestsListQuery,
  seekFromRow = APP_SEEK_FROM_ROW,
): Promise<AppRequestsListResponse> {
  const withCells = filtersOnNothing(q);
  const { page: _page, ...view } = q;
  const viewKey = JSON.stringify(view);
  const readPage = (window: { limit: number; offset: number }) =>
    readAnchoredPage<PageRow>({
      anchors: pageAnchors,
      accountId,
      view: viewKey,
      page: q.page,
      count: q.count,
      window,
      seekable: seekable(q),
      seekFromRow,
      sortKeyOf,
      read: async (paged, anchor) => {
        const statement = statements.fill(
          shapeOf(q, {
            limit: paged.limit,
            first: paged.offset === 0,
            seek: anchor ? anchor.inclusive : null,
            withCells,
          }),
          () => listSql(accountId, q, paged, SLOTS, withCells),
          slotValues(accountId, q, paged),
        )!;
        return (await run<PageRow>(db, q, statement)).rows;
      },
    });
  let counts: RequestListCounts;
  let rows: PageRow[];
  if (withCells) {
    const window = pageWindow(q);
    rows = await readPage(window);
    const cells = rows[0] ? cellsOf(rows[0]) : null;
    counts = countsFrom(q, cells ?? (await countCells(db, accountId, q)));
    // As listPage answers: no rows past the end.
    if (window.offset >= counts.total_count) rows = [];
  } else {
    const cells = await keptCounts.total(accountId, JSON.stringify([q.from, q.to, searchText(q)]), () =>
      countCells(db, accountId, q),
    );
    counts = countsFrom(q, cells);
    rows = (await listPage(q, async () => counts.total_count, readPage)).rows;
  }
  return { requests: rows.map(toAppItem), total_count: counts.total_count, counts };
}

export type AppThread = AppRequestRow & { app_id: number; device_id: number | null };

/** The account's threads of these packages, locked when asked (other accounts' are simply not there). */
export async function threadsByPackages(
  db: DbOrTx,
  accountId: number,
  packages: readonly string[],
  lock = false,
): Promise<AppThread[]> {
  const r = await db.execute<AppThread>(sql`SELECT ${ROW_COLUMNS}, r.app_id, r.device_id FROM ${ROW_FROM}
    WHERE r.account_id = ${accountId} AND r.package_name = ANY(${sqlArray([...packages])}::text[]) ORDER BY r.id
    ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return r.rows;
}

/** The devices that asked in the thread (the Request Devices modal). */
export async function threadDevices(db: DbOrTx, accountId: number, id: number) {
  const r = await db.execute<{ serial: string; kind: 'machine' | 'mobile'; name: string }>(sql`
    SELECT DISTINCT d.serial, d.kind, d.name FROM app_request_asks k
    JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ${id} ORDER BY d.name, d.serial`);
  return r.rows.map((d) => ({ id: d.serial, type: d.kind, name: d.name }));
}
