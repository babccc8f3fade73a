/**
 * The app request lists' declaration (001 §2.4, §7 GET /app_requests; issue 12), on the recipe of the
 * requests lists (lib/lists/thread-list/): one row per thread of the account, filtered by state,
 * status, dates (requested for pending lists, processed for the others) and search (name, package,
 * requester), sorted by the contract's keys with id as the tie-break. Every sort has an index leading
 * with (account, state, status); with status 'all' the page is the merge of the two statuses' ordered
 * pages. A page that skips rows reads its ids first and only then their columns.
 */
import { sql } from 'drizzle-orm';
import { defaultAppRequestSort, type AppRequestsListQuery, type AppRequestSort } from '@wayguard/contracts';
import { searchText } from '../../../lib/lists/paging.js';
import { declareThreadList } from '../../../lib/lists/thread-list/spec.js';

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

const NULLABLE: ReadonlySet<AppRequestSort> = new Set(['processor', 'processed']);
const TIMESTAMP: ReadonlySet<AppRequestSort> = new Set(['processed', 'requested']);

/** Counts of 5,000 threads or more are kept 15 seconds. */
export const APP_COUNTS_KEPT_FROM = 5_000;

/** The app request lists: their declaration (lib/lists/thread-list/spec.ts). */
export const appRequestsList = declareThreadList<AppRequestsListQuery, AppRequestSort, AppRequestRow>({
  table: 'app_requests',
  countsTable: 'app_request_counts',
  columns: ROW_COLUMNS,
  joins: JOINS,
  sortColumns: SORT_COLUMNS,
  nullable: NULLABLE,
  timestamps: TIMESTAMP,
  defaultSort: defaultAppRequestSort,
  searched: ['title', 'package_name', 'requester_name'],
  countsKey: (q) => [q.from, q.to, searchText(q)],
  countsKeptFrom: APP_COUNTS_KEPT_FROM,
  // The rows show each approved app's assignment count.
  versions: ['app_requests', 'app_assignments'],
});
