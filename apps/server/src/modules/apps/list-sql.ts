/**
 * The app request lists' SQL (001 §2.4, §7 GET /app_requests; issue 12), on the recipe of the requests
 * lists (modules/requests/list-sql.ts): one row per thread of the account, filtered by state, status,
 * dates (requested for pending lists, processed for the others) and search (name, package, requester),
 * sorted by the contract's keys with id as the tie-break. Every sort has an index leading with (account,
 * state, status); with status 'all' the page is the merge of the two statuses' ordered pages. A page
 * that skips rows reads its ids first and only then their columns. Built as statement templates
 * (lib/statement-templates.ts): with `slots`, the values that change per request are placeholders.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { defaultAppRequestSort, type AppRequestsListQuery, type AppRequestSort } from '@wayguard/contracts';
import { likePattern, searchText } from '../../lib/lists/paging.js';
import { threadCells, threadPageSql, threadSortKey, type Seek } from '../../lib/lists/thread-pages.js';

const SORT_COLUMNS: Record<AppRequestSort, string> = {
  name: 'title',
  requester: 'requester_name',
  processor: 'processor_name',
  for: 'for_name',
  processed: 'processed_at',
  requested: 'requested_at',
};

export type AppRequestRow = {
  id: number;
  state: 'pending' | 'approved' | 'denied';
  status: 'admin' | 'tech';
  package_name: string;
  title: string;
  image_url: string | null;
  vendor: string;
  is_admin_warning: boolean;
  requester_id: number | null;
  requester_name: string;
  requester_count: number;
  device_count: number;
  for_name: string;
  notes: string | null;
  reason: string | null;
  review_notes: string | null;
  review_requested: boolean;
  reviewed: boolean;
  auto_assign: boolean;
  mandatory: boolean;
  processor_name: string | null;
  requested: number;
  processed: number;
  device_serial: string | null;
  device_kind: 'machine' | 'mobile' | null;
  assigned_count: number;
};

/** The row's columns as the list and the export read them. */
export const ROW_COLUMNS = sql.raw(`r.id, r.state, r.status, r.package_name, r.title, a.image_url, a.vendor,
  a.is_admin_warning, r.requester_id, r.requester_name, r.requester_count, r.device_count, r.for_name, r.notes,
  r.reason, r.review_notes, r.review_requested, r.reviewed, r.auto_assign, r.mandatory, r.processor_name,
  extract(epoch FROM r.requested_at)::bigint::int AS requested,
  coalesce(extract(epoch FROM r.processed_at)::bigint, 0)::int AS processed,
  d.serial AS device_serial, d.kind AS device_kind,
  CASE WHEN r.state = 'approved' THEN (SELECT count(*)::int FROM app_assignments s
    WHERE s.account_id = r.account_id AND s.app_id = r.app_id) ELSE 0 END AS assigned_count`);
const JOINS = sql.raw(`JOIN apps a ON a.id = r.app_id
  LEFT JOIN devices d ON d.id = r.device_id AND d.account_id = r.account_id`);
export const ROW_FROM = sql`app_requests r ${JOINS}`;

