/**
 * The requests lists' declaration (001 §2.4, §7 GET /requests; issue 11): one row per thread of the
 * account, filtered by kind, state, status, dates (requested for pending lists, processed for the
 * others), search (website, title, requester), media types, 'expiring' and 'bookmarked' (ours), sorted
 * by the contract's keys with id as the tie-break. Every sort has an index leading with (account, kind,
 * state, status) so page 1 is read straight from it; with status 'all' (the approved and denied lists)
 * the page is the merge of the two statuses' ordered pages (UNION ALL of two index reads), never a
 * sort of every row. A page that skips rows reads the ids of its rows first and only then their
 * columns (the per-row asks' kinds and the device), so a deep page does not compute the rows it skips.
 * The statements, their templates and the reads are lib/lists/thread-list/'s (statements, counts, page).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  defaultRequestSort,
  EXPIRING_SOON_HOURS,
  type AssociationType,
  type RequestsListQuery,
  type RequestSort,
} from '@wayguard/contracts';
import { searchText } from '../../../lib/lists/paging.js';
import { declareThreadList } from '../../../lib/lists/thread-list/spec.js';
import { sqlArray } from '../../../lib/sql-array.js';

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
 * (kept after each ask by domain/requests/threads.ts): a per-row subquery over the asks was a third of page
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

/** When 'expiring' ends: approvals that end after now and at or before this. */
const soonAfter = (now: Date) => new Date(now.getTime() + EXPIRING_SOON_HOURS * 3_600_000).toISOString();

/** Counts of 5,000 threads or more are kept 15 seconds, and answered 15 more while counted afresh. */
export const REQUESTS_COUNTS_KEPT_FROM = 5_000;

/** The website and media requests lists, by kind: their declaration (lib/lists/thread-list/spec.ts). */
export const requestsList = declareThreadList<RequestsListQuery, RequestSort, RequestRow>({
  table: 'access_requests',
  countsTable: 'access_request_counts',
  columns: ROW_COLUMNS,
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
  // 'web_access_rules': a pending row's 'Not blocked now' marker moves with the rules (allowed-now.ts).
  versions: ['access_requests', 'web_access_rules'],
});
