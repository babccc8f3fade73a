/** Redeeming activation links and requesting password resets (000 §4.3, §7.1). Issuing them is domain/users/credentials.ts. */
import { MSG, personName, type ActivationRequest, type ResetPasswordRequest } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { hashPassword, sha256 } from '../../lib/crypto.js';
import { issueResetCredential } from '../../domain/users/credentials.js';
import { audit } from '../../domain/access/audit.js';
import { badRequest } from '../../lib/http-errors.js';
import { activationByHash, userByUsernameAndEmail } from './sql/activation.js';
import { setNewPassword, useToken } from './sql/sign-in.js';

function findActivation(db: DbOrTx, token: string) {
  return activationByHash(db, sha256(token));
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
    if (!(await useToken(tx, row.tokenId, true))) return false;
    await setNewPassword(tx, row.userId, passwordHash, 'activated');
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
  const user = await userByUsernameAndEmail(db, req.username.trim(), req.email.trim());
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
