/**
 * The device API's request queries (POST /requests, the block page): the asking device's name, linked
 * user and settings, the account's users who may ask, the media item's website row, and the account of
 * a block page's ticket.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ServerUserOptions } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { RequesterKind } from '../../domain/requests/threads.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';

export type AskingDevice = {
  name: string;
  user_kind: RequesterKind | null;
  user_ref_id: number | null;
  settings: { key: string; value: boolean }[] | null;
};

/** The device's name, the user it is linked to and its switches; null when it is gone. */
export async function askingDevice(db: DbOrTx, device: AgentDevice): Promise<AskingDevice | null> {
  const r = await db.execute<AskingDevice>(sql`SELECT d.name, d.user_kind, d.user_ref_id, c.bool_settings AS settings
    FROM devices d LEFT JOIN device_configs c ON c.device_id = d.id AND c.account_id = d.account_id
    WHERE d.account_id = ${device.accountId} AND d.id = ${device.id}`);
  return r.rows[0] ?? null;
}

export type AskingServerUser = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  type: 'server_user' | 'local_user';
  connection_id: number | null;
  options: ServerUserOptions;
};

async function serverUser(db: DbOrTx, accountId: number, where: SQL): Promise<AskingServerUser | null> {
  const r = await db.execute<AskingServerUser>(
    sql`SELECT id, username, first_name, last_name, type, connection_id, options FROM server_users WHERE account_id = ${accountId} AND ${where}`,
  );
  return r.rows[0] ?? null;
}

/** The account's server or local user of this kind and username (the first made, should two share it). */
export const serverUserNamed = (db: DbOrTx, accountId: number, kind: string, username: string) =>
  serverUser(db, accountId, sql`type = ${kind} AND username = ${username} ORDER BY id LIMIT 1`);

export const serverUserById = (db: DbOrTx, accountId: number, id: number) => serverUser(db, accountId, sql`id = ${id}`);

/** The account's console user's name. */
export async function consoleUserName(
  db: DbOrTx,
  accountId: number,
  id: number,
): Promise<{ username: string; first_name: string; last_name: string } | null> {
  const r = await db.execute<{ username: string; first_name: string; last_name: string }>(
    sql`SELECT username, first_name, last_name FROM users WHERE account_id = ${accountId} AND id = ${id}`,
  );
  return r.rows[0] ?? null;
}

/** The id of the account's media item (its exact website row) of this key, or null. */
export async function mediaWebsiteId(db: DbOrTx, accountId: number, key: string): Promise<number | null> {
  const r = await db.execute<{ id: number }>(sql`SELECT id FROM websites WHERE account_id = ${accountId}
    AND kind = 'media' AND match_mode = 'exact' AND pattern = ${key}`);
  return r.rows[0]?.id ?? null;
}

/** The name of the account, when the device is the account's; null otherwise. */
export async function accountNameOfDevice(db: DbOrTx, accountId: number, deviceId: number): Promise<string | null> {
  const r = await db.execute<{ name: string }>(
    sql`SELECT a.name FROM accounts a JOIN devices d ON d.account_id = a.id WHERE a.id = ${accountId} AND d.id = ${deviceId}`,
  );
  return r.rows[0]?.name ?? null;
}
