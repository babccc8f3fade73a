/**
 * The users list (000 §2.7): console users and server/local users of one account in one ordered,
 * filtered list (UNION ALL of the two tables, each branch filtered by account first). A page costs a
 * count plus one SELECT whose plan depends on that count (see listSql); every sort key but the type
 * label has an (account_id, key, username) index, search has trigram indexes, so pages stay fast at a
 * million rows in one account.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_30_DAYS_MS,
  ACTIVITY_HOUR_MS,
  OTHER_USER_TYPE_LABELS,
  USER_TYPES,
  type UsersListQuery,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';

export type ListFilters = Omit<UsersListQuery, 'page' | 'count'>;

/** A row as the list and the export read it. Times are unix seconds, 0 = never. */
export type UserRow = {
  id: number;
  username: string;
  email_address: string;
  first_name: string;
  last_name: string;
  type: 'console_admin' | 'requests_admin' | 'console_user' | 'server_user' | 'local_user';
  status: 'activated' | 'deactivated' | 'awaiting_activation' | 'password_reset';
  last_active: number;
  date_created: number;
  created_by: string;
  awaiting_activation: boolean;
  password_reset: boolean;
  deactivated: boolean;
  not_active_last_30_days: boolean;
  active_last_30_days: boolean;
  active_past_hour: boolean;
  failed_email_delivery: boolean;
};

export const TYPE_LABELS: Record<UserRow['type'], string> = {
  console_admin: USER_TYPES.console_admin.label,
  requests_admin: USER_TYPES.requests_admin.label,
  console_user: USER_TYPES.console_user.label,
  server_user: OTHER_USER_TYPE_LABELS.server_user,
  local_user: OTHER_USER_TYPE_LABELS.local_user,
};

/**
 * The activity windows (000 §4.4, §9) as disjoint bands, so that each user carries at most one marker:
 * past hour; within 30 days but not the past hour; before 30 days. Never active (null) is in none.
 * The same fragments compute the row flags and the filters, so the two cannot disagree.
 */
function activity(now: Date) {
  const hourAgo = new Date(now.getTime() - ACTIVITY_HOUR_MS).toISOString();
  const monthAgo = new Date(now.getTime() - ACTIVITY_30_DAYS_MS).toISOString();
  return {
    active_past_hour: (col: SQL) => sql`(${col} >= ${hourAgo}::timestamptz)`,
    active_last_30_days: (col: SQL) => sql`(${col} >= ${monthAgo}::timestamptz AND ${col} < ${hourAgo}::timestamptz)`,
    not_active_last_30_days: (col: SQL) => sql`(${col} < ${monthAgo}::timestamptz)`,
  };
}

/** The three activity flags of one row, as SQL booleans (never active: all false). */
export function activityFlags(lastActive: SQL, now: Date) {
  const w = activity(now);
  return {
    not_active_last_30_days: sql<boolean>`COALESCE(${w.not_active_last_30_days(lastActive)}, false)`,
    active_last_30_days: sql<boolean>`COALESCE(${w.active_last_30_days(lastActive)}, false)`,
    active_past_hour: sql<boolean>`COALESCE(${w.active_past_hour(lastActive)}, false)`,
  };
}

const STATUS_FLAGS = ['awaiting_activation', 'password_reset', 'deactivated'] as const;
const ACTIVITY_FLAGS = ['not_active_last_30_days', 'active_last_30_days', 'active_past_hour'] as const;

/** Escapes LIKE wildcards so that a search for "a_b" or "100%" matches literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
function branchWhere(branch: 'users' | 'server_users', accountId: number, f: ListFilters, now: Date): SQL | null {
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

  const windows = activity(now);
  const bands = ACTIVITY_FLAGS.filter((k) => f[k]).map((k) => windows[k](sql`${a}.last_active`));
  if (bands.length > 0) conds.push(sql`(${sql.join(bands, sql` OR `)})`);

  if (f.failed_email_delivery) {
    if (branch === 'server_users') return null;
    conds.push(sql`u.failed_email_date IS NOT NULL`);
  }

  const q = f.query?.trim();
  if (q) {
    conds.push(sql`${SEARCH_HAYSTACK[branch]} ILIKE ${likePattern(q)}`);
  }
  return sql.join(conds, sql` AND `);
}

const TYPE_LABEL_CASE = (col: SQL) =>
  sql`CASE ${col} ${sql.join(
    Object.entries(TYPE_LABELS).map(([k, v]) => sql`WHEN ${k} THEN ${v}`),
    sql` `,
  )} END`;

/**
 * ORDER BY of a branch (alias u or s) or of the merged rows (alias x): the chosen key, then username,
 * then (type, id), which is unique across both tables, so that pages never overlap or skip.
 */
function orderBy(alias: 'u' | 's' | 'x', f: ListFilters): SQL {
  const a = sql.raw(alias);
  const dir = sql.raw(f.reverse_order ? 'DESC' : 'ASC');
  const email = alias === 'u' ? sql`u.email` : alias === 's' ? sql`''::text` : sql`x.email_address`;
  const created = alias === 'x' ? sql`x.created_at` : sql`${a}.created_at`;
  const key: Record<ListFilters['sort_by'], SQL> = {
    username: sql`${a}.username ${dir}`,
    first_name: sql`${a}.first_name ${dir}`,
    last_name: sql`${a}.last_name ${dir}`,
    email_address: sql`${email} ${dir}`,
    // type labels sort as shown (A-Z)
    type: sql`${TYPE_LABEL_CASE(sql`${a}.type`)} ${dir}`,
    status: sql`${a}.status ${dir}`,
    // a never-active user counts as 0: the oldest
    last_active: sql`${a}.last_active ${dir} ${sql.raw(f.reverse_order ? 'NULLS LAST' : 'NULLS FIRST')}`,
    date_created: sql`${created} ${dir}`,
  };
  const then = f.sort_by === 'username' ? sql`` : sql`, ${a}.username ${dir}`;
  return sql`ORDER BY ${key[f.sort_by]}${then}, ${a}.type ${dir}, ${a}.id ${dir}`;
}

