/**
 * The users list (000 §2.7): console users and server/local users of one account in one ordered,
 * filtered list (UNION ALL of the two tables, each branch filtered by account first). A page costs a
 * count plus one SELECT whose plan depends on that count (see listSql); every sort key but the type
 * label has an (account_id, key, username) index, search has trigram indexes, so pages stay fast at a
 * million rows in one account.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { USER_TYPE_LABELS, type UserKind, type UserStatus, type UsersListQuery } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { executeBuilt } from '../../lib/named-statements.js';
import {
  likePattern,
  limitOffset,
  listPage,
  pageWindow,
  searchText,
  sortColumn,
  sortDirection,
} from '../../lib/lists/paging.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import { createSizeHints, type SizeHints } from '../../lib/lists/size-hints.js';
import {
  activityFlags,
  activityTimes,
  branchWhere,
  type ActivityTimes,
  countUsersSql,
  SEARCH_HAYSTACK,
  type UsersListFilters,
} from '../../domain/users/users-list-filters.js';

export { activityFlags, countUsersSql, SEARCH_HAYSTACK };

export type ListFilters = UsersListFilters;

/** A row as the list and the export read it. Times are unix seconds, 0 = never. */
export type UserRow = {
  id: number;
  username: string;
  email_address: string;
  first_name: string;
  last_name: string;
  type: UserKind;
  status: UserStatus;
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

/** The type labels, from the contracts (kept under this name for the module's callers). */
export const TYPE_LABELS = USER_TYPE_LABELS;

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
  const dir = sortDirection(f);
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
  return sql`ORDER BY ${sortColumn(key, f.sort_by)}${then}, ${a}.type ${dir}, ${a}.id ${dir}`;
}

/** At most this many matches: read them all through the filters' indexes and sort (see listUsers). */
const SMALL_RESULT = 10_000;

type Page = { limit: number; offset: number; strategy: 'merge' | 'sort'; withTotal?: boolean };

/** The placeholders of the list's statement templates (lib/statement-templates.ts). */
type Slots = {
  account: Placeholder;
  times: ActivityTimes;
  pattern: Placeholder;
  offset: Placeholder;
  branchLimit: Placeholder;
};
const SLOTS: Slots = {
  account: sql.placeholder('account'),
  times: { hourAgo: sql.placeholder('hourAgo'), monthAgo: sql.placeholder('monthAgo') },
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  branchLimit: sql.placeholder('branchLimit'),
};

/**
 * The list's SELECT, rows shaped as UserRow; null when nothing can match. Without a page: every row,
 * ordered (the export). With a page, either
 * - merge: each branch is cut to offset + count rows in its own order (an index scan that stops early),
 *   then the two are merged. PostgreSQL does not merge-append a UNION ALL by itself. Right when the
 *   matches are many, so that the ordered scan meets them early.
 * - sort: the matches are read through the filters' indexes (status, activity, failed e-mail, trigram
 *   search) and sorted. Right when they are few, where an ordered scan would walk the whole account.
 * Only the page's rows are projected (epoch seconds, flags). With a time zone, two more columns give the
 * times as wall-clock seconds in that zone (for the export's date cells). A sorted page `withTotal`
 * also counts the matches it read anyway: every row carries `total`, and a page past the end is one
 * row of nulls with the total.
 */
export function listSql(
  accountId: number,
  f: ListFilters,
  now: Date,
  opts: { page?: Page; timeZone?: string; slots?: Slots } = {},
): SQL | null {
  const { page, timeZone, slots } = opts;
  const account = slots?.account ?? accountId;
  const when = slots?.times ?? now;
  const uw = branchWhere('users', account, f, when, slots?.pattern);
  const sw = branchWhere('server_users', account, f, when, slots?.pattern);
  const perBranch = (alias: 'u' | 's') =>
    page?.strategy === 'merge'
      ? sql`${orderBy(alias, f)} ${
          page.offset === 0 ? limitOffset(page.limit) : sql`LIMIT ${slots?.branchLimit ?? page.limit + page.offset}`
        }`
      : sql``;
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
    ? sql`(SELECT * FROM ${page.strategy === 'sort' ? sql`m` : sql`(${union})`} x ${orderBy('x', f)} ${limitOffset(page.limit, page.offset, slots?.offset)})`
    : sql`(${union})`;
  const flags = activityFlags(sql`x.last_active`, when);
  const projection = sql`SELECT x.id, x.username, x.email_address, x.first_name, x.last_name, x.type, x.status,
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
`;
  const from = sql`FROM ${rows} x`;
  if (page?.strategy === 'sort' && page.withTotal) {
    // One row at least (the total), the page's rows in its order (ord), or nulls past the end.
    return sql`WITH m AS MATERIALIZED (${union}),
      p AS (${projection}, row_number() OVER (${orderBy('x', f)}) AS ord ${from})
    SELECT n.total, p.* FROM (SELECT count(*)::int AS total FROM m) n LEFT JOIN p ON true ORDER BY p.ord`;
  }
  return sql`${page?.strategy === 'sort' ? sql`WITH m AS MATERIALIZED (${union}) ` : sql``}${projection}
    ${from}
    ${orderBy('x', f)}`;
}

