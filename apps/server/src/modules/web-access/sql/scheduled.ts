/**
 * The access filter's 'scheduled' and 'not-scheduled' (002 §2.4): the rows with, or without, a rule at
 * the node that carries a schedule, as a condition of the list's statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { scheduledAtSql, type ScopeColumns } from '../repository.js';

export function scheduledSql(
  accountId: number,
  kind: 'website' | 'media',
  scope: ScopeColumns,
  scheduled: boolean,
): SQL {
  const at = scheduledAtSql(accountId, kind, scope);
  return scheduled ? at : sql`NOT ${at}`;
}