/** At most this many matches: read them all through the filters' indexes and sort (see listUsers). */
const SMALL_RESULT = 10_000;

type Page = { limit: number; offset: number; strategy: 'merge' | 'sort' };

/**
 * The list's SELECT, rows shaped as UserRow; null when nothing can match. Without a page: every row,
 * ordered (the export). With a page, either
 * - merge: each branch is cut to offset + count rows in its own order (an index scan that stops early),
 *   then the two are merged. PostgreSQL does not merge-append a UNION ALL by itself. Right when the
 *   matches are many, so that the ordered scan meets them early.
 * - sort: the matches are read through the filters' indexes (status, activity, failed e-mail, trigram
 *   search) and sorted. Right when they are few, where an ordered scan would walk the whole account.
 * Only the page's rows are projected (epoch seconds, flags). With a time zone, two more columns give the
 * times as wall-clock seconds in that zone (for the export's date cells).
 */
export function listSql(
  accountId: number,
  f: ListFilters,
  now: Date,
  opts: { page?: Page; timeZone?: string } = {},
): SQL | null {
  const { page, timeZone } = opts;
  const uw = branchWhere('users', accountId, f, now);
  const sw = branchWhere('server_users', accountId, f, now);
  const perBranch = (alias: 'u' | 's') =>
    page?.strategy === 'merge' ? sql`${orderBy(alias, f)} LIMIT ${page.limit + page.offset}` : sql``;
  const branches: SQL[] = [];
  if (uw) {
    branches.push(sql`(SELECT u.id, u.username, u.email AS email_address, u.first_name, u.last_name, u.type, u.status,
      u.last_active, u.created_at, u.created_by_name AS created_by, u.failed_email_date IS NOT NULL AS failed_email
      FROM users u WHERE ${uw} ${perBranch('u')})`);
  }
  if (sw) {
    branches.push(sql`(SELECT s.id, s.username, ''::text AS email_address, s.first_name, s.last_name, s.type, s.status,
      s.last_active, s.created_at, ''::text AS created_by, false AS failed_email
      FROM server_users s WHERE ${sw} ${perBranch('s')})`);
  }
  if (branches.length === 0) return null;
  const union = sql.join(branches, sql` UNION ALL `);
  const rows = page
    ? sql`(SELECT * FROM ${page.strategy === 'sort' ? sql`m` : sql`(${union})`} x ${orderBy('x', f)} LIMIT ${page.limit} OFFSET ${page.offset})`
    : sql`(${union})`;
  const flags = activityFlags(sql`x.last_active`, now);
  return sql`${page?.strategy === 'sort' ? sql`WITH m AS MATERIALIZED (${union}) ` : sql``}SELECT x.id, x.username, x.email_address, x.first_name, x.last_name, x.type, x.status,
      COALESCE(FLOOR(EXTRACT(EPOCH FROM x.last_active))::float8, 0) AS last_active,
      FLOOR(EXTRACT(EPOCH FROM x.created_at))::float8 AS date_created,
      x.created_by,
      x.status = 'awaiting_activation' AS awaiting_activation,
      x.status = 'password_reset' AS password_reset,
      x.status = 'deactivated' AS deactivated,
      ${flags.not_active_last_30_days} AS not_active_last_30_days,
      ${flags.active_last_30_days} AS active_last_30_days,
      ${flags.active_past_hour} AS active_past_hour,
      x.failed_email AS failed_email_delivery${
        timeZone
          ? sql`,
      COALESCE(EXTRACT(EPOCH FROM (x.last_active AT TIME ZONE ${timeZone}))::float8, 0) AS last_active_local,
      EXTRACT(EPOCH FROM (x.created_at AT TIME ZONE ${timeZone}))::float8 AS date_created_local`
          : sql``
      }
    FROM ${rows} x
    ${orderBy('x', f)}`;
}

/** One page and the total. The count comes first: it is cheap through the indexes, and its size picks the page's plan. */
export async function listUsers(
  db: DbOrTx,
  accountId: number,
  q: UsersListQuery,
  now = new Date(),
  smallResult = SMALL_RESULT,
): Promise<{ rows: UserRow[]; total: number }> {
  const total = await countUsers(db, accountId, q, now);
  const offset = (q.page - 1) * q.count;
  if (total === 0 || offset >= total) return { rows: [], total };
  const select = listSql(accountId, q, now, {
    page: { limit: q.count, offset, strategy: total <= smallResult ? 'sort' : 'merge' },
  });
  if (!select) return { rows: [], total };
  const page = await db.execute<UserRow>(select);
  return { rows: page.rows, total };
}

export async function countUsers(db: DbOrTx, accountId: number, f: ListFilters, now = new Date()): Promise<number> {
  const uw = branchWhere('users', accountId, f, now);
  const sw = branchWhere('server_users', accountId, f, now);
  const part = (table: string, alias: string, where: SQL | null) =>
    where ? sql`(SELECT count(*) FROM ${sql.raw(table)} ${sql.raw(alias)} WHERE ${where})` : sql`0`;
  const r = await db.execute<{ n: string }>(
    sql`SELECT ${part('users', 'u', uw)} + ${part('server_users', 's', sw)} AS n`,
  );
  return Number(r.rows[0]?.n ?? 0);
}
