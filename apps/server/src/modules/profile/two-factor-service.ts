/**
 * Two-factor sign-in of one's own console account (000 §7.2, 002 §4.5): a Console Admin (the routes
 * declare the role) sets up a pending TOTP secret, proves it with a code, and only then is two-factor
 * sign-in on. Turning it off is POST /users/options (modules/users).
 */
import { MSG, TWO_FACTOR_MSG, type TwoFactorSetupResponse, type TwoFactorVerifyResponse } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { checkTotp, newTotpSecret, totpQrCode } from '../../lib/totp.js';
import { audit } from '../../domain/access/audit.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { destroyUserSessions, rotateSession } from '../../domain/sessions/sessions.js';
import type { SessionRotation } from '../../domain/sessions/session-user.js';
import { lockTwoFactorState, promotePendingSecret, readPendingSecret, setPendingSecret } from './repository.js';

/** POST /profile/2fa/setup: the pending secret (made now, or kept unless `refresh`), as a QR code and a key. */
export async function setupTwoFactor(db: Db, s: Actor, refresh: boolean): Promise<TwoFactorSetupResponse> {
  const { secret, username } = await db.transaction(async (tx) => {
    const u = await lockTwoFactorState(tx, s);
    if (!u) throw notFound();
    if (u.pending && !refresh) return { secret: u.pending, username: u.username };
    const fresh = newTotpSecret();
    await setPendingSecret(tx, s, fresh);
    await audit(tx, { action: 'mfa.setup_started', ...byActor(s), targetType: 'user', targetId: s.userId });
    return { secret: fresh, username: u.username };
  });
  return { qr_code: await totpQrCode(secret, username), setup_key: secret };
}

/**
 * POST /profile/2fa/verify (5 a minute per user, declared on the route): a right code promotes the
 * pending secret, turns two-factor sign-in on, ends the user's other sessions and gives this one a new
 * id (returned as the new cookie value).
 */
export async function verifyTwoFactor(
  db: Db,
  s: Actor,
  pin: string,
  rotation: SessionRotation,
): Promise<{ response: TwoFactorVerifyResponse; cookie?: string }> {
  const pending = await readPendingSecret(db, s);
  if (pending === undefined) throw notFound();
  if (!pending) throw badRequest(TWO_FACTOR_MSG.notStarted);
  const counter = checkTotp(pending, pin);
  if (counter === null) {
    await audit(db, { action: 'mfa.verify_failure', ...byActor(s), targetType: 'user', targetId: s.userId });
    return { response: { success: false, error: MSG.mfaWrongCode } };
  }
  const cookie = await db.transaction(async (tx) => {
    // Only the secret the code was checked against is promoted (a concurrent refresh makes this miss).
    if (!(await promotePendingSecret(tx, s, pending, counter))) return null;
    await destroyUserSessions(tx, s.userId, s.sessionIdHash);
    const value = await rotateSession(tx, rotation.current, rotation.timeouts, {
      ip: s.ip,
      userAgent: rotation.userAgent,
    });
    await audit(tx, { action: 'mfa.enabled', ...byActor(s), targetType: 'user', targetId: s.userId });
    return value;
  });
  if (!cookie) return { response: { success: false, error: MSG.mfaWrongCode } };
  return { response: { success: true }, cookie };
}
