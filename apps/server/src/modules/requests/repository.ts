/**
 * The requests lists (001 §2.4, §7 GET /requests; issue 11): the six counts and one page, their SQL in
 * list-sql.ts, built once per shape (lib/statement-templates.ts) and run as named statements but for
 * searches. At scale (docs/decisions.md "Speed of the requests lists"): the counts of a list that
 * filters on nothing but its kind are read from access_request_counts (kept by triggers: migration
 * 0014); other counts of 5,000 threads or more are kept 15 seconds (lib/lists/count-cache.ts); a deep
 * page is found from where this process last saw it (or a page shortly before it) begin
 * (lib/lists/page-anchors.ts), else its ids are read first. A change this process makes to the
 * account's threads forgets what is kept at once (`requestsChanged`).
 */
import { sql } from 'drizzle-orm';
import {
  categoryById,
  DEVICE_ASSOCIATIONS,
  REQUEST_MSG,
  type AssociationType,
  type RequestItem,
  type RequestListCounts,
  type RequestsListQuery,
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
  filtersOnKindOnly,
  listSql,
  ROW_COLUMNS,
  ROW_FROM,
  seekable,
  SLOTS,
  slotValues,
  sortKeyOf,
  type PageRow,
  type RequestRow,
} from './list-sql.js';

export { listSql, ROW_COLUMNS, type RequestRow };

export function toItem(r: RequestRow): RequestItem {
  const isPopup = r.association_type === 'devices';
  const category = r.category_id === null ? undefined : categoryById(r.category_id);
  return {
    id: r.id,
    type: r.kind,
    state: r.state,
    status: r.status,
    website: r.website,
    title: r.title,
    favicon: r.favicon,
    previewIcon: r.preview_icon,
    by: r.requester_name,
    associationType: r.association_type,
    associationId: r.association_id,
    for: { value: r.for_name || REQUEST_MSG.accountList, isPopup },
    requested: r.requested,
    approved: r.state === 'approved' ? r.processed : 0,
    denied: r.state === 'denied' ? r.processed : 0,
    notes: r.notes ?? '',
    reason: r.reason ?? '',
    description: r.description ?? '',
    media_type: r.media_type,
    category: category?.name ?? '',
    bookmark: r.bookmarked ? 1 : 0,
    requestType: r.kind,
    can_request_review: r.state === 'denied' && !r.review_requested && !r.reviewed,
    requester: r.requester_name,
    requester_id: r.requester_id,
    processor: r.processor_name ?? '',
    processed: r.processed,
    review_notes: r.review_notes ?? '',
    device: r.device_serial && r.device_kind ? { id: r.device_serial, type: r.device_kind } : null,
    association: { type: r.association_type },
    requester_count: r.requester_count,
    device_count: r.device_count,
    category_id: r.category_id ?? 0,
    expires: r.expires,
    prevent_requests: r.prevent_requests,
    requester_kinds: r.requester_kinds,
  };
}
export const isDeviceAssociation = (a: AssociationType) => DEVICE_ASSOCIATIONS.includes(a);

/** Counts of 5,000 threads or more are kept 15 seconds, and answered 15 more while counted afresh. */
export const REQUESTS_COUNTS_KEPT_FROM = 5_000;
const KEEP_MS = 15_000;
/** Pages that begin this many rows or more into the list are found from a remembered start when there is one. */
export const REQUESTS_SEEK_FROM_ROW = 1_000;

type Cells = Record<string, number>;
const statements = createStatementTemplates();
const keptCounts = createCountCache<Cells>({
  ttlMs: KEEP_MS,
  staleMs: KEEP_MS,
  minCached: REQUESTS_COUNTS_KEPT_FROM,
  sizeOf: (cells) => Object.values(cells).reduce((n, x) => n + x, 0),
});
const pageAnchors = createPageAnchors({ ttlMs: KEEP_MS });

/** A change this process made to the account's threads: its kept counts and page starts go at once. */
export function requestsChanged(accountId: number): void {
  keptCounts.forget(accountId);
  pageAnchors.forget(accountId);
}

const run = runListStatement;
const shapeOf = listShape;

