/**
 * Which rows of the users list (000 §2.7, §7.3) a set of filters selects, as SQL: the WHERE of each
 * branch (console users, server/local users), the activity bands and the list's total. The users
 * module's list and export, and the dashboard's user tiles (registration module), use these same
 * fragments, so that a tile's count is the number of rows its link lists.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_30_DAYS_MS,
  ACTIVITY_HOUR_MS,
  USER_ACTIVITY_FILTERS,
  USER_STATUS_FILTERS,
  type UsersListQuery,
} from '@wayguard/contracts';
import { likePattern, searchText } from '../../lib/lists/paging.js';

/** The list's parameters without paging. */
export type UsersListFilters = Omit<UsersListQuery, 'page' | 'count'>;

/**
 * The two instants the activity windows start at, as ISO text: from `now`, or placeholders of a
 * statement template (lib/statement-templates.ts) filled with `activityTimes(now)` per request.
 */
export type ActivityTimes = { hourAgo: string | Placeholder; monthAgo: string | Placeholder };

export function activityTimes(now: Date): { hourAgo: string; monthAgo: string } {
  return {
    hourAgo: new Date(now.getTime() - ACTIVITY_HOUR_MS).toISOString(),
    monthAgo: new Date(now.getTime() - ACTIVITY_30_DAYS_MS).toISOString(),
  };
}

const timesOf = (now: Date | ActivityTimes): ActivityTimes => (now instanceof Date ? activityTimes(now) : now);

/**
 * The activity windows (000 §4.4, §9) as disjoint bands, so that each user carries at most one marker
 * (the row's flags): past hour; within 30 days but not the past hour; before 30 days. Never active
 * (null) is in none.
 */
function activity(now: Date | ActivityTimes) {
  const { hourAgo, monthAgo } = timesOf(now);
  return {
    active_past_hour: (col: SQL) => sql`(${col} >= ${hourAgo}::timestamptz)`,
    active_last_30_days: (col: SQL) => sql`(${col} >= ${monthAgo}::timestamptz AND ${col} < ${hourAgo}::timestamptz)`,
    not_active_last_30_days: (col: SQL) => sql`(${col} < ${monthAgo}::timestamptz)`,
  };
}

/**
 * The activity filters read as their names say: "active in the last 30 days" lists everyone active
 * within 30 days, the past hour included (a user active ten minutes ago was active in the last 30
 * days), although the row's marker shows the narrower 1h band.
 */
function activityFilters(now: Date | ActivityTimes) {
  const bands = activity(now);
  const { monthAgo } = timesOf(now);
  return { ...bands, active_last_30_days: (col: SQL) => sql`(${col} >= ${monthAgo}::timestamptz)` };
}

/** The three activity flags (markers) of one row, as SQL booleans (never active: all false). */
export function activityFlags(lastActive: SQL, now: Date | ActivityTimes) {
  const w = activity(now);
  return {
    not_active_last_30_days: sql<boolean>`COALESCE(${w.not_active_last_30_days(lastActive)}, false)`,
    active_last_30_days: sql<boolean>`COALESCE(${w.active_last_30_days(lastActive)}, false)`,
    active_past_hour: sql<boolean>`COALESCE(${w.active_past_hour(lastActive)}, false)`,
  };
}

// The filter keys of the list's contract, by group.
const STATUS_FLAGS = USER_STATUS_FILTERS;
const ACTIVITY_FLAGS = USER_ACTIVITY_FILTERS;

/** The searched fields of a row, as the trigram indexes users_search_trgm_idx / server_users_search_trgm_idx define them. */
export const SEARCH_HAYSTACK = {
  users: sql`(u.username || E'\\n' || u.first_name || E'\\n' || u.last_name || E'\\n' || u.email)`,
  server_users: sql`(s.username || E'\\n' || s.first_name || E'\\n' || s.last_name)`,
};

/**
 * WHERE of one branch, or null when no row of that table can match. Within the status group and
 * within the activity group the flags are alternatives (OR); the groups, failed e-mail delivery and
 * the search must all hold (AND).
 */
export function branchWhere(
  branch: 'users' | 'server_users',
  accountId: number | Placeholder,
  f: UsersListFilters,
  now: Date | ActivityTimes,
  pattern?: Placeholder,
): SQL | null {
  const a = branch === 'users' ? sql.raw('u') : sql.raw('s');
  const conds: SQL[] = [sql`${a}.account_id = ${accountId}`];

  const statuses = STATUS_FLAGS.filter((k) => f[k]);
  if (statuses.length > 0) {
    // Server and local users are only ever activated or deactivated (deleted).
    const possible = branch === 'users' ? statuses : statuses.filter((s) => s === 'deactivated');
    if (possible.length === 0) return null;
    conds.push(
      sql`${a}.status IN (${sql.join(
        possible.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }

  const windows = activityFilters(now);
  const bands = ACTIVITY_FLAGS.filter((k) => f[k]).map((k) => windows[k](sql`${a}.last_active`));
  if (bands.length > 0) conds.push(sql`(${sql.join(bands, sql` OR `)})`);

  if (f.failed_email_delivery) {
    if (branch === 'server_users') return null;
    conds.push(sql`u.failed_email_date IS NOT NULL`);
  }

  const q = searchText(f);
  if (q) {
    conds.push(sql`${SEARCH_HAYSTACK[branch]} ILIKE ${pattern ?? likePattern(q)}`);
  }
  return sql.join(conds, sql` AND `);
}

/** The list's total as an SQL expression, so that other counts (the dashboard's user tiles) are this very count. */
export function countUsersSql(
  accountId: number | Placeholder,
  f: UsersListFilters,
  now: Date | ActivityTimes,
  pattern?: Placeholder,
): SQL {
  const uw = branchWhere('users', accountId, f, now, pattern);
  const sw = branchWhere('server_users', accountId, f, now, pattern);
  const part = (table: string, alias: string, where: SQL | null) =>
    where ? sql`(SELECT count(*) FROM ${sql.raw(table)} ${sql.raw(alias)} WHERE ${where})` : sql`0`;
  return sql`(${part('users', 'u', uw)} + ${part('server_users', 's', sw)})`;
}
