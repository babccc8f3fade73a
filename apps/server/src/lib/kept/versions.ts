/**
 * Stamps read from the database: an account's versions of some lists (list_versions, bumped by
 * triggers in the transaction of every change to their tables: db/schema/list-versions.ts, migration
 * 0018), as one text ('' before any change). A kept value is answered only at the stamp it was built
 * at, so a change made by another process, a device's ask or a job is seen by the next read.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../named-statements.js';
import { sqlArray } from '../sql-array.js';

/** The account's versions of `lists` as one text, to read in a statement. */
export function versionsSql(lists: readonly string[], accountId: number | SQL): SQL {
  const sorted = [...lists].sort();
  return sql`coalesce((SELECT string_agg(v.list || ':' || v.version, ',' ORDER BY v.list) FROM list_versions v
      WHERE v.account_id = ${accountId} AND v.list = ANY(${sqlArray(sorted)}::text[])), '')`;
}

/** The account's versions of `lists`, read now (one lookup by key). */
export async function readStamp(db: DbOrTx, lists: readonly string[], accountId: number): Promise<string> {
  const r = await executeNamed<{ stamp: string }>(db, sql`SELECT ${versionsSql(lists, accountId)} AS stamp`);
  return r.rows[0]?.stamp ?? '';
}
