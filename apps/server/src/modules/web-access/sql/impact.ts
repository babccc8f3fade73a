/**
 * The SQL of the impact preview (impact.ts, impact-scopes.ts): the request threads' subjects, the
 * devices and users that asked them, chosen devices by (serial, kind), whether a connection or a
 * website group is the account's, and the account's default mode and time zone. Every statement is
 * scoped by the account.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sqlArray } from '../../../lib/sql-array.js';

/** The threads of the account among these ids, with their kind and subject row (null before threads linked one). */
export async function requestSubjectRows(db: DbOrTx, accountId: number, ids: readonly number[]) {
  const r = await db.execute<{ id: number; kind: 'website' | 'media'; website_id: number | null }>(sql`
    SELECT id, kind, website_id FROM access_requests
    WHERE account_id = ${accountId} AND id = ANY(${sqlArray(ids)}::int[])`);
  return r.rows;
}

/** The devices that asked the threads, by id. */
export async function requesterDevices(db: DbOrTx, accountId: number, requestIds: readonly number[]) {
  const r = await db.execute<{ id: number; name: string }>(sql`
    SELECT DISTINCT d.id, d.name FROM access_request_asks k
    JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ANY(${sqlArray(requestIds)}::int[])
    ORDER BY d.id`);
  return r.rows;
}

/** The users (console, server or local) who asked the threads, by kind and id. */
export async function requesterUsers(db: DbOrTx, accountId: number, requestIds: readonly number[]) {
  const r = await db.execute<{ kind: 'user' | 'server_user' | 'local_user'; id: number; name: string }>(sql`
    SELECT DISTINCT requester_kind AS kind, requester_id AS id, requester_name AS name FROM access_request_asks
    WHERE account_id = ${accountId} AND request_id = ANY(${sqlArray(requestIds)}::int[])
      AND requester_kind IS NOT NULL AND requester_id IS NOT NULL
    ORDER BY 1, 2`);
  return r.rows;
}

/** The account's devices among these (serial, kind) pairs, by id. */
export async function devicesBySerial(
  db: DbOrTx,
  accountId: number,
  given: readonly { id: string; type: 'machine' | 'mobile' }[],
) {
  const r = await db.execute<{ id: number; name: string; serial: string; kind: string }>(sql`
    SELECT d.id, d.name, d.serial, d.kind
    FROM unnest(${sqlArray(given.map((g) => g.id))}::text[], ${sqlArray(given.map((g) => g.type))}::text[]) AS g(serial, kind)
    JOIN devices d ON d.account_id = ${accountId} AND d.serial = g.serial AND d.kind = g.kind
    ORDER BY d.id`);
  return r.rows;
}

/** Whether the server connection is the account's. */
export async function hasConnection(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM server_connections WHERE account_id = ${accountId} AND id = ${id}`);
  return r.rows.length > 0;
}

/** Whether the website group is the account's. */
export async function hasWebsiteGroup(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM website_groups WHERE account_id = ${accountId} AND id = ${id}`);
  return r.rows.length > 0;
}

/** The account's web default mode and time zone. */
export async function accountWebDefaults(db: DbOrTx, accountId: number) {
  const r = await db.execute<{ default_mode: 'allow_unless_blocked' | 'approved_sites_only'; time_zone: string }>(
    sql`SELECT web_default_mode AS default_mode, time_zone FROM accounts WHERE id = ${accountId}`,
  );
  return r.rows[0]!;
}
