/**
 * The requests lists' SQL (001 §2.4, §7 GET /requests; issue 11): one row per thread of the account,
 * filtered by kind, state, status, dates (requested for pending lists, processed for the others),
 * search (website, title, requester), media types, 'expiring' and 'bookmarked' (ours), sorted by the
 * contract's keys with id as the tie-break. Every sort has an index leading with (account, kind,
 * state, status) so page 1 is read straight from it; with status 'all' (the approved and denied lists)
 * the page is the merge of the two statuses' ordered pages (UNION ALL of two index reads), never a
 * sort of every row. A page that skips rows reads the ids of its rows first and only then their
 * columns (the per-row asks' kinds and the device), so a deep page does not compute the rows it skips.
 * Built as statement templates (lib/statement-templates.ts): with `slots`, the values that change from
 * request to request are placeholders.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  defaultRequestSort,
  EXPIRING_SOON_HOURS,
  type AssociationType,
  type RequestsListQuery,
  type RequestSort,
} from '@wayguard/contracts';
import { likePattern, searchText } from '../../lib/lists/paging.js';
import { threadCells, threadPageSql, threadSortKey, type Seek } from '../../lib/lists/thread-pages.js';
import { sqlArray } from '../../lib/sql-array.js';

const SORT_COLUMNS: Record<RequestSort, string> = {
  url: 'website',
  requester: 'requester_name',
  processor: 'processor_name',
  for: 'for_name',
  processed: 'processed_at',
  requested: 'requested_at',
};
/** The sort columns that may be null (a pending thread has no processor nor processing time). */
const NULLABLE: ReadonlySet<RequestSort> = new Set(['processor', 'processed']);
const TIMESTAMP: ReadonlySet<RequestSort> = new Set(['processed', 'requested']);

export type RequestRow = {
  id: number;
  kind: 'website' | 'media';
  state: 'pending' | 'approved' | 'denied';
  status: 'admin' | 'tech';
  website: string;
  title: string;
  favicon: string | null;
  preview_icon: string | null;
  requester_kind: 'user' | 'server_user' | 'local_user' | null;
  requester_id: number | null;
  requester_name: string;
  requester_count: number;
  device_count: number;
  association_type: AssociationType;
  association_id: number | null;
  for_name: string;
  notes: string | null;
  reason: string | null;
  description: string | null;
  media_type: string | null;
  category_id: number | null;
  bookmarked: boolean;
  review_requested: boolean;
  reviewed: boolean;
  review_notes: string | null;
  prevent_requests: boolean;
  processor_name: string | null;
  requested: number;
  processed: number;
  expires: number;
  device_serial: string | null;
  device_kind: 'machine' | 'mobile' | null;
  requester_kinds: ('user' | 'server_user' | 'local_user')[];
};
/** A page's row: with its sort column as text when the sort may be sought (see `sortKeyOf`). */
export type PageRow = RequestRow & { sort_key?: string | null; cells?: string | null };

/**
 * The row's columns as the list and the export read them. The requester kinds are the thread's own
 * (kept after each ask by lib/requests/threads.ts): a per-row subquery over the asks was a third of page
 * 1's PostgreSQL time.
 */
export const ROW_COLUMNS = sql.raw(`r.id, r.kind, r.state, r.status, r.website, r.title, r.favicon, r.preview_icon,
  r.requester_kind, r.requester_id, r.requester_name, r.requester_count, r.device_count, r.association_type,
  r.association_id, r.for_name, r.notes, r.reason, r.description, r.media_type, r.category_id, r.bookmarked,
  r.review_requested, r.reviewed, r.review_notes, r.prevent_requests, r.processor_name,
  extract(epoch FROM r.requested_at)::bigint::int AS requested,
  coalesce(extract(epoch FROM r.processed_at)::bigint, 0)::int AS processed,
  coalesce(extract(epoch FROM r.expires_at)::bigint, 0)::int AS expires,
  d.serial AS device_serial, d.kind AS device_kind, r.requester_kinds`);