export type Slots = {
  account: Placeholder;
  from: Placeholder;
  to: Placeholder;
  pattern: Placeholder;
  offset: Placeholder;
  seek: readonly [Placeholder, Placeholder];
};
export const SLOTS: Slots = {
  account: sql.placeholder('account'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  seek: [sql.placeholder('seek0'), sql.placeholder('seek1')],
};

export type { Seek };

export function slotValues(
  accountId: number,
  q: AppRequestsListQuery,
  page?: { offset: number; seek?: Seek | undefined },
): Record<string, unknown> {
  const text = searchText(q);
  return {
    account: accountId,
    from: q.from ?? null,
    to: q.to ?? null,
    pattern: text === null ? null : likePattern(text.toLowerCase()),
    offset: page?.offset ?? 0,
    seek0: page?.seek?.key[0] ?? null,
    seek1: page?.seek?.key[1] ?? null,
  };
}

/** The conditions every row of the list meets, apart from state and status. */
export function filters(accountId: number, q: AppRequestsListQuery, slots?: Slots): SQL {
  const parts: SQL[] = [sql`r.account_id = ${slots?.account ?? accountId}`];
  const at = q.state === 'pending' ? sql.raw('r.requested_at') : sql.raw('r.processed_at');
  if (q.from !== undefined) parts.push(sql`${at} >= to_timestamp(${slots?.from ?? q.from})`);
  if (q.to !== undefined) parts.push(sql`${at} <= to_timestamp(${slots?.to ?? q.to})`);
  const text = searchText(q);
  if (text !== null)
    parts.push(
      sql`lower(r.title || E'\\n' || r.package_name || E'\\n' || r.requester_name) LIKE ${slots?.pattern ?? likePattern(text.toLowerCase())}`,
    );
  return sql.join(parts, sql` AND `);
}

/** Whether the list filters on nothing (then its counts are app_request_counts' own). */
export function filtersOnNothing(q: AppRequestsListQuery): boolean {
  return q.from === undefined && q.to === undefined && searchText(q) === null;
}

/** The threads per state and status that the list's filters (state and status aside) keep. */
export function countsSql(accountId: number, q: AppRequestsListQuery, slots?: Slots): SQL {
  if (filtersOnNothing(q))
    return sql`SELECT c.state, c.status, c.n FROM app_request_counts c
      WHERE c.account_id = ${slots?.account ?? accountId} AND c.n <> 0`;
  return sql`SELECT r.state, r.status, count(*)::int AS n FROM app_requests r WHERE ${filters(accountId, q, slots)}
    GROUP BY r.state, r.status`;
}

/** The counts of app_request_counts as one text, 'state:status:n' comma-separated, read in a page's statement. */
function keptCellsSql(accountId: number, slots?: Slots): SQL {
  return sql`(SELECT string_agg(c.state || ':' || c.status || ':' || c.n, ',') FROM app_request_counts c
    WHERE c.account_id = ${slots?.account ?? accountId} AND c.n <> 0) AS cells`;
}

/** A page row: with its sort column as text when the sort may be sought, and the kept counts when read with it. */
export type PageRow = AppRequestRow & { sort_key?: string | null; cells?: string | null };

/** The counts a page row carries, by 'state:status'; null when the statement read none. */
export const cellsOf: (row: PageRow) => Record<string, number> | null = threadCells;

const NULLABLE: ReadonlySet<AppRequestSort> = new Set(['processor', 'processed']);
const TIMESTAMP: ReadonlySet<AppRequestSort> = new Set(['processed', 'requested']);

/** Whether a deep page may be found by a seek: its column is never null, or the order is descending (nulls first). */
export function seekable(q: Pick<AppRequestsListQuery, 'state' | 'sort_by' | 'reverse_order'>): boolean {
  const { sort, reverse } = sortOf(q);
  return reverse || !NULLABLE.has(sort);
}

/** A page row's position in the sort, or null when it has none to seek from. */
export const sortKeyOf: (row: PageRow) => [string, number] | null = threadSortKey;

export function sortOf(q: Pick<AppRequestsListQuery, 'state' | 'sort_by' | 'reverse_order'>): {
  sort: AppRequestSort;
  reverse: boolean;
} {
  if (q.sort_by !== undefined) return { sort: q.sort_by, reverse: Boolean(q.reverse_order) };
  const d = defaultAppRequestSort(q.state);
  return { sort: d.sort_by, reverse: d.reverse_order };
}

/**
 * The ordered SELECT of the list's rows: all of them (the export, `page` null) or one page, from a seek's
 * key when there is one (then `page.offset` counts from it); `withCells`: each row carries the kept counts.
 */
export function listSql(
  accountId: number,
  q: AppRequestsListQuery,
  page: { limit: number; offset: number; seek?: Seek | undefined } | null,
  slots?: Slots,
  withCells = false,
): SQL {
  const { sort, reverse } = sortOf(q);
  const dir = reverse ? 'DESC' : 'ASC';
  const col = SORT_COLUMNS[sort];
  const order = (alias: string) => sql.raw(`ORDER BY ${alias}${col} ${dir}, ${alias}id ${dir}`);
  const where = filters(accountId, q, slots);
  if (page === null) {
    const status = q.status === 'all' ? sql`` : sql` AND r.status = ${q.status}`;
    return sql`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ${where} AND r.state = ${q.state}${status} ${order('r.')}`;
  }
  const extra = [
    ...(seekable(q) ? [sql.raw(`r.${col}::text AS sort_key`)] : []),
    ...(withCells ? [keptCellsSql(accountId, slots)] : []),
  ];
  return threadPageSql({
    table: 'app_requests',
    columns: extra.length === 0 ? ROW_COLUMNS : sql`${ROW_COLUMNS}, ${sql.join(extra, sql`, `)}`,
    joins: JOINS,
    account: slots?.account ?? accountId,
    where,
    state: q.state,
    status: q.status,
    column: col,
    reverse,
    timestamp: TIMESTAMP.has(sort),
    page,
    offsetSlot: slots?.offset,
    seekSlots: slots?.seek,
  });
}
