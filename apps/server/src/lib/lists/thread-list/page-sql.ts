/**
 * The SQL of one page of a request list (the website and media requests, issue 11; the app requests,
 * issue 12), the recipe both share (docs/decisions/requests.md "Speed of the requests lists"): read straight from
 * the sort's index when the page skips no rows (page 1, or one found by a seek), ids first when it does,
 * and with status 'all' the merge of the two statuses' ordered pages (each status's first limit + offset
 * rows suffice). The lists give their table, row columns, joins and filters; a row's alias is always `r`.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { limitOffset } from '../paging.js';

/** Where a page begins: at or after a row's (sort column, id). */
export type Seek = { key: readonly (string | number)[]; inclusive: boolean };
export type PageRead = { limit: number; offset: number; seek?: Seek | undefined };

export type ThreadPageSpec = {
  /** The threads' table ('access_requests', 'app_requests'). */
  table: string;
  /** The row's columns (and any extra ones: sort key, kept counts). */
  columns: SQL;
  /** What is joined to `r` for a row's columns. */
  joins: SQL;
  /** The account (a placeholder in a statement template). */
  account: unknown;
  /** The list's conditions, state and status aside. */
  where: SQL;
  state: string;
  status: 'admin' | 'tech' | 'all';
  /** The sort column, its direction, and whether it is a time (its seek key's type). */
  column: string;
  reverse: boolean;
  timestamp: boolean;
  page: PageRead;
  offsetSlot?: Placeholder | undefined;
  seekSlots?: readonly [Placeholder, Placeholder] | undefined;
};

export function threadPageSql(s: ThreadPageSpec): SQL {
  const dir = s.reverse ? 'DESC' : 'ASC';
  const order = (alias: string) => sql.raw(`ORDER BY ${alias}${s.column} ${dir}, ${alias}id ${dir}`);
  const table = sql.raw(s.table);
  let seek = sql``;
  if (s.page.seek) {
    const op = `${s.reverse ? '<' : '>'}${s.page.seek.inclusive ? '=' : ''}`;
    const type = s.timestamp ? 'timestamptz' : 'text';
    const [k0, k1] = s.page.seek.key;
    seek = sql` AND (r.${sql.raw(s.column)}, r.id) ${sql.raw(op)} (${s.seekSlots?.[0] ?? k0}::${sql.raw(type)}, ${s.seekSlots?.[1] ?? k1}::int)`;
  }
  const rowsOf = (ids: SQL) => sql`SELECT ${s.columns} FROM (${ids}) page
    JOIN ${table} r ON r.id = page.id AND r.account_id = ${s.account} ${s.joins} ${order('r.')}`;
  if (s.status !== 'all') {
    const where = sql`${s.where} AND r.state = ${s.state} AND r.status = ${s.status}${seek}`;
    // A page that skips no rows (page 1, or one found by a seek) is read straight from the ordered scan.
    if (s.page.offset === 0)
      return sql`SELECT ${s.columns} FROM ${table} r ${s.joins} WHERE ${where} ${order('r.')} ${limitOffset(s.page.limit)}`;
    return rowsOf(
      sql`SELECT r.id FROM ${table} r WHERE ${where} ${order('r.')} ${limitOffset(s.page.limit, s.page.offset, s.offsetSlot)}`,
    );
  }
  if (s.page.offset === 0) {
    // A page that skips no rows: the merge of the two statuses' ordered scans read whole. The merge
    // (PostgreSQL's Merge Append, on the sort column as the scans give it) pulls only the rows it keeps,
    // instead of reading the ids first and then each row again by id. Its rows carry the sort column as
    // `merge_key` beside their columns (a time comes as text: the driver does not parse it).
    const whole = (status: string) => sql`(SELECT ${s.columns}, r.${sql.raw(s.column)} AS merge_key FROM ${table} r
    ${s.joins} WHERE ${s.where} AND r.state = ${s.state} AND r.status = ${status}${seek} ${order('r.')} ${limitOffset(s.page.limit)})`;
    return sql`SELECT p.* FROM (${whole('admin')} UNION ALL ${whole('tech')}) p
    ${sql.raw(`ORDER BY p.merge_key ${dir}, p.id ${dir}`)} ${limitOffset(s.page.limit)}`;
  }
  const partLimit = sql`${limitOffset(s.page.limit)} + ${s.offsetSlot ?? s.page.offset}::int`;
  const part = (status: string) => sql`(SELECT r.id, r.${sql.raw(s.column)} FROM ${table} r
    WHERE ${s.where} AND r.state = ${s.state} AND r.status = ${status}${seek} ${order('r.')} ${partLimit})`;
  return rowsOf(sql`SELECT p.id FROM (${part('admin')} UNION ALL ${part('tech')}) p ${order('p.')}
      ${limitOffset(s.page.limit, s.page.offset, s.offsetSlot)}`);
}
