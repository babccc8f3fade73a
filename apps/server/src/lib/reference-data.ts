/**
 * Checks against the reference data registration_info offers (time zones, country codes): the browser
 * formats dates with the stored zone, and an unknown one would make every date on the page throw.
 * Used by the profile and the users module.
 */
import { sql } from 'drizzle-orm';
import { MSG } from '@wayguard/contracts';
import type { DbOrTx } from '../db/client.js';
import { countryCodes } from '../db/schema/index.js';
import { badRequest } from './http-errors.js';
import { timeZones } from './time-zones.js';

type Phone = { country_code_id?: number | undefined } | null | undefined;

/** 400 with the spec's text unless the zone is known and every given country code exists. */
export async function assertKnownZoneAndCodes(
  db: DbOrTx,
  b: { time_zone: string; telephone?: Phone; mobile?: Phone },
): Promise<void> {
  if (!timeZones().some((z) => z.name === b.time_zone)) throw badRequest(MSG.timezoneRequired);
  const wanted = [b.telephone?.country_code_id, b.mobile?.country_code_id].filter(
    (id): id is number => id !== undefined,
  );
  if (wanted.length === 0) return;
  const known = await db
    .select({ id: countryCodes.id })
    .from(countryCodes)
    .where(
      sql`${countryCodes.id} IN (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (new Set(known.map((k) => k.id)).size !== new Set(wanted).size) throw badRequest(MSG.countryCodeRequired);
}

/** The zone when the platform knows it, else UTC (for dates written in a user's zone, e.g. exports). */
export const knownZoneOr = (zone: string | undefined, fallback = 'UTC') =>
  zone !== undefined && timeZones().some((z) => z.name === zone) ? zone : fallback;
