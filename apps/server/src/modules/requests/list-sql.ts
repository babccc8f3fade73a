/**
 * The requests lists' declaration (001 §2.4, §7 GET /requests; issue 11): one row per thread of the
 * account, filtered by kind, state, status, dates (requested for pending lists, processed for the
 * others), search (website, title, requester), media types, 'expiring' and 'bookmarked' (ours), sorted
 * by the contract's keys with id as the tie-break. Every sort has an index leading with (account, kind,
 * state, status) so page 1 is read straight from it; with status 'all' (the approved and denied lists)
 * the page is the merge of the two statuses' ordered pages (UNION ALL of two index reads), never a
 * sort of every row. A page that skips rows reads the ids of its rows first and only then their
 * columns (the per-row asks' kinds and the device), so a deep page does not compute the rows it skips.
 * The statements, their templates and the reads are lib/lists/thread-list.ts's.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CATEGORIES,
  defaultRequestSort,
  REQUEST_MSG,
  EXPIRING_SOON_HOURS,
  type AssociationType,
  type RequestsListQuery,
  type RequestSort,
} from '@wayguard/contracts';
import { searchText } from '../../lib/lists/paging.js';
import { createThreadList } from '../../lib/lists/thread-list.js';
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

/** A SQL text literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** The categories' names by id, a constant of the statement (jsonb: parsed once, when it is planned). */
const CATEGORY_NAMES = `${literal(JSON.stringify(Object.fromEntries(CATEGORIES.map((c) => [c.id, c.name]))))}::jsonb`;

/**
 * A page row's item (contracts RequestItem, 001 §7 GET /requests) as JSON text, written by PostgreSQL:
 * the list's answer is these texts joined (lib/json-reply.ts `listBody`), with no row parsed into an
 * object and encoded again (docs/decisions.md "List rows written by PostgreSQL"). requests-list.test.ts
 * checks every field against the contract's reading of ROW_COLUMNS for every row of every list it pages.
 */
export const ITEM_JSON = sql.raw(`json_build_object(
  'id', r.id, 'type', r.kind, 'state', r.state, 'status', r.status, 'website', r.website, 'title', r.title,
  'favicon', r.favicon, 'previewIcon', r.preview_icon, 'by', r.requester_name,
  'associationType', r.association_type, 'associationId', r.association_id,
  'for', json_build_object('value', coalesce(nullif(r.for_name, ''), ${literal(REQUEST_MSG.accountList)}),
    'isPopup', r.association_type = 'devices'),
  'requested', extract(epoch FROM r.requested_at)::bigint::int,
  'approved', CASE WHEN r.state = 'approved' THEN coalesce(extract(epoch FROM r.processed_at)::bigint, 0)::int ELSE 0 END,
  'denied', CASE WHEN r.state = 'denied' THEN coalesce(extract(epoch FROM r.processed_at)::bigint, 0)::int ELSE 0 END,
  'notes', coalesce(r.notes, ''), 'reason', coalesce(r.reason, ''), 'description', coalesce(r.description, ''),
  'media_type', r.media_type, 'category', coalesce(${CATEGORY_NAMES} ->> r.category_id::text, ''),
  'bookmark', CASE WHEN r.bookmarked THEN 1 ELSE 0 END, 'requestType', r.kind,
  'can_request_review', r.state = 'denied' AND NOT r.review_requested AND NOT r.reviewed,
  'requester', r.requester_name, 'requester_id', r.requester_id, 'processor', coalesce(r.processor_name, ''),
  'processed', coalesce(extract(epoch FROM r.processed_at)::bigint, 0)::int,
  'review_notes', coalesce(r.review_notes, ''),
  'device', CASE WHEN nullif(d.serial, '') IS NOT NULL AND d.kind IS NOT NULL
    THEN json_build_object('id', d.serial, 'type', d.kind) END,
  'association', json_build_object('type', r.association_type),
  'requester_count', r.requester_count, 'device_count', r.device_count,
  'category_id', coalesce(r.category_id, 0),
  'expires', coalesce(extract(epoch FROM r.expires_at)::bigint, 0)::int,
  'prevent_requests', r.prevent_requests, 'requester_kinds', to_json(r.requester_kinds))::text`);

/** A page's row: its id and its item as JSON text (and the sort key and kept counts the reads add). */
export type ItemRow = { id: number; item: string };

export const ROW_FROM = sql.raw(
  `access_requests r LEFT JOIN devices d ON d.id = r.device_id AND d.account_id = r.account_id`,
);

/** When 'expiring' ends: approvals that end after now and at or before this. */
const soonAfter = (now: Date) => new Date(now.getTime() + EXPIRING_SOON_HOURS * 3_600_000).toISOString();

/** Counts of 5,000 threads or more are kept 15 seconds, and answered 15 more while counted afresh. */
export const REQUESTS_COUNTS_KEPT_FROM = 5_000;

/** The website and media requests lists, by kind: their SQL and reads (lib/lists/thread-list.ts). */
export const requestsList = createThreadList<RequestsListQuery, RequestSort, ItemRow>({
  table: 'access_requests',
  countsTable: 'access_request_counts',
  columns: ROW_COLUMNS,
  pageColumns: sql`r.id, ${ITEM_JSON} AS item`,
  joins: sql.raw('LEFT JOIN devices d ON d.id = r.device_id AND d.account_id = r.account_id'),
  kind: (q) => q.type,
  sortColumns: SORT_COLUMNS,
  nullable: NULLABLE,
  timestamps: TIMESTAMP,
  defaultSort: defaultRequestSort,
  searched: ['website', 'title', 'requester_name'],
  filters: (q, param) => {
    const parts: SQL[] = [];
    if (q.type === 'media' && q.media_types && q.media_types.length > 0)
      parts.push(sql`r.media_type = ANY(${sqlArray(q.media_types)}::text[])`);
    if (q.expiring === '1')
      parts.push(sql`r.state = 'approved' AND r.expires_at > ${param('now')}::timestamptz
      AND r.expires_at <= ${param('soon')}::timestamptz`);
    if (q.bookmarked === '1') parts.push(sql`r.bookmarked`);
    return parts;
  },
  params: (_q, now) => ({ now: now.toISOString(), soon: soonAfter(now) }),
  // The expiring filter moves with the clock: never kept.
  countsKey: (q) => (q.expiring === '1' ? null : [q.type, q.from, q.to, searchText(q), q.media_types, q.bookmarked]),
  countsKeptFrom: REQUESTS_COUNTS_KEPT_FROM,
});
