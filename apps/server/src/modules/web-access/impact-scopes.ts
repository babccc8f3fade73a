/**
 * Where an approval's impact preview puts its allow (issue 26: every approval scope has a preview), as
 * the approval itself does (modules/requests/service.ts approvalTargets): the devices that asked a
 * thread ('Allow for this device'), the users who asked ('This user' / 'these users'), or chosen devices
 * ('Approve for selected devices', 'Allow for other selected devices'). Every row is the account's.
 */
import { sql } from 'drizzle-orm';
import { WEB_ACCESS_MSG, type RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notInAccount } from '../../lib/http-errors.js';
import { sqlArray } from '../../lib/sql-array.js';

/** The devices that asked the threads. */
export async function requestersDeviceScopes(
  db: DbOrTx,
  accountId: number,
  requestIds: readonly number[],
): Promise<RuleScope[]> {
  const r = await db.execute<{ id: number; name: string }>(sql`
    SELECT DISTINCT d.id, d.name FROM access_request_asks k
    JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ANY(${sqlArray(requestIds)}::int[])
    ORDER BY d.id`);
  return r.rows.map((d) => ({ kind: 'device', id: d.id, name: d.name }));
}

const USER_KIND = { user: 'console', server_user: 'server', local_user: 'local' } as const;

/** The users (console, server or local) who asked the threads. */
export async function requestersUserScopes(
  db: DbOrTx,
  accountId: number,
  requestIds: readonly number[],
): Promise<RuleScope[]> {
  const r = await db.execute<{ kind: keyof typeof USER_KIND; id: number; name: string }>(sql`
    SELECT DISTINCT requester_kind AS kind, requester_id AS id, requester_name AS name FROM access_request_asks
    WHERE account_id = ${accountId} AND request_id = ANY(${sqlArray(requestIds)}::int[])
      AND requester_kind IS NOT NULL AND requester_id IS NOT NULL
    ORDER BY 1, 2`);
  return r.rows.map((u) => ({ kind: 'user', user_kind: USER_KIND[u.kind], id: u.id, name: u.name }));
}

/** Chosen devices by (serial, kind); 404 when one is not the account's. */
export async function chosenDeviceScopes(
  db: DbOrTx,
  accountId: number,
  given: readonly { id: string; type: 'machine' | 'mobile' }[],
): Promise<RuleScope[]> {
  const r = await db.execute<{ id: number; name: string; serial: string; kind: string }>(sql`
    SELECT d.id, d.name, d.serial, d.kind
    FROM unnest(${sqlArray(given.map((g) => g.id))}::text[], ${sqlArray(given.map((g) => g.type))}::text[]) AS g(serial, kind)
    JOIN devices d ON d.account_id = ${accountId} AND d.serial = g.serial AND d.kind = g.kind
    ORDER BY d.id`);
  const found = new Set(r.rows.map((d) => `${d.kind}:${d.serial}`));
  const missing = given.find((g) => !found.has(`${g.type}:${g.id}`));
  if (missing) throw notInAccount('device', missing.id, WEB_ACCESS_MSG.devicesNotFound);
  return [...new Map(r.rows.map((d) => [d.id, { kind: 'device' as const, id: d.id, name: d.name }])).values()];
}
