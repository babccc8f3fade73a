/**
 * The requests lists (001 §2.4, §7 GET /requests; issue 11): the six counts and one page, declared in
 * list-sql.ts and read by lib/lists/thread-list.ts (statements built once per shape, run as named
 * statements but for searches), and the threads' rows for the actions. At scale (docs/decisions/requests.md
 * "Speed of the requests lists"): the counts of a list that filters on nothing but its kind are read from
 * access_request_counts (kept by triggers: migration 0014); other counts of 5,000 threads or more are kept 15 seconds
 * (lib/lists/count-cache.ts); a deep page is found from where this process last saw it (or a page shortly before it)
 * begin (lib/lists/page-anchors.ts), else its ids are read first. A change this process makes to the account's threads
 * forgets what is kept at once (`requestsChanged`).
 */
import { sql } from 'drizzle-orm';
import {
  categoryById,
  DEVICE_ASSOCIATIONS,
  REQUEST_MSG,
  type AssociationType,
  type RequestItem,
  type RequestsListQuery,
  canRequestReview,
  forPopup,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { sqlArray } from '../../lib/sql-array.js';
import { requestsList, ROW_COLUMNS, ROW_FROM, type RequestRow } from './list-sql.js';

export { ROW_COLUMNS, type RequestRow };

export function toItem(r: RequestRow): RequestItem {
  const popup = forPopup({ type: r.association_type, id: r.association_id });
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
    for: { value: r.for_name || REQUEST_MSG.accountList, isPopup: popup !== null, ...(popup ? { popup } : {}) },
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
    can_request_review: canRequestReview(r),
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
    allowed_now: null,
  };
}
export const isDeviceAssociation = (a: AssociationType) => DEVICE_ASSOCIATIONS.includes(a);

/** A change this process made to the account's threads: its kept counts and page starts go at once. */
export const requestsChanged = requestsList.changed;

/** The list's every row (the export) or one page. */
export const listSql = requestsList.listSql;

/** The counts and one page of the list (lib/lists/thread-list.ts `readList`). */
export async function listRequests(
  db: DbOrTx,
  accountId: number,
  q: RequestsListQuery,
  now: Date,
  seekFromRow?: number,
) {
  const { rows, counts } = await requestsList.readList(db, accountId, q, now, seekFromRow);
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

/**
 * The devices a decided thread's For value counts (issue 26, RL-36): those of its device-scope rules (the
 * rules whose source is the thread). A denial removes them; a block turns them into blocks.
 */
export async function ruleDevices(db: DbOrTx, accountId: number, id: number) {
  const r = await db.execute<{ id: number; serial: string; kind: 'machine' | 'mobile'; name: string }>(sql`
    SELECT DISTINCT d.id, d.serial, d.kind, d.name FROM web_access_rules w
    JOIN devices d ON d.id = w.scope_id AND d.account_id = w.account_id
    WHERE w.account_id = ${accountId} AND w.source_kind = 'request' AND w.request_id = ${id}
      AND w.scope_kind = 'device' ORDER BY d.name, d.id`);
  return r.rows;
}

/** The users who asked (the users a user approval covers: service.ts approvalTargets). */
export async function threadUsers(db: DbOrTx, accountId: number, id: number) {
  const r = await db.execute<{ id: number; kind: 'user' | 'server_user' | 'local_user'; name: string }>(sql`
    SELECT DISTINCT ON (requester_kind, requester_id) requester_id AS id, requester_kind AS kind, requester_name AS name
    FROM access_request_asks WHERE account_id = ${accountId} AND request_id = ${id}
      AND requester_kind IS NOT NULL AND requester_id IS NOT NULL
    ORDER BY requester_kind, requester_id, asked_at DESC`);
  return r.rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
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
