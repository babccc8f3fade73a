/** Queries of the signed-in user's password (verify, change). Sign-in and token queries are in sql/sign-in.ts and sql/activation.ts. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export async function passwordHashOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return u?.hash ?? null;
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date() })
    .where(eq(users.id, userId));
}
