/** The signed-in user's password: sign-out, re-entering it (POST /verify_password) and changing it (000 §7.1). */
import { MSG } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { audit } from '../../domain/access/audit.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import {
  recordPasswordVerified,
  requirePasswordVerified,
  spendPasswordVerification,
} from '../../domain/users/password-verification.js';
import { destroySession, destroyUserSessions, rotateSession } from '../../domain/sessions/sessions.js';
import type { SessionRotation } from '../../domain/sessions/session-user.js';
import { passwordHashOf, setPasswordHash } from './repository.js';

/** POST /logout: ends this session (the route clears the cookie). */
export async function signOut(db: Db, a: Actor): Promise<void> {
  await destroySession(db, a.sessionIdHash);
  await audit(db, { action: 'logout', ...byActor(a) });
}

/** POST /verify_password: a right password is recorded as this session's fresh verification (domain/users/own-email-check.ts). */
export async function verifyOwnPassword(
  db: Db,
  a: Actor,
  password: string,
): Promise<{ success: boolean; error?: string }> {
  const ok = await verifyPassword(await passwordHashOf(db, a.userId), password);
  if (!ok) {
    await audit(db, { action: 'verify_password.failure', ...byActor(a) });
    return { success: false, error: MSG.verifyPasswordFailed };
  }
  await recordPasswordVerified(db, a.sessionIdHash);
  return { success: true };
}

/**
 * POST /change_password: one transaction, so that a crash never leaves a new password with the other
 * sessions still alive. Returns the new cookie value of this session (rotated, same CSRF token).
 * The session must have proved its password within the last minutes (sign-in or POST /verify_password),
 * and the change spends that proof (domain/users/password-verification.ts): a stolen session alone cannot take
 * the account over by changing its password.
 */
export async function changeOwnPassword(
  db: Db,
  a: Actor,
  password: string,
  rotation: SessionRotation,
): Promise<string> {
  // Checked before the (slow) hash as well, so a refusal costs nothing; spent inside the transaction.
  await requirePasswordVerified(db, a.sessionIdHash);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await spendPasswordVerification(tx, a.sessionIdHash);
    await setPasswordHash(tx, a.userId, passwordHash);
    await destroyUserSessions(tx, a.userId, a.sessionIdHash);
    const rotated = await rotateSession(tx, rotation.current, rotation.timeouts, {
      ip: a.ip,
      userAgent: rotation.userAgent,
    });
    await audit(tx, { action: 'user.password_changed', ...byActor(a), targetType: 'user', targetId: a.userId });
    return rotated;
  });
}
