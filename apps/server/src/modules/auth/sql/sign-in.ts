/**
 * Queries of the sign-in flow (000 §4.1) by username or user id: no account is known before the
 * sign-in, and a username is unique across accounts. Consumptions are conditional, so of two parallel
 * sign-ins with the same code or reset credential exactly one wins.
 */
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { tokens, users } from '../../../db/schema/index.js';

export type SignInUser = typeof users.$inferSelect;
type Status = SignInUser['status'];

/** The user of this name, compared without case. */
export async function userByUsername(db: DbOrTx, username: string): Promise<SignInUser | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return user;
}

/** One more failed sign-in, and the lock until when. */
export async function recordFailedSignIn(
  db: DbOrTx,
  userId: number,
  failedLoginCount: number,
  lockedUntil: Date | null,
): Promise<void> {
  await db.update(users).set({ failedLoginCount, lockedUntil }).where(eq(users.id, userId));
}

/** The user's newest live reset credential (single use, newest only). */
export async function liveResetCredential(db: DbOrTx, userId: number) {
  const [t] = await db
    .select({ id: tokens.id, tokenHash: tokens.tokenHash })
    .from(tokens)
    .where(
      and(
        eq(tokens.userId, userId),
        eq(tokens.kind, 'reset_password'),
        isNull(tokens.usedAt),
        gt(tokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(tokens.id))
    .limit(1);
  return t;
}

export async function setPendingTotpSecret(db: DbOrTx, userId: number, secret: string): Promise<void> {
  await db.update(users).set({ mfaPendingSecret: secret }).where(eq(users.id, userId));
}

/**
 * Consumes a TOTP code's counter (newer than the last one used); with `setup`, the pending secret
 * becomes the secret. False when a newer or equal counter was used meanwhile.
 */
export async function consumeTotpCounter(
  db: DbOrTx,
  userId: number,
  m: { secret: string; setup: boolean; counter: number },
): Promise<boolean> {
  const consumed = await db
    .update(users)
    .set(
      m.setup
        ? { mfaSecret: m.secret, mfaPendingSecret: null, mfaLastCounter: m.counter }
        : { mfaLastCounter: m.counter },
    )
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastCounter), lt(users.mfaLastCounter, m.counter))))
    .returning({ id: users.id });
  return consumed.length > 0;
}

/** Marks a token used; false when it was used already. With `live`, only before it expires. */
export async function useToken(db: DbOrTx, tokenId: number, live = false): Promise<boolean> {
  const used = await db
    .update(tokens)
    .set({ usedAt: new Date() })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.usedAt), live ? gt(tokens.expiresAt, new Date()) : undefined))
    .returning({ id: tokens.id });
  return used.length > 0;
}

/** A new password, and the status it leaves the user in. */
export async function setNewPassword(db: DbOrTx, userId: number, passwordHash: string, status: Status): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date(), status })
    .where(eq(users.id, userId));
}

/** A completed sign-in: failures forgotten, last activity now. */
export async function recordSignIn(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, lastActive: new Date() })
    .where(eq(users.id, userId));
}
