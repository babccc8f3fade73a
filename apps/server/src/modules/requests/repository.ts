/**
 * The requests lists' SQL (001 §2.4, §7 GET /requests; issue 11): one row per thread of the account,
 * filtered by kind, state, status, dates (requested for pending lists, processed for the others),
 * search (website, title, requester), media types, 'expiring' and 'bookmarked' (ours), sorted by the
 * contract's keys with id as the tie-break. Every sort has an index leading with (account, kind,
 * state, status) so page 1 is read straight from it; with status 'all' (the approved and denied lists)
 * the page is the merge of the two statuses' ordered pages (UNION ALL of two index reads), never a
 * sort of every row. The counts of the six tabs are one grouped count, kept 15 seconds from 5,000 rows
 * (lib/lists/count-cache.ts) and forgotten at once when this process changes a thread.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  categoryById,
  defaultRequestSort,
  DEVICE_ASSOCIATIONS,
  EXPIRING_SOON_HOURS,
  REQUEST_MSG,
  type AssociationType,
  type RequestItem,
  type RequestListCounts,
  type RequestsListQuery,
  type RequestSort,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { likePattern, limitOffset, listPage, searchText } from '../../lib/lists/paging.js';
import { executeNamed } from '../../lib/named-statements.js';
import { sqlArray } from '../../lib/sql-array.js';

const SORT_COLUMNS: Record<RequestSort, string> = {
  url: 'website',
  requester: 'requester_name',
  processor: 'processor_name',
  for: 'for_name',
  processed: 'processed_at',
  requested: 'requested_at',
};

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

/** The row's columns as the list and the export read them. */
export const ROW_COLUMNS = sql.raw(`r.id, r.kind, r.state, r.status, r.website, r.title, r.favicon, r.preview_icon,
  r.requester_kind, r.requester_id, r.requester_name, r.requester_count, r.device_count, r.association_type,
  r.association_id, r.for_name, r.notes, r.reason, r.description, r.media_type, r.category_id, r.bookmarked,
  r.review_requested, r.reviewed, r.review_notes, r.prevent_requests, r.processor_name,
  extract(epoch FROM r.requested_at)::bigint::int AS requested,
  coalesce(extract(epoch FROM r.processed_at)::bigint, 0)::int AS processed,
  coalesce(extract(epoch FROM r.expires_at)::bigint, 0)::int AS expires,
  d.serial AS device_serial, d.kind AS device_kind,
  ARRAY(SELECT DISTINCT k.requester_kind FROM access_request_asks k WHERE k.account_id = r.account_id
    AND k.request_id = r.id AND k.requester_kind IS NOT NULL ORDER BY 1) AS requester_kinds`);
const ROW_FROM = sql.raw(`access_requests r LEFT JOIN devices d ON d.id = r.device_id AND d.account_id = r.account_id`);

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

/** The conditions every row of the list meets, apart from state and status. */
function filters(accountId: number, q: RequestsListQuery, now: Date): SQL {
  const parts: SQL[] = [sql`r.account_id = ${accountId}`, sql`r.kind = ${q.type}`];
  const at = q.state === 'pending' ? sql.raw('r.requested_at') : sql.raw('r.processed_at');
  if (q.from !== undefined) parts.push(sql`${at} >= to_timestamp(${q.from})`);
  if (q.to !== undefined) parts.push(sql`${at} <= to_timestamp(${q.to})`);
  const text = searchText(q);
  if (text !== null)
    parts.push(
      sql`lower(r.website || E'\\n' || r.title || E'\\n' || r.requester_name) LIKE ${likePattern(text.toLowerCase())}`,
    );
  if (q.type === 'media' && q.media_types && q.media_types.length > 0)
    parts.push(sql`r.media_type = ANY(${sqlArray(q.media_types)}::text[])`);
  if (q.expiring === '1')
    parts.push(sql`r.state = 'approved' AND r.expires_at > ${now.toISOString()}
      AND r.expires_at <= ${new Date(now.getTime() + EXPIRING_SOON_HOURS * 3_600_000).toISOString()}`);
  if (q.bookmarked === '1') parts.push(sql`r.bookmarked`);
  return sql.join(parts, sql` AND `);
}

const run = <T extends Record<string, unknown>>(db: DbOrTx, q: RequestsListQuery, statement: SQL) =>
  searchText(q) === null ? executeNamed<T>(db, statement) : db.execute<T>(statement);

type Cells = Record<string, number>;
/**
 * The grouped counts of large lists kept a short while, as lib/lists/count-cache.ts keeps one total
 * (docs/decisions.md "Large lists' totals"): from 5,000 threads for 15 seconds per account and
 * filters; a change this process makes forgets the account's at once.
 */