async function countCells(db: DbOrTx, accountId: number, q: RequestsListQuery, now: Date): Promise<Cells> {
  const statement = statements.fill(
    shapeOf(q, { counts: true }),
    () => countsSql(accountId, q, now, SLOTS),
    slotValues(accountId, q, now),
  )!;
  const r = await run<{ state: string; status: string; n: number }>(db, q, statement);
  return Object.fromEntries(r.rows.map((x) => [`${x.state}:${x.status}`, Number(x.n)]));
}

const countsFrom = countsFromCells;

/** The six counts of the list's filters. */
export async function listCounts(
  db: DbOrTx,
  accountId: number,
  q: RequestsListQuery,
  now: Date,
): Promise<RequestListCounts> {
  // Kept by triggers: exact at once. The expiring filter moves with the clock: never kept.
  if (filtersOnKindOnly(q) || q.expiring === '1') return countsFrom(q, await countCells(db, accountId, q, now));
  const key = JSON.stringify([q.type, q.from, q.to, searchText(q), q.media_types, q.bookmarked]);
  return countsFrom(q, await keptCounts.total(accountId, key, () => countCells(db, accountId, q, now)));
}

/**
 * The counts and one page of the list. A list that filters on nothing but its kind reads its counts
 * (access_request_counts) in its page's statement: one round trip; others count first (a kept count
 * when there is one) and read no page past the end. A page that begins `seekFromRow` rows or more into
 * the list starts from where this process last saw it (or a page shortly before it) begin, when it
 * remembers; a forgotten one is read once for all who ask for it meanwhile.
 */
export async function listRequests(
  db: DbOrTx,
  accountId: number,
  q: RequestsListQuery,
  now: Date,
  seekFromRow = REQUESTS_SEEK_FROM_ROW,
) {
  const withCells = filtersOnKindOnly(q);
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
          () => listSql(accountId, q, now, paged, SLOTS, withCells),
          slotValues(accountId, q, now, paged),
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
    counts = cells ? countsFrom(q, cells) : await listCounts(db, accountId, q, now);
    // As listPage answers: no rows past the end.
    if (window.offset >= counts.total_count) rows = [];
  } else {
    counts = await listCounts(db, accountId, q, now);
    rows = (await listPage(q, async () => counts.total_count, readPage)).rows;
  }
  return { requests: rows.map(toItem), total_count: counts.total_count, counts };
}

/** Threads of the account by id (other accounts' ids are simply not there). */
export async function threadsByIds(db: DbOrTx, accountId: number, ids: readonly number[], lock = false) {
  const r = await db.execute<RequestRow & { website_id: number | null; subject_key: string; device_id: number | null }>(
    sql`SELECT ${ROW_COLUMNS}, r.website_id, r.subject_key, r.device_id FROM ${ROW_FROM}
      WHERE r.account_id = ${accountId} AND r.id = ANY(${sqlArray([...ids])}::int[]) ORDER BY r.id
      ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return r.rows;
}

/** The thread's devices (the Request Devices modal), and its asks. */
export async function threadDevices(db: DbOrTx, accountId: number, id: number) {
  const r = await db.execute<{ id: number; serial: string; kind: 'machine' | 'mobile'; name: string }>(sql`
    SELECT DISTINCT d.id, d.serial, d.kind, d.name FROM access_request_asks k
    JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ${id} ORDER BY d.name, d.id`);
  return r.rows;
}

export async function threadAsks(db: DbOrTx, accountId: number, id: number) {
  const r = await db.execute<{
    requester_name: string;
    requester_id: number | null;
    requester_kind: 'user' | 'server_user' | 'local_user' | null;
    notes: string | null;
    asked: number;
    serial: string | null;
    kind: 'machine' | 'mobile' | null;
    name: string | null;
  }>(sql`
    SELECT k.requester_name, k.requester_id, k.requester_kind, k.notes,
      extract(epoch FROM k.asked_at)::bigint::int AS asked, d.serial, d.kind, d.name
    FROM access_request_asks k LEFT JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ${id} ORDER BY k.asked_at, k.id LIMIT 1000`);
  return r.rows;
}
