/**
 * The Apps reads (001 §2.4, §7 GET /app_requests; issue 12): the app request lists' six counts and one
 * page, declared in sql/list.ts and read by lib/lists/thread-list/ (statements built once per shape, run
 * as named statements but for searches), the threads' rows for the actions, a thread's devices and an
 * app's details. The counts of a list that filters on nothing are read from app_request_counts (kept by
 * triggers: migration 0016); other counts of 5,000 threads or more are kept 15 seconds
 * (lib/lists/count-cache.ts), forgotten at once when this process changes the account's threads
 * (`appRequestsChanged`). The actions' statements are sql/actions.ts's, the Apps pages' sql/apps-page.ts's
 * and sql/assignments.ts's.
 */
import { sql } from 'drizzle-orm';
import type { AppRequestsListQuery, AppRequestsListResponse } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { PLAY_STORE, UNKNOWN_SOURCE } from '../../domain/apps/catalogue.js';
import { threadListAnswer, threadListChanged } from '../../lib/lists/thread-list/kept.js';
import { readThreadPage } from '../../lib/lists/thread-list/page.js';
import { sqlArray } from '../../lib/sql-array.js';
import { toAppItem } from './present.js';
import { appRequestsList, ROW_COLUMNS, ROW_FROM, type AppRequestRow } from './sql/list.js';

export { toAppItem };

/** A change this process made to the account's app threads: its kept counts and page starts go at once. */
export const appRequestsChanged = (accountId: number) => threadListChanged(appRequestsList, accountId);

/** The counts and one page of the list (lib/lists/thread-list/page.ts). */
export async function listAppRequests(
  db: DbOrTx,
  accountId: number,
  q: AppRequestsListQuery,
  seekFromRow?: number,
): Promise<AppRequestsListResponse> {
  const { rows, counts } = await readThreadPage(appRequestsList, db, accountId, q, new Date(), seekFromRow);
  return { requests: rows.map(toAppItem), total_count: counts.total_count, counts };
}

/** The list's answer as the JSON bytes to send, kept while the account's app threads are unchanged. */
export function keptListAnswer(
  db: DbOrTx,
  accountId: number,
  q: AppRequestsListQuery,
  build: () => Promise<unknown>,
): Promise<Buffer> {
  return threadListAnswer(appRequestsList, db, accountId, q, build);
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

export type AppDetailRow = {
  id: number;
  package_name: string;
  name: string;
  url: string | null;
  image_url: string | null;
  vendor: string;
  source: string;
  platform: string;
  classification: string;
  product_pricing: string | null;
  price: string | null;
  version: string;
  rating: string | null;
  description: string;
  is_admin_warning: boolean;
  is_external: boolean;
  is_prevent_autoassign: boolean;
  request_id: number | null;
  state: 'pending' | 'approved' | 'denied' | null;
  status: 'admin' | 'tech' | null;
  auto_assign: boolean | null;
  mandatory: boolean | null;
};

/**
 * The app of the package as the account sees it, or undefined. A confirmed app's details are the
 * catalogue's. An unconfirmed one (a device named it: domain/apps/catalogue.ts) exists for the account only
 * when one of its devices reported it or it has a thread of it, and then shows the account's own report:
 * whether another account's device named the package is not told.
 */
export async function appOfAccount(db: DbOrTx, accountId: number, packageName: string) {
  const mine = (own: string, catalogue: string) => sql.raw(`CASE WHEN p.confirmed THEN p.${catalogue} ELSE ${own} END`);
  const r = await db.execute<AppDetailRow>(sql`SELECT p.id, p.package_name,
        ${mine('coalesce(x.name, r.title, p.package_name)', 'name')} AS name,
        ${mine(`CASE WHEN x.source = '${PLAY_STORE}' THEN 'https://play.google.com/store/apps/details?id=' || p.package_name END`, 'url')} AS url,
        p.image_url, p.vendor, ${mine(`coalesce(x.source, '${UNKNOWN_SOURCE}')`, 'source')} AS source,
        p.platform, p.classification, p.product_pricing, p.price, ${mine(`coalesce(x.version, '')`, 'version')} AS version,
        p.rating, p.description, p.is_admin_warning,
        ${mine(`coalesce(x.source, '') <> '${PLAY_STORE}'`, 'is_external')} AS is_external, p.is_prevent_autoassign,
        r.id AS request_id, r.state, r.status, r.auto_assign, r.mandatory
      FROM apps p LEFT JOIN app_requests r ON r.account_id = ${accountId} AND r.app_id = p.id
        LEFT JOIN app_reports x ON x.account_id = ${accountId} AND x.package_name = p.package_name
      WHERE p.package_name = ${packageName} AND (p.confirmed OR x.account_id IS NOT NULL OR r.id IS NOT NULL)`);
  return r.rows[0];
}

/** The users the app is assigned to in the account. */
export async function assignedUserIds(db: DbOrTx, accountId: number, appId: number): Promise<number[]> {
  const r = await db.execute<{ user_id: number }>(sql`SELECT user_id FROM app_assignments
      WHERE account_id = ${accountId} AND app_id = ${appId} AND user_id IS NOT NULL ORDER BY user_id`);
  return r.rows.map((x) => x.user_id);
}
