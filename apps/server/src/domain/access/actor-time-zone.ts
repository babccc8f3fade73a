/** The signed-in user's time zone, for dates an export writes (UTC when it is not one the platform knows). */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Actor } from './actor.js';
import { knownZoneOr } from '../../lib/reference-data.js';

export async function actorTimeZone(db: DbOrTx, a: Actor): Promise<string> {
  const [u] = await db
    .select({ tz: users.timeZone })
    .from(users)
    .where(and(eq(users.id, a.userId), eq(users.accountId, a.accountId)));
  return knownZoneOr(u?.tz);
}
