/**
 * Saving a console user's details (000 §3.3, §4.4, §7.2), one use case for POST /users/details (a
 * Console Admin edits anyone of the account; everyone edits themselves) and POST /profile (oneself).
 * A new e-mail of one's own needs a password verification of this session within the last 5 minutes
 * (domain/users/own-email-check.ts); saving one's own details also confirms them.
 */
import { USER_MSG, type UserDetailsRequest } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notInAccount } from '../../lib/http-errors.js';
import { authorize } from '../access/authorize.js';
import { byActor, type Actor } from '../access/actor.js';
import { audit } from '../access/audit.js';
import { forgetUserSessions } from '../sessions/session-cache.js';
import { assertKnownZoneAndCodes } from '../../lib/reference-data.js';
import { requirePasswordForOwnEmail, sameEmailAddress, spendPasswordForOwnEmail } from './own-email-check.js';
import { detailsColumns, lockUserInAccount, saveUserDetails } from './user-rows.js';

/** Which route saves: its audit action. */
const AUDIT_ACTION = { users: 'user.details_updated', profile: 'profile.updated' } as const;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function updateUserDetails(
  db: Db,
  s: Actor,
  b: UserDetailsRequest & { id: number },
  via: keyof typeof AUDIT_ACTION = 'users',
): Promise<void> {
  const self = b.id === s.userId;
  authorize(s, 'user.edit_details', b.id);
  await assertKnownZoneAndCodes(db, b);
  // The user's sessions carry their name (Actor.name): none is served from the session cache with the old one.
  forgetUserSessions(b.id);
  await db.transaction(async (tx) => {
    const current = await lockUserInAccount(tx, s.accountId, b.id);
    if (!current) throw notInAccount('user', b.id);
    if (current.status === 'deactivated') throw badRequest(USER_MSG.deactivatedCannotChange);
    const emailChanged = !sameEmailAddress(current.email, b.email_address);
    await requirePasswordForOwnEmail(tx, s, emailChanged && self);
    const saved = await saveUserDetails(tx, s.accountId, b.id, {
      ...detailsColumns(b),
      // A bounce belongs to the old address.
      ...(emailChanged ? { failedEmailDate: null, failedEmailReason: null } : {}),
      ...(self ? { hasConfirmedDetails: true } : {}),
    });
    if (!saved) throw badRequest(USER_MSG.deactivatedCannotChange);
    await spendPasswordForOwnEmail(tx, s, emailChanged && self);
    const changed = (
      [
        ['email_address', emailChanged],
        ['first_name', current.firstName !== b.first_name],
        ['last_name', current.lastName !== b.last_name],
        ['time_zone', current.timeZone !== b.time_zone],
        ['telephone', !sameJson(current.telephone, b.telephone)],
        ['mobile', !sameJson(current.mobile, b.mobile)],
      ] as const
    )
      .filter(([, c]) => c)
      .map(([k]) => k);
    await audit(tx, {
      action: AUDIT_ACTION[via],
      ...byActor(s),
      targetType: 'user',
      targetId: b.id,
      details: { fields: changed },
    });
  });
}
