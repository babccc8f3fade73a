/** The signed-in user's own details (000 §3.3, §7.2): read, and save (which also confirms them). */
import type { ProfileResponse, UserDetailsRequest } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/http-errors.js';
import type { Actor } from '../../domain/access/actor.js';
import { updateUserDetails } from '../../domain/users/update-details.js';
import { detailsFieldsOf } from '../../domain/users/user-rows.js';
import { findOwnUser } from './repository.js';

/** GET /profile. */
export async function readProfile(db: Db, actor: Actor): Promise<ProfileResponse> {
  const u = await findOwnUser(db, actor);
  if (!u) throw notFound();
  return {
    username: u.username,
    ...detailsFieldsOf(u),
    has_confirmed_details: u.hasConfirmedDetails,
  };
}

/**
 * POST /profile: POST /users/details on one's own id (domain/users/update-details.ts): only zones and
 * country codes registration_info offers; a new e-mail needs the password check; saving confirms.
 */
export async function saveProfile(db: Db, actor: Actor, b: UserDetailsRequest): Promise<void> {
  await updateUserDetails(db, actor, { ...b, id: actor.userId }, 'profile');
}
