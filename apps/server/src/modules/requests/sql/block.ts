/**
 * The statements of block-website requests (block.ts): the form's lookups (devices, users, server users,
 * connections), the account's website groups, a target by its kind, and whether a target already blocks
 * a website.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { personNameSql } from '../../../domain/users/person-name.js';

const LOOKUP_MAX = 5_000;

/** The block form's lookups: the account's active devices, users, server users and connections. */
export async function blockTargets(db: DbOrTx, accountId: number) {
  const [devices, users, serverUsers, connections] = await Promise.all([
    db.execute<{ id: string; name: string; type: 'machine' | 'mobile' }>(sql`SELECT serial AS id, name, kind AS type
      FROM devices WHERE account_id = ${accountId} AND deactivated_date IS NULL ORDER BY name, id LIMIT ${LOOKUP_MAX}`),
    db.execute<{
      id: number;
      name: string;
    }>(sql`SELECT id, ${personNameSql('users')} AS name
      FROM users WHERE account_id = ${accountId} AND status <> 'deactivated' ORDER BY name, id LIMIT ${LOOKUP_MAX}`),
    db.execute<{ id: number; name: string }>(sql`SELECT id, ${personNameSql('server_users')} AS name FROM server_users
      WHERE account_id = ${accountId} AND status = 'activated' ORDER BY name, id LIMIT ${LOOKUP_MAX}`),
    db.execute<{ id: number; name: string }>(sql`SELECT id, name FROM server_connections
      WHERE account_id = ${accountId} ORDER BY name, id LIMIT ${LOOKUP_MAX}`),
  ]);
  return { devices: devices.rows, users: users.rows, serverUsers: serverUsers.rows, connections: connections.rows };
}

/** The account's website groups by name. */
export async function websiteGroups(db: DbOrTx, accountId: number) {
  const r = await db.execute<{ id: number; name: string }>(
    sql`SELECT id, name FROM website_groups WHERE account_id = ${accountId} ORDER BY name, id`,
  );
  return r.rows;
}

/** The account's device of this kind and serial, or undefined. */
export async function deviceTarget(tx: DbOrTx, accountId: number, kind: 'machine' | 'mobile', serial: string) {
  const r = await tx.execute<{ id: number; name: string }>(sql`SELECT id, name FROM devices
          WHERE account_id = ${accountId} AND kind = ${kind} AND serial = ${serial}`);
  return r.rows[0];
}

/** The account's console user, or undefined. */
export async function userTarget(tx: DbOrTx, accountId: number, id: number) {
  const r = await tx.execute<{ id: number; name: string }>(
    sql`SELECT id, ${personNameSql('users')} AS name FROM users WHERE account_id = ${accountId} AND id = ${id}`,
  );
  return r.rows[0];
}

/** The account's server or local user, or undefined. */
export async function serverUserTarget(tx: DbOrTx, accountId: number, id: number) {
  const r = await tx.execute<{ id: number; name: string; type: 'server_user' | 'local_user' }>(
    sql`SELECT id, ${personNameSql('server_users')} AS name, type FROM server_users
            WHERE account_id = ${accountId} AND id = ${id}`,
  );
  return r.rows[0];
}

/** The account's server connection, or undefined. */
export async function connectionTarget(tx: DbOrTx, accountId: number, id: number) {
  const r = await tx.execute<{ id: number; name: string }>(
    sql`SELECT id, name FROM server_connections WHERE account_id = ${accountId} AND id = ${id}`,
  );
  return r.rows[0];
}

/** Whether the scope (as chainArrays gives it) already blocks the website. */
export async function blocksWebsite(
  tx: DbOrTx,
  accountId: number,
  websiteId: number,
  scope: { kind: string; userKind: string; id: number },
): Promise<boolean> {
  const r = await tx.execute(sql`SELECT 1 FROM web_access_rules WHERE account_id = ${accountId}
    AND subject_kind = 'website' AND subject_id = ${websiteId} AND scope_kind = ${scope.kind}
    AND user_kind = ${scope.userKind} AND scope_id = ${scope.id} AND action = 'BLOCK'`);
  return r.rows.length > 0;
}
