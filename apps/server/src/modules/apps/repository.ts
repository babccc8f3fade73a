/**
 * The app request lists (001 §2.4, §7 GET /app_requests; issue 12): the six counts and one page, declared
 * in list-sql.ts and read by lib/lists/thread-list.ts (statements built once per shape, run as named
 * statements but for searches), and the threads' rows for the actions. The counts of a
 * list that filters on nothing are read from app_request_counts (kept by triggers: migration 0016);
 * other counts of 5,000 threads or more are kept 15 seconds (lib/lists/count-cache.ts), forgotten at once
 * when this process changes the account's threads (`appRequestsChanged`).
 */
import { sql } from 'drizzle-orm';
import {
  canRequestReview,
  type AppRequestItem,
  type AppRequestsListQuery,
  type AppRequestsListResponse,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { sqlArray } from '../../lib/sql-array.js';
import { appRequestsList, ROW_COLUMNS, ROW_FROM, type AppRequestRow } from './list-sql.js';

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
    can_request_review: canRequestReview(r),
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

/** A change this process made to the account's app threads: its kept counts and page starts go at once. */
export const appRequestsChanged = appRequestsList.changed;

/** The counts and one page of the list (lib/lists/thread-list.ts `readList`). */
export async function listAppRequests(
  db: DbOrTx,
  accountId: number,
  q: AppRequestsListQuery,
  seekFromRow?: number,
): Promise<AppRequestsListResponse> {
  const { rows, counts } = await appRequestsList.readList(db, accountId, q, new Date(), seekFromRow);
  return { requests: rows.map(toAppItem), total_count: counts.total_count, counts };
}

/** The list's answer as the JSON bytes to send, kept while the account's app threads are unchanged. */
export function listAppRequestsAnswer(db: DbOrTx, accountId: number, q: AppRequestsListQuery): Promise<Buffer> {
  return appRequestsList.answer(db, accountId, q, () => listAppRequests(db, accountId, q));
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
