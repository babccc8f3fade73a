/**
 * The website and media requests' reads (001 §2.4, §7 GET /requests; issue 11): the lists' counts and one
 * page, declared in sql/list.ts and read by lib/lists/thread-list/ (statements built once per shape, run as
 * named statements but for searches), and the threads' rows, devices, users and asks. At scale
 * (docs/decisions/requests.md "Speed of the requests lists"): the counts of a list that filters on nothing but its
 * kind are read from access_request_counts (kept by triggers: migration 0014); other counts of 5,000
 * threads or more are kept 15 seconds (lib/lists/count-cache.ts); a deep page is found from where this
 * process last saw it (or a page shortly before it) begin (lib/lists/page-anchors.ts), else its ids are
 * read first. A change this process makes to the account's threads forgets what is kept at once
 * (`requestsChanged`). The actions' statements are sql/actions.ts's, the block requests' sql/block.ts's.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RequestsListQuery } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { threadListAnswer, threadListChanged } from '../../lib/lists/thread-list/kept.js';
import type { PageRead } from '../../lib/lists/thread-list/page-sql.js';
import { readThreadPage } from '../../lib/lists/thread-list/page.js';
import { everyRowSql, pageSql } from '../../lib/lists/thread-list/statements.js';
import { sqlArray } from '../../lib/sql-array.js';
import { toItem } from './present.js';
import { requestsList, ROW_COLUMNS, ROW_FROM, type RequestRow } from './sql/list.js';

export { ROW_COLUMNS, toItem, type RequestRow };

/** A change this process made to the account's threads: its kept counts and page starts go at once. */
export const requestsChanged = (accountId: number) => threadListChanged(requestsList, accountId);

/** The list's every row (the export, `page` null) or one page, its values written in. */
export function listSql(accountId: number, q: RequestsListQuery, now: Date, page: PageRead | null): SQL {
  const read = { accountId, q, now };
  return page === null ? everyRowSql(requestsList.spec, read) : pageSql(requestsList.spec, read, page);
}

/** The counts and one page of the list (lib/lists/thread-list/page.ts). */
export async function listRequests(
  db: DbOrTx,
  accountId: number,
  q: RequestsListQuery,
  now: Date,
  seekFromRow?: number,
) {
  const { rows, counts } = await readThreadPage(requestsList, db, accountId, q, now, seekFromRow);
  return { requests: rows.map(toItem), total_count: counts.total_count, counts };
}

/**
 * The list's answer as the JSON bytes to send, kept while the account's threads are unchanged
 * (lib/lists/thread-list/kept.ts); `period`: kept within it only.
 */
export const keptListAnswer = (
  db: DbOrTx,
  accountId: number,
  q: RequestsListQuery,
  build: () => Promise<unknown>,
  period?: string,
) => threadListAnswer(requestsList, db, accountId, q, build, period);

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

/** The pending threads' subjects and asking devices (allowed-now.ts), of these ids. */
export async function pendingSubjects(db: DbOrTx, accountId: number, ids: readonly number[]) {
  const r = await db.execute<{
    id: number;
    kind: 'website' | 'media';
    subject_key: string;
    website_id: number | null;
    device_id: number;
  }>(sql`SELECT id, kind, subject_key, website_id, device_id FROM access_requests
      WHERE account_id = ${accountId} AND id = ANY(${sqlArray([...ids])}::int[]) AND state = 'pending'
        AND device_id IS NOT NULL`);
  return r.rows;
}

/** The ids of these that are threads of the account. */
export async function threadIdsIn(db: DbOrTx, accountId: number, ids: readonly number[]): Promise<Set<number>> {
  const r = await db.execute<{ id: number }>(sql`SELECT id FROM access_requests
    WHERE account_id = ${accountId} AND id = ANY(${sqlArray([...ids])}::int[])`);
  return new Set(r.rows.map((x) => x.id));
}
