/** Queries of activation links and reset requests (000 §4.3, §7.1), by token hash or by username and e-mail. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { tokens, users } from '../../../db/schema/index.js';

/** The activation token of this hash with its user (joined within the user's account). */
export async function activationByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      tokenId: tokens.id,
      expiresAt: tokens.expiresAt,
      usedAt: tokens.usedAt,
      userId: users.id,
      accountId: users.accountId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    })
    .from(tokens)
    .innerJoin(users, and(eq(users.id, tokens.userId), eq(users.accountId, tokens.accountId)))
    .where(and(eq(tokens.tokenHash, tokenHash), eq(tokens.kind, 'activation')))
    .limit(1);
  return row;
}

/** The user of this name and e-mail, both compared without case. */
export async function userByUsernameAndEmail(db: DbOrTx, username: string, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return user;
}
