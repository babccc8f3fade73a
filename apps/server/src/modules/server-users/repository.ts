/** Queries of the account's server/domain and local Windows users (000 §3.5, 002 §2.8, §2.10), each scoped by the account. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { serverConnections, serverUsers } from '../../db/schema/index.js';

export type ServerUserRecord = typeof serverUsers.$inferSelect;
type ServerUserStatus = ServerUserRecord['status'];

const inAccount = (accountId: number, id: number) => and(eq(serverUsers.id, id), eq(serverUsers.accountId, accountId));

export async function findServerUser(db: DbOrTx, accountId: number, id: number): Promise<ServerUserRecord | undefined> {
  const [u] = await db.select().from(serverUsers).where(inAccount(accountId, id)).limit(1);
  return u;
}

/** The row with its server connection's name, type and last sync (null without one). */
export async function serverUserWithConnection(db: DbOrTx, accountId: number, id: number) {
  const [row] = await db
    .select({
      u: serverUsers,
      connection: serverConnections.name,
      connectionType: serverConnections.connectionType,
      lastSync: serverConnections.lastSync,
    })
    .from(serverUsers)
    .leftJoin(
      serverConnections,
      and(eq(serverConnections.id, serverUsers.connectionId), eq(serverConnections.accountId, serverUsers.accountId)),
    )
    .where(inAccount(accountId, id))
    .limit(1);
  return row;
}

/** Moves the status from `from` to `to`; false when the user was not in `from` (or not in the account). */
export async function changeServerUserStatus(
  db: DbOrTx,
  accountId: number,
  id: number,
  from: ServerUserStatus,
  to: ServerUserStatus,
): Promise<boolean> {
  const [u] = await db
    .update(serverUsers)
    .set({ status: to })
    .where(and(inAccount(accountId, id), eq(serverUsers.status, from)))
    .returning({ id: serverUsers.id });
  return u !== undefined;
}

/** The row, locked for the caller's transaction. */
export async function lockServerUser(db: DbOrTx, accountId: number, id: number): Promise<ServerUserRecord | undefined> {
  const [u] = await db.select().from(serverUsers).where(inAccount(accountId, id)).for('update');
  return u;
}

/** Merges `patch` into the options of an activated user. */
export async function patchServerUserOptions(
  db: DbOrTx,
  accountId: number,
  id: number,
  patch: Record<string, boolean>,
): Promise<void> {
  await db
    .update(serverUsers)
    .set({ options: sql`${serverUsers.options} || ${JSON.stringify(patch)}::jsonb` })
    .where(and(inAccount(accountId, id), eq(serverUsers.status, 'activated')));
}
