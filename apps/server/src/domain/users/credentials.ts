/**
 * Activation links and password-reset credentials: issued here (by sign-up flows in modules/auth and by
 * user creation and admin actions in modules/users), single use, expiring, stored only as hashes, and
 * mailed through the outbox in the caller's transaction.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { ACTIVATION_TOKEN_LENGTH } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { tokens } from '../../db/schema/index.js';
import { randomAlphanumeric, sha256 } from '../../lib/crypto.js';
import { enqueueMail } from '../../lib/mailer.js';
import { activationMail, resetPasswordMail } from '../../lib/emails.js';

const ACTIVATION_TTL_MS = 7 * 24 * 3_600_000;
const RESET_TTL_MS = 24 * 3_600_000;

/** Makes `secret` the user's one live credential of `kind` (only its hash is kept): earlier ones are spent. */
async function replaceToken(
  db: DbOrTx,
  user: { id: number; accountId: number },
  kind: 'activation' | 'reset_password',
  secret: string,
  ttlMs: number,
): Promise<void> {
  await db
    .update(tokens)
    .set({ usedAt: new Date() })
    .where(and(eq(tokens.userId, user.id), eq(tokens.kind, kind), isNull(tokens.usedAt)));
  await db.insert(tokens).values({
    accountId: user.accountId,
    userId: user.id,
    kind,
    tokenHash: sha256(secret),
    expiresAt: new Date(Date.now() + ttlMs),
  });
}

/** Voids the user's older tokens of this kind and mails a new one. Used by user creation and resend too. */
export async function issueActivation(
  db: DbOrTx,
  publicUrl: string,
  user: { id: number; accountId: number; email: string; firstName: string; username: string },
  ttlMs = ACTIVATION_TTL_MS,
): Promise<string> {
  const token = randomAlphanumeric(ACTIVATION_TOKEN_LENGTH);
  await replaceToken(db, user, 'activation', token, ttlMs);
  await enqueueMail(db, {
    accountId: user.accountId,
    to: user.email,
    ...activationMail(publicUrl, user.firstName, user.username, token),
  });
  return token;
}

export async function issueResetCredential(
  db: DbOrTx,
  publicUrl: string,
  user: { id: number; accountId: number; email: string; firstName: string; username: string },
): Promise<void> {
  const credential = randomAlphanumeric(16);
  await replaceToken(db, user, 'reset_password', credential, RESET_TTL_MS);
  await enqueueMail(db, {
    accountId: user.accountId,
    to: user.email,
    ...resetPasswordMail(publicUrl, user.firstName, user.username, credential),
  });
}