export const ROW_FROM = sql.raw(
  `access_requests r LEFT JOIN devices d ON d.id = r.device_id AND d.account_id = r.account_id`,
);

/**
 * The placeholders of the lists' statement templates: the values that change from request to request
 * (the account, the dates, the search pattern, the clock of 'expiring', the offset, a seek's key).
 * Without them, the values are written in directly (the export).
 */
export type Slots = {
  account: Placeholder;
  from: Placeholder;
  to: Placeholder;
  pattern: Placeholder;
  now: Placeholder;
  soon: Placeholder;
  offset: Placeholder;
  seek: readonly [Placeholder, Placeholder];
};
export const SLOTS: Slots = {
  account: sql.placeholder('account'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  pattern: sql.placeholder('pattern'),
  now: sql.placeholder('now'),
  soon: sql.placeholder('soon'),
  offset: sql.placeholder('offset'),
  seek: [sql.placeholder('seek0'), sql.placeholder('seek1')],
};

/** When 'expiring' ends: approvals that end after now and at or before this. */
const soonAfter = (now: Date) => new Date(now.getTime() + EXPIRING_SOON_HOURS * 3_600_000).toISOString();

/** The values of the placeholders for this request. */
export function slotValues(
  accountId: number,
  q: RequestsListQuery,
  now: Date,
  page?: { offset: number; seek?: Seek | undefined },
): Record<string, unknown> {
  const text = searchText(q);
  return {
    account: accountId,
    from: q.from ?? null,
    to: q.to ?? null,
    pattern: text === null ? null : likePattern(text.toLowerCase()),
    now: now.toISOString(),
    soon: soonAfter(now),
    offset: page?.offset ?? 0,
    seek0: page?.seek?.key[0] ?? null,
    seek1: page?.seek?.key[1] ?? null,
  };
}

/** The conditions every row of the list meets, apart from state and status. */
export function filters(accountId: number, q: RequestsListQuery, now: Date, slots?: Slots): SQL {
  const parts: SQL[] = [sql`r.account_id = ${slots?.account ?? accountId}`, sql`r.kind = ${q.type}`];
  const at = q.state === 'pending' ? sql.raw('r.requested_at') : sql.raw('r.processed_at');
  if (q.from !== undefined) parts.push(sql`${at} >= to_timestamp(${slots?.from ?? q.from})`);
  if (q.to !== undefined) parts.push(sql`${at} <= to_timestamp(${slots?.to ?? q.to})`);
  const text = searchText(q);
  if (text !== null)
    parts.push(
      sql`lower(r.website || E'\\n' || r.title || E'\\n' || r.requester_name) LIKE ${slots?.pattern ?? likePattern(text.toLowerCase())}`,
    );
  if (q.type === 'media' && q.media_types && q.media_types.length > 0)
    parts.push(sql`r.media_type = ANY(${sqlArray(q.media_types)}::text[])`);
  if (q.expiring === '1')
    parts.push(sql`r.state = 'approved' AND r.expires_at > ${slots?.now ?? now.toISOString()}::timestamptz
      AND r.expires_at <= ${slots?.soon ?? soonAfter(now)}::timestamptz`);
  if (q.bookmarked === '1') parts.push(sql`r.bookmarked`);
  return sql.join(parts, sql` AND `);
}

/** Whether the list filters on nothing but its kind (then its counts are access_request_counts' own). */
export function filtersOnKindOnly(q: RequestsListQuery): boolean {
  return (
    q.from === undefined &&
    q.to === undefined &&
    searchText(q) === null &&
    !(q.type === 'media' && q.media_types && q.media_types.length > 0) &&
    q.expiring !== '1' &&
    q.bookmarked !== '1'
  );
}

/** The threads per state and status that the list's filters (state and status aside) keep. */
export function countsSql(accountId: number, q: RequestsListQuery, now: Date, slots?: Slots): SQL {
  if (filtersOnKindOnly(q))
    return sql`SELECT c.state, c.status, c.n FROM access_request_counts c
      WHERE c.account_id = ${slots?.account ?? accountId} AND c.kind = ${q.type} AND c.n <> 0`;
  return sql`SELECT r.state, r.status, count(*)::int AS n FROM access_requests r WHERE ${filters(accountId, q, now, slots)}
    GROUP BY r.state, r.status`;
}

/**
 * The counts of access_request_counts as one text, 'state:status:n' comma-separated (a text: an array
 * would be parsed again on every row), for a page statement of a
 * list that filters on nothing but its kind: its rows then carry their list's counts (`cells`), read in
 * the same statement (one round trip for the page and its counts).
 */
function keptCellsSql(accountId: number, q: RequestsListQuery, slots?: Slots): SQL {
  return sql`(SELECT string_agg(c.state || ':' || c.status || ':' || c.n, ',') FROM access_request_counts c
    WHERE c.account_id = ${slots?.account ?? accountId} AND c.kind = ${q.type} AND c.n <> 0) AS cells`;
}

/** The counts a page row carries (`keptCellsSql`), by 'state:status'. */
export const cellsOf: (row: PageRow) => Record<string, number> | null = threadCells;

/** The list's sort: the contract's key (or the list's default) and its direction. */
export function sortOf(q: Pick<RequestsListQuery, 'state' | 'sort_by' | 'reverse_order'>): {
  sort: RequestSort;
  reverse: boolean;
} {
  if (q.sort_by !== undefined) return { sort: q.sort_by, reverse: Boolean(q.reverse_order) };
  const d = defaultRequestSort(q.state);
  return { sort: d.sort_by, reverse: d.reverse_order };
}

/**
 * Whether a deep page of this list may be found by a seek (lib/lists/page-anchors.ts): its column is
 * never null, or the order is descending, where null values come first, so none follows a row that has
 * one (a page is remembered only from rows with a value).
 */
export function seekable(q: Pick<RequestsListQuery, 'state' | 'sort_by' | 'reverse_order'>): boolean {
  const { sort, reverse } = sortOf(q);
  return reverse || !NULLABLE.has(sort);
}

export type { Seek };

/** A page row's position in the sort, or null when it has none to seek from (no value, or no sort_key read). */
export const sortKeyOf: (row: PageRow) => [string, number] | null = threadSortKey;

/**
 * The ordered SELECT of the list's rows: all of them (the export, `page` null) or one page, from a
 * seek's key when there is one (then `page.offset` counts from it).
 */
export function listSql(
  accountId: number,
  q: RequestsListQuery,
  now: Date,
  page: { limit: number; offset: number; seek?: Seek | undefined } | null,
  slots?: Slots,
  withCells = false,
): SQL {
  const { sort, reverse } = sortOf(q);
  const dir = reverse ? 'DESC' : 'ASC';
  const col = SORT_COLUMNS[sort];
  const order = (alias: string) => sql.raw(`ORDER BY ${alias}${col} ${dir}, ${alias}id ${dir}`);
  const account = slots?.account ?? accountId;
  const where = filters(accountId, q, now, slots);
  if (page === null) {
    const status = q.status === 'all' ? sql`` : sql` AND r.status = ${q.status}`;
    return sql`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ${where} AND r.state = ${q.state}${status} ${order('r.')}`;
  }
  const extra = [
    ...(seekable(q) ? [sql.raw(`r.${col}::text AS sort_key`)] : []),
    ...(withCells ? [keptCellsSql(accountId, q, slots)] : []),
  ];
  return threadPageSql({
    table: 'access_requests',
    columns: extra.length === 0 ? ROW_COLUMNS : sql`${ROW_COLUMNS}, ${sql.join(extra, sql`, `)}`,
    joins: sql.raw('LEFT JOIN devices d ON d.id = r.device_id AND d.account_id = r.account_id'),
    account,
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
