/** Redeeming activation links and requesting password resets (000 §4.3, §7.1). Issuing them is lib/credentials.ts. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG, personName, type ActivationRequest, type ResetPasswordRequest } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { tokens, users } from '../../db/schema/index.js';
import { hashPassword, sha256 } from '../../lib/crypto.js';
import { issueResetCredential } from '../../lib/credentials.js';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/http-errors.js';

async function findActivation(db: DbOrTx, token: string) {
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
    .where(and(eq(tokens.tokenHash, sha256(token)), eq(tokens.kind, 'activation')))
    .limit(1);
  return row;
}

/** GET /check_activation_token: the user's name, or expired. Used or unknown tokens read as expired. */
export async function checkActivation(db: Db, token: string) {
  const row = await findActivation(db, token);
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.status !== 'awaiting_activation') {
    return { success: false, expired: true, name: null, username: null, error: MSG.activationExpired };
  }
  // Named by the one rule (contracts personName) but never by the username: the form asks for it.
  const name = personName({ first_name: row.firstName, last_name: row.lastName }, '') || null;
  return { success: true, expired: false, name, username: null };
}

/** POST /activation: redeems the token once (a conditional update decides the winner of a race). */
export async function activate(db: Db, req: ActivationRequest, ip: string) {
  const row = await findActivation(db, req.token);
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.status !== 'awaiting_activation')
    throw badRequest(MSG.activationExpired);
  if (row.username.toLowerCase() !== req.username.trim().toLowerCase())
    throw badRequest(MSG.activationUsernameMismatch);
  const passwordHash = await hashPassword(req.password);
  const ok = await db.transaction(async (tx) => {
    const used = await tx
      .update(tokens)
      .set({ usedAt: new Date() })
      .where(and(eq(tokens.id, row.tokenId), isNull(tokens.usedAt), gt(tokens.expiresAt, new Date())))
      .returning({ id: tokens.id });
    if (used.length === 0) return false;
    await tx
      .update(users)
      .set({ passwordHash, status: 'activated', mustChangePassword: false, passwordChangedAt: new Date() })
      .where(eq(users.id, row.userId));
    return true;
  });
  if (!ok) throw badRequest(MSG.activationExpired);
  await audit(db, {
    action: 'user.activated',
    accountId: row.accountId,
    actorUserId: row.userId,
    targetType: 'user',
    targetId: row.userId,
    ip,
  });
}

/** POST /reset_password: same answer whether or not the username and e-mail match a user. */
export async function requestReset(db: Db, publicUrl: string, req: ResetPasswordRequest, ip: string): Promise<void> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = ${req.username.trim().toLowerCase()}`,
        sql`lower(${users.email}) = ${req.email.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  if (user && (user.status === 'activated' || user.status === 'password_reset')) {
    await db.transaction((tx) => issueResetCredential(tx, publicUrl, user));
  }
  await audit(db, {
    action: 'password.reset_requested',
    accountId: user?.accountId ?? null,
    targetType: 'user',
    targetId: user?.id ?? 'unknown',
    ip,
  });
}
