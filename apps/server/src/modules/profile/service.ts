/** The signed-in user's own details (000 §3.3, §7.2): read, and save (which also confirms them). */
import type { ProfileResponse, UserDetailsRequest } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/http-errors.js';
import { audit } from '../../lib/audit.js';
import { byActor, type Actor } from '../../lib/actor.js';
import { assertKnownZoneAndCodes } from '../../lib/reference-data.js';
import { requirePasswordForOwnEmail, spendPasswordForOwnEmail } from '../../lib/own-email-check.js';
import { forgetUserSessions } from '../../lib/session-cache.js';
import { findOwnEmail, findOwnUser, saveOwnDetails } from './repository.js';

/** GET /profile. */
export async function readProfile(db: Db, actor: Actor): Promise<ProfileResponse> {
  const u = await findOwnUser(db, actor);
  if (!u) throw notFound();
  return {
    username: u.username,
    email_address: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    time_zone: u.timeZone,
    telephone: u.telephone ?? null,
    mobile: u.mobile ?? null,
    has_confirmed_details: u.hasConfirmedDetails,
  };
}

/** POST /profile: only zones and country codes registration_info offers; a new e-mail needs the password check. */
export async function saveProfile(db: Db, actor: Actor, b: UserDetailsRequest): Promise<void> {
  await assertKnownZoneAndCodes(db, b);
  const current = await findOwnEmail(db, actor);
  const emailChanged = current !== undefined && current.toLowerCase() !== b.email_address.toLowerCase();
  await requirePasswordForOwnEmail(db, actor, emailChanged);
  // The session carries the name (Actor.name): not served from the session cache with the old one.
  forgetUserSessions(actor.userId);
  // The change, the spent verification and the audit record together, or none of them.
  await db.transaction(async (tx) => {
    await saveOwnDetails(tx, actor, {
      email: b.email_address,
      firstName: b.first_name,
      lastName: b.last_name,
      timeZone: b.time_zone,
      telephone: b.telephone ?? null,
      mobile: b.mobile ?? null,
    });
    await spendPasswordForOwnEmail(tx, actor, emailChanged);
    await audit(tx, { action: 'profile.updated', ...byActor(actor), targetType: 'user', targetId: actor.userId });
  });
}
