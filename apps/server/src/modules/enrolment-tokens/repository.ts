/** Queries of enrolment tokens, each scoped by the account. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { enrolmentTokens } from '../../db/schema/index.js';
import { personNameSql } from '../../domain/users/person-name.js';

export type EnrolmentTokenRow = typeof enrolmentTokens.$inferSelect;

/** The account's tokens, newest first. An account holds a handful: no paging. */
export function listTokens(db: DbOrTx, accountId: number): Promise<EnrolmentTokenRow[]> {
  return db
    .select()
    .from(enrolmentTokens)
    .where(eq(enrolmentTokens.accountId, accountId))
    .orderBy(desc(enrolmentTokens.createdAt), desc(enrolmentTokens.id));
}

export async function insertToken(db: DbOrTx, row: typeof enrolmentTokens.$inferInsert): Promise<EnrolmentTokenRow> {
  const [created] = await db.insert(enrolmentTokens).values(row).returning();
  if (!created) throw new Error('enrolment token insert returned no row');
  return created;
}

export async function findToken(db: DbOrTx, accountId: number, id: number): Promise<EnrolmentTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(enrolmentTokens)
    .where(and(eq(enrolmentTokens.id, id), eq(enrolmentTokens.accountId, accountId)))
    .limit(1);
  return row;
}

/** Revokes a token not yet revoked; undefined when it was not there or already revoked (one of two admins wins). */
export async function revokeToken(db: DbOrTx, accountId: number, id: number, at: Date) {
  const [row] = await db
    .update(enrolmentTokens)
    .set({ revokedAt: at })
    .where(and(eq(enrolmentTokens.id, id), eq(enrolmentTokens.accountId, accountId), isNull(enrolmentTokens.revokedAt)))
    .returning();
  return row;
}

/** The console users (id, name) of the account among `ids`. */
export async function usersNamed(db: DbOrTx, accountId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const r = await db.execute<{ id: number; name: string }>(sql`SELECT id, ${personNameSql('users')} AS name FROM users
    WHERE account_id = ${accountId} AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(r.rows.map((u) => [u.id, u.name]));
}