const KEEP_FROM = 5_000;
const KEEP_MS = 15_000;
const kept = new Map<string, { cells: Cells; until: number }>();
/** A change this process made to the account's threads: its kept counts go at once. */
export function requestsChanged(accountId: number): void {
  for (const k of kept.keys()) if (k.startsWith(`${accountId}\u0000`)) kept.delete(k);
}

/** The six counts of 001 §3 for the list's filters; total_count is the list's own (its state and status). */
export async function listCounts(
  db: DbOrTx,
  accountId: number,
  q: RequestsListQuery,
  now: Date,
): Promise<RequestListCounts> {
  const key = `${accountId}\u0000${JSON.stringify([q.type, q.from, q.to, searchText(q), q.media_types, q.bookmarked])}`;
  const hit = q.expiring === '1' ? undefined : kept.get(key);
  let cells: Cells;
  if (hit && hit.until > now.getTime()) cells = hit.cells;
  else {
    const r = await run<{ state: string; status: string; n: number }>(
      db,
      q,
      sql`SELECT r.state, r.status, count(*)::int AS n FROM access_requests r WHERE ${filters(accountId, q, now)}
        GROUP BY r.state, r.status`,
    );
    cells = Object.fromEntries(r.rows.map((x) => [`${x.state}:${x.status}`, x.n]));
    const all = r.rows.reduce((n, x) => n + x.n, 0);
    // The expiring filter moves with the clock: never kept.
    if (all >= KEEP_FROM && q.expiring !== '1') {
      if (kept.size >= 1_000) kept.delete(kept.keys().next().value as string);
      kept.set(key, { cells, until: now.getTime() + KEEP_MS });
    }
  }
  const cell = (k: string) => cells[k] ?? 0;
  const pendingAdmin = cell('pending:admin');
  const pendingTech = cell('pending:tech');
  const approved = cell('approved:admin') + cell('approved:tech');
  const denied = cell('denied:admin') + cell('denied:tech');
  const own =
    q.status === 'all'
      ? { pending: pendingAdmin + pendingTech, approved, denied }[q.state]
      : cell(`${q.state}:${q.status}`);
  return {
    total_count: own,
    total_pending_admin_count: pendingAdmin,
    total_pending_tech_count: pendingTech,
    total_pending_count: pendingAdmin + pendingTech,
    total_approved_count: approved,
    total_denied_count: denied,
  };
}

/** The ordered SELECT of the list's rows (all of them: the export; a window: the page). */
export function listSql(
  accountId: number,
  q: RequestsListQuery,
  now: Date,
  window: { limit: number; offset: number } | null,
): SQL {
  const sort = q.sort_by ?? defaultRequestSort(q.state).sort_by;
  const reverse = q.sort_by === undefined ? defaultRequestSort(q.state).reverse_order : Boolean(q.reverse_order);
  const dir = reverse ? 'DESC' : 'ASC';
  const col = SORT_COLUMNS[sort];
  const order = (alias: string) => sql.raw(`ORDER BY ${alias}${col} ${dir}, ${alias}id ${dir}`);
  const where = filters(accountId, q, now);
  const statuses = q.status === 'all' ? (['admin', 'tech'] as const) : ([q.status] as const);
  if (statuses.length === 1 || window === null) {
    const status = q.status === 'all' ? sql`` : sql` AND r.status = ${q.status}`;
    return sql`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ${where} AND r.state = ${q.state}${status}
      ${order('r.')} ${window ? limitOffset(window.limit, window.offset) : sql``}`;
  }
  // Each status's ordered page from its index, merged: the first limit + offset rows of each suffice.
  const part = (status: string) => sql`(SELECT r.id, r.${sql.raw(col)} FROM access_requests r
    WHERE ${where} AND r.state = ${q.state} AND r.status = ${status} ${order('r.')}
    ${limitOffset(window.limit + window.offset)})`;
  return sql`SELECT ${ROW_COLUMNS} FROM (
      SELECT p.id FROM (${part('admin')} UNION ALL ${part('tech')}) p ${order('p.')}
      ${limitOffset(window.limit, window.offset)}
    ) page JOIN access_requests r ON r.id = page.id AND r.account_id = ${accountId}
    LEFT JOIN devices d ON d.id = r.device_id AND d.account_id = r.account_id
    ${order('r.')}`;
}

export async function listRequests(db: DbOrTx, accountId: number, q: RequestsListQuery, now: Date) {
  const counts = await listCounts(db, accountId, q, now);
  const { rows } = await listPage(
    q,
    async () => counts.total_count,
    async (window) => (await run<RequestRow>(db, q, listSql(accountId, q, now, window))).rows,
  );
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
