/**
 * The own-e-mail password check (000 §4.4): a user who changes their own e-mail address must have
 * re-entered their password in this session within the last 5 minutes (domain/users/password-verification.ts),
 * and one verification allows one change. Used by POST /profile and POST /users/details; editing
 * another user's e-mail needs no verification.
 */
import { MSG } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/http-errors.js';
import type { Actor } from '../access/actor.js';
import { consumePasswordVerification, passwordRecentlyVerified } from './password-verification.js';

/**
 * Whether two e-mail addresses name one mailbox, as every save compares them: the case of the letters
 * does not count (a change of case alone needs no verification and keeps the address's bounce record).
 */
export function sameEmailAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Throws 400 'Verify password failed…' when the save changes the actor's own e-mail without a recent verification. */
export async function requirePasswordForOwnEmail(db: DbOrTx, actor: Actor, ownEmailChanged: boolean): Promise<void> {
  if (ownEmailChanged && !(await passwordRecentlyVerified(db, actor.sessionIdHash)))
    throw badRequest(MSG.verifyPasswordFailed);
}

/** Spends the verification, inside the transaction that saves the new address. */
export async function spendPasswordForOwnEmail(tx: DbOrTx, actor: Actor, ownEmailChanged: boolean): Promise<void> {
  if (ownEmailChanged) await consumePasswordVerification(tx, actor.sessionIdHash);
}
