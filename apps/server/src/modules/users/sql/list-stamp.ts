/**
 * The statements of the users list's stamp (../list-stamp.ts), each built once with placeholders
 * (lib/statement-templates.ts) and run named: assembling them per request cost more than running them.
 * - `readListBase`: the account's 'users' version (every change to what the list shows but last
 *   activity: migration 0027) and, for each table, its latest last activity with how many users share
 *   it, one index-only probe a table on (account_id, last_active): the server writes last activity
 *   only as "now" (a sign-in, a session's touch), which raises the latest or joins it.
 * - `readListWindows`: the same, and where each activity window's earliest user is (the earliest last
 *   activity inside the past hour and inside the past 30 days, an index probe each), with the instant
 *   the clock passes the first of them.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ACTIVITY_30_DAYS_MS, ACTIVITY_HOUR_MS } from '@wayguard/contracts';
import type { DbOrTx } from '../../../db/client.js';
import { activityTimes } from '../../../domain/users/users-list-filters.js';
import { versionsSql } from '../../../lib/kept/versions.js';
import { executeBuilt } from '../../../lib/named-statements.js';
import { createStatementTemplates } from '../../../lib/statement-templates.js';

const TABLES = ['users', 'server_users'] as const;
const account = sql.placeholder('account');
const statements = createStatementTemplates();

const text = (v: SQL) => sql`coalesce((${v})::text, '-')`;

/** The base stamp: the versions, then each table's latest last activity and how many share it. */
const baseSql = sql.join(
  [
    versionsSql(['users'], sql`${account}`),
    ...TABLES.map(
      (table) => sql`(SELECT ${text(sql`l.last_active`)} || ',' || l.n FROM (SELECT t.last_active, count(*) AS n
        FROM ${sql.raw(table)} t WHERE t.account_id = ${account}
        GROUP BY t.last_active ORDER BY t.last_active DESC NULLS LAST LIMIT 1) l)`,
    ),
  ],
  sql`, `,
);
const base = sql`concat_ws('|', ${baseSql}) AS base`;

/** The account's base stamp (see the header). */
export async function readListBase(db: DbOrTx, accountId: number): Promise<string> {
  const q = statements.fill('base', () => sql`SELECT ${base}`, { account: accountId })!;
  const r = await executeBuilt<{ base: string }>(db, q, true);
  return r.rows[0]?.base ?? '';
}

/** The earliest last activity of one table inside a window that starts at `start`. */
const earliest = (table: (typeof TABLES)[number], start: Placeholder) =>
  sql`(SELECT min(t.last_active) FROM ${sql.raw(table)} t WHERE t.account_id = ${account} AND t.last_active >= ${start}::timestamptz)`;

const WINDOWS = [
  { name: 'hour', start: sql.placeholder('hourAgo'), length: ACTIVITY_HOUR_MS },
  { name: 'month', start: sql.placeholder('monthAgo'), length: ACTIVITY_30_DAYS_MS },
] as const;

export type ListWindows = {
  /** The base stamp, read in the same statement. */
  base: string;
  /** Where each window's earliest user is, per table, as text. */
  windows: string;
  /**
   * The last instant (ms) at which every earliest user is still inside its window, so that the windows
   * read the same (null: no window holds anyone). Times are rounded down to the millisecond, so this
   * is never later than the true one.
   */
  holdsUntil: number | null;
};

/** The base stamp and the activity windows at `now` (see the header). */
export async function readListWindows(db: DbOrTx, accountId: number, now: Date): Promise<ListWindows> {
  const q = statements.fill(
    'windows',
    () => {
      const mins = WINDOWS.flatMap((w) =>
        TABLES.map((table) => sql`${earliest(table, w.start)} AS ${sql.raw(`${table}_${w.name}`)}`),
      );
      const texts = WINDOWS.flatMap((w) => TABLES.map((table) => text(sql.raw(`m.${table}_${w.name}`))));
      // When the clock passes a window's earliest user: the window's start (now - length) goes past it.
      const ends = WINDOWS.map(
        (w) =>
          sql`floor(extract(epoch FROM least(${sql.join(
            TABLES.map((table) => sql.raw(`m.${table}_${w.name}`)),
            sql`, `,
          )})) * 1000)::float8 + ${w.length}`,
      );
      return sql`SELECT ${base}, concat_ws(',', ${sql.join(texts, sql`, `)}) AS windows,
        least(${sql.join(ends, sql`, `)}) AS holds_until
        FROM (SELECT ${sql.join(mins, sql`, `)}) m`;
    },
    { account: accountId, ...activityTimes(now) },
  )!;
  const r = await executeBuilt<{ base: string; windows: string; holds_until: number | null }>(db, q, true);
  const row = r.rows[0];
  return {
    base: row?.base ?? '',
    windows: row?.windows ?? '',
    holdsUntil: row?.holds_until === null || row?.holds_until === undefined ? null : Number(row.holds_until),
  };
}