/** The list's page and count statements, built once per shape (lib/statement-templates.ts). */
const statements = createStatementTemplates();

/** What decides a statement's text: the filters that are on, whether there is a search, the sort, and `extra`. */
function shapeOf(f: ListFilters, extra: Record<string, unknown>): string {
  // The page and its size are not filters (a list passes its whole query): `extra` says what of them counts.
  const { query: _query, page: _page, count: _count, ...rest } = f as UsersListQuery;
  return JSON.stringify({ ...rest, search: searchText(f) !== null, ...extra });
}

/** The values of a statement's placeholders for this request. */
function valuesOf(accountId: number, f: ListFilters, now: Date, page?: Page): Record<string, unknown> {
  const search = searchText(f);
  return {
    account: accountId,
    ...activityTimes(now),
    pattern: search === null ? null : likePattern(search),
    offset: page?.offset ?? 0,
    branchLimit: page ? page.limit + page.offset : 0,
  };
}

/**
 * Runs a list statement named (lib/named-statements.ts), except with a search: its plan depends on
 * the pattern (the trigram indexes cannot serve one shorter than three characters), so it is planned
 * afresh each time rather than risk a generic plan.
 */
function run<T extends Record<string, unknown>>(db: DbOrTx, f: ListFilters, q: { sql: string; params: unknown[] }) {
  return executeBuilt<T>(db, q, searchText(f) === null);
}

/** The page statement for this request, or null when nothing can match. */
function pageStatement(accountId: number, f: ListFilters, now: Date, page: Page) {
  const { offset: _o, ...pageShape } = page;
  return statements.fill(
    shapeOf(f, { page: pageShape, first: page.offset === 0 }),
    () => listSql(accountId, f, now, { page, slots: SLOTS }),
    valuesOf(accountId, f, now, page),
  );
}

/** The last total of each view, which picks how its next page is read (lib/lists/size-hints.ts). */
const listSizes = createSizeHints({ ttlMs: 60_000 });

/**
 * One page and the total. A view that was small a moment ago (its last total at most `smallResult`)
 * is read in one statement: the sorted page and the exact total of what it read. Otherwise the count
 * comes first (cheap through the indexes), and its size picks the page's plan.
 */
export async function listUsers(
  db: DbOrTx,
  accountId: number,
  q: UsersListQuery,
  now = new Date(),
  smallResult = SMALL_RESULT,
  sizes: SizeHints = listSizes,
): Promise<{ rows: UserRow[]; total: number }> {
  const { page: _page, count: _count, sort_by: _sort, reverse_order: _reverse, ...filters } = q;
  const view = JSON.stringify(filters);
  const hint = sizes.get(accountId, view);
  if (hint !== undefined && hint <= smallResult) {
    const select = pageStatement(accountId, q, now, { ...pageWindow(q), strategy: 'sort', withTotal: true });
    if (!select) return { rows: [], total: 0 };
    const read = (await run<UserRow & { total: number; ord: number | null }>(db, q, select)).rows;
    const total = Number(read[0]?.total ?? 0);
    sizes.set(accountId, view, total);
    const rows = read.filter((r) => r.ord !== null).map(({ total: _t, ord: _o, ...row }) => row);
    return { rows, total };
  }
  const result = await listPage(
    q,
    () => countUsers(db, accountId, q, now),
    async ({ limit, offset }, total) => {
      const select = pageStatement(accountId, q, now, {
        limit,
        offset,
        strategy: total <= smallResult ? 'sort' : 'merge',
      });
      return select ? (await run<UserRow>(db, q, select)).rows : [];
    },
  );
  sizes.set(accountId, view, result.total);
  return result;
}

export async function countUsers(db: DbOrTx, accountId: number, f: ListFilters, now = new Date()): Promise<number> {
  const count = statements.fill(
    shapeOf(f, { count: true }),
    () => sql`SELECT ${countUsersSql(SLOTS.account, f, SLOTS.times, SLOTS.pattern)} AS n`,
    valuesOf(accountId, f, now),
  );
  const r = await run<{ n: string }>(db, f, count!);
  return Number(r.rows[0]?.n ?? 0);
}
