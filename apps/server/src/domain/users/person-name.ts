/**
 * The one naming rule (contracts personName, docs/decisions/users.md "Naming people (issue 26)") in SQL, for
 * queries that name a console user (users) or a server or local user (server_users): the full name
 * (first and last, spaces collapsed), else the username. NULL when neither is known, which is what
 * a LEFT JOIN that found no row gives too, so `COALESCE(personNameSql('u'), personNameSql('s'))` picks
 * whichever person the row has; pass `fallback` (usually UNKNOWN_PERSON) to name nobody.
 */
import { sql, type SQL } from 'drizzle-orm';

const ALIAS = /^[a-z_][a-z0-9_]*$/;

export function personNameSql(alias: string, fallback?: string): SQL {
  if (!ALIAS.test(alias)) throw new Error(`personNameSql: bad alias ${alias}`);
  const name = sql.raw(
    `COALESCE(NULLIF(btrim(regexp_replace(${alias}.first_name || ' ' || ${alias}.last_name, '\\s+', ' ', 'g')), ''), ` +
      `NULLIF(btrim(${alias}.username), ''))`,
  );
  return fallback === undefined ? name : sql`COALESCE(${name}, ${fallback}::text)`;
}
