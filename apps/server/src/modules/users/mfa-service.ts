/**
 * Two-factor sign-in of one's own console account (000 §7.2, 002 §4.5): a Console Admin sets up a
 * pending TOTP secret, proves it with a code, and only then is two-factor sign-in on. Used by
 * /profile/2fa/* and by POST /users/options (enable_mfa_login).
 */
import { and, eq } from 'drizzle-orm';
import {
  MSG,
  TWO_FACTOR_MSG,
  USER_MSG,
  type TwoFactorSetupResponse,
  type TwoFactorVerifyResponse,
} from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/http-errors.js';
import { checkTotp, newTotpSecret, totpQrCode } from '../../lib/totp.js';
import { hit } from '../../lib/rate-limit.js';
import { audit } from '../../lib/audit.js';
import { destroyUserSessions, rotateSession, type Timeouts } from '../../lib/sessions.js';
import type { SessionUser } from '../../types.js';

const VERIFY_PER_MINUTE = 5;

const own = (s: SessionUser) => and(eq(users.id, s.userId), eq(users.accountId, s.accountId));

function requireAdmin(s: SessionUser): void {
  if (s.type !== 'console_admin') throw forbidden(USER_MSG.forbidden);
}

/** POST /profile/2fa/setup: the pending secret (made now, or kept unless `refresh`), as a QR code and a key. */
export async function setupTwoFactor(
  db: Db,
  s: SessionUser,
  refresh: boolean,
  ip: string,
): Promise<TwoFactorSetupResponse> {
  requireAdmin(s);
  const { secret, username } = await db.transaction(async (tx) => {
    const [u] = await tx
      .select({ username: users.username, pending: users.mfaPendingSecret })
      .from(users)
      .where(own(s))
      .for('update');
    if (!u) throw notFound();
    if (u.pending && !refresh) return { secret: u.pending, username: u.username };
    const fresh = newTotpSecret();
    await tx.update(users).set({ mfaPendingSecret: fresh }).where(own(s));
    await audit(tx, {
      action: 'mfa.setup_started',
      accountId: s.accountId,
      actorUserId: s.userId,
      targetType: 'user',
      targetId: s.userId,
      ip,
    });
    return { secret: fresh, username: u.username };
  });
  return { qr_code: await totpQrCode(secret, username), setup_key: secret };
}

/**
 * POST /profile/2fa/verify: a right code promotes the pending secret, turns two-factor sign-in on, ends
 * the user's other sessions and gives this one a new id (returned as the new cookie value).
 */
export async function verifyTwoFactor(
  db: Db,
  s: SessionUser,
  pin: string,
  session: { timeouts: Timeouts; meta: { ip: string; userAgent?: string | undefined } },
): Promise<{ response: TwoFactorVerifyResponse; cookie?: string }> {
  requireAdmin(s);
  const window = await hit(db, `rl:2fa_verify:u:${s.userId}`, 60);
  if (window.count > VERIFY_PER_MINUTE) throw tooManyRequests(window.retryAfterSeconds);
  const [u] = await db.select({ pending: users.mfaPendingSecret }).from(users).where(own(s));
  if (!u) throw notFound();
  if (!u.pending) throw badRequest(TWO_FACTOR_MSG.notStarted);
  const counter = checkTotp(u.pending, pin);
  if (counter === null) {
    await audit(db, {
      action: 'mfa.verify_failure',
      accountId: s.accountId,
      actorUserId: s.userId,
      targetType: 'user',
      targetId: s.userId,
      ip: session.meta.ip,
    });
    return { response: { success: false, error: MSG.mfaWrongCode } };
  }
  const cookie = await db.transaction(async (tx) => {
    // Only the secret the code was checked against is promoted (a concurrent refresh makes this miss).
    const promoted = await tx
      .update(users)
      .set({ mfaSecret: u.pending, mfaPendingSecret: null, mfaEnabled: true, mfaLastCounter: counter })
      .where(and(own(s), eq(users.mfaPendingSecret, u.pending!)))
      .returning({ id: users.id });
    if (promoted.length === 0) return null;
    await destroyUserSessions(tx, s.userId, s.sessionIdHash);
    const value = await rotateSession(tx, s, session.timeouts, session.meta);
    await audit(tx, {
      action: 'mfa.enabled',
      accountId: s.accountId,
      actorUserId: s.userId,
      targetType: 'user',
      targetId: s.userId,
      ip: session.meta.ip,
    });
    return value;
  });
  if (!cookie) return { response: { success: false, error: MSG.mfaWrongCode } };
  return { response: { success: true }, cookie };
}

/** Two-factor sign-in off: the secret (and any pending one) is forgotten, so turning it on again means a new set-up. */
export async function disableTwoFactor(tx: DbOrTx, s: SessionUser): Promise<void> {
  await tx
    .update(users)
    .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastCounter: null })
    .where(own(s));
}
