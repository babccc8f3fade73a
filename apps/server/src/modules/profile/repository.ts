/** Queries of the signed-in user's own row (profile and two-factor set-up), always by the actor's id and account. */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../domain/access/actor.js';

const own = (a: Actor) => and(eq(users.id, a.userId), eq(users.accountId, a.accountId));

export async function findOwnUser(db: DbOrTx, a: Actor) {
  const [u] = await db.select().from(users).where(own(a));
  return u;
}

/** The username and pending secret, row locked for the set-up's transaction. */
export async function lockTwoFactorState(db: DbOrTx, a: Actor) {
  const [u] = await db
    .select({ username: users.username, pending: users.mfaPendingSecret })
    .from(users)
    .where(own(a))
    .for('update');
  return u;
}

export async function setPendingSecret(db: DbOrTx, a: Actor, secret: string): Promise<void> {
  await db.update(users).set({ mfaPendingSecret: secret }).where(own(a));
}

/** The pending secret: undefined when the user row is gone, null when no set-up was started. */
export async function readPendingSecret(db: DbOrTx, a: Actor): Promise<string | null | undefined> {
  const [u] = await db.select({ pending: users.mfaPendingSecret }).from(users).where(own(a));
  return u === undefined ? undefined : u.pending;
}

/** Promotes exactly `pending` (a concurrent refresh makes this miss) and turns two-factor sign-in on. */
export async function promotePendingSecret(db: DbOrTx, a: Actor, pending: string, counter: number): Promise<boolean> {
  const promoted = await db
    .update(users)
    .set({ mfaSecret: pending, mfaPendingSecret: null, mfaEnabled: true, mfaLastCounter: counter })
    .where(and(own(a), eq(users.mfaPendingSecret, pending)))
    .returning({ id: users.id });
  return promoted.length > 0;
}
