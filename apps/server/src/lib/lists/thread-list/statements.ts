/**
 * A thread list's statements from its declaration (spec.ts): the conditions of its rows, its counts, one
 * page or every row (the export), built as statement templates (lib/statement-templates.ts) whose
 * placeholders (spec.ts THREAD_SLOTS) `slotValues` fills per request, and run named except with a search
 * (`runListStatement`). A page's own SQL (ids first, the two statuses merged) is page-sql.ts's.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { executeBuilt } from '../../named-statements.js';
import { likePattern, searchText } from '../paging.js';
import { threadPageSql, type PageRead, type Seek } from './page-sql.js';
import type { ParamOf, ThreadListQuery, ThreadListSpec, ThreadRead } from './spec.js';

type Spec<Q extends ThreadListQuery<S>, S extends string> = ThreadListSpec<Q, S>;

function paramOf<Q extends ThreadListQuery<S>, S extends string>(spec: Spec<Q, S>, r: ThreadRead<Q>): ParamOf {
  if (r.slots) return (name) => sql.placeholder(name);
  const values = spec.params?.(r.q, r.now) ?? {};
  return (name) => values[name];
}

/** The searched columns as one lower-cased text. */
const searchedText = (spec: { searched: readonly string[] }) =>
  sql.raw(`lower(${spec.searched.map((c) => `r.${c}`).join(` || E'\\n' || `)})`);

/** The conditions every row of the list meets, apart from state and status. */
export function threadFilters<Q extends ThreadListQuery<S>, S extends string>(spec: Spec<Q, S>, r: ThreadRead<Q>): SQL {
  const { accountId, q, slots } = r;
  const parts: SQL[] = [sql`r.account_id = ${slots?.account ?? accountId}`];
  if (spec.kind) parts.push(sql`r.kind = ${spec.kind(q)}`);
  const at = q.state === 'pending' ? sql.raw('r.requested_at') : sql.raw('r.processed_at');
  if (q.from !== undefined) parts.push(sql`${at} >= to_timestamp(${slots?.from ?? q.from})`);
  if (q.to !== undefined) parts.push(sql`${at} <= to_timestamp(${slots?.to ?? q.to})`);
  const text = searchText(q);
  if (text !== null) parts.push(sql`${searchedText(spec)} LIKE ${slots?.pattern ?? likePattern(text.toLowerCase())}`);
  if (spec.filters) parts.push(...spec.filters(q, paramOf(spec, r)));
  return sql.join(parts, sql` AND `);
}

/** Whether the list filters on nothing of its own (its kind aside): then its counts are the counts table's. */
export function filtersOnNothing<Q extends ThreadListQuery<S>, S extends string>(spec: Spec<Q, S>, q: Q): boolean {
  return (
    q.from === undefined &&
    q.to === undefined &&
    searchText(q) === null &&
    (spec.filters?.(q, () => null).length ?? 0) === 0
  );
}

/** The counts table's row condition: the account, and the kind when the table holds several. */
function keptWhere<Q extends ThreadListQuery<S>, S extends string>(spec: Spec<Q, S>, r: ThreadRead<Q>): SQL {
  const kind = spec.kind ? sql` AND c.kind = ${spec.kind(r.q)}` : sql``;
  return sql`c.account_id = ${r.slots?.account ?? r.accountId}${kind}`;
}

/** The threads per state and status that the list's filters (state and status aside) keep. */
export function countsSql<Q extends ThreadListQuery<S>, S extends string>(spec: Spec<Q, S>, r: ThreadRead<Q>): SQL {
  if (filtersOnNothing(spec, r.q))
    return sql`SELECT c.state, c.status, c.n FROM ${sql.raw(spec.countsTable)} c
      WHERE ${keptWhere(spec, r)} AND c.n <> 0`;
  return sql`SELECT r.state, r.status, count(*)::int AS n FROM ${sql.raw(spec.table)} r
    WHERE ${threadFilters(spec, r)} GROUP BY r.state, r.status`;
}

/**
 * The counts table's counts as one text, 'state:status:n' comma-separated (a text: an array would be
 * parsed again on every row), read in a page's statement: its rows then carry their list's counts.
 */
function keptCellsSql<Q extends ThreadListQuery<S>, S extends string>(spec: Spec<Q, S>, r: ThreadRead<Q>): SQL {
  return sql`(SELECT string_agg(c.state || ':' || c.status || ':' || c.n, ',') FROM ${sql.raw(spec.countsTable)} c
    WHERE ${keptWhere(spec, r)} AND c.n <> 0) AS cells`;
}

/** The list's sort: the contract's key (or the list's default) and its direction. */
export function sortOf<Q extends ThreadListQuery<S>, S extends string>(
  spec: Spec<Q, S>,
  q: Pick<Q, 'state' | 'sort_by' | 'reverse_order'>,
): { sort: S; reverse: boolean } {
  if (q.sort_by !== undefined) return { sort: q.sort_by, reverse: Boolean(q.reverse_order) };
  const d = spec.defaultSort(q.state);
  return { sort: d.sort_by, reverse: d.reverse_order };
}

/**
 * Whether a deep page of this list may be found by a seek (lib/lists/page-anchors.ts): its column is
 * never null, or the order is descending, where null values come first, so none follows a row that has
 * one (a page is remembered only from rows with a value).
 */
export function seekable<Q extends ThreadListQuery<S>, S extends string>(
  spec: Spec<Q, S>,
  q: Pick<Q, 'state' | 'sort_by' | 'reverse_order'>,
): boolean {
  const { sort, reverse } = sortOf(spec, q);
  return reverse || !spec.nullable.has(sort);
}

/** The ordered SELECT of every row of the list (the export), its values written in. */
export function everyRowSql<Q extends ThreadListQuery<S>, S extends string>(spec: Spec<Q, S>, r: ThreadRead<Q>): SQL {
  const { q } = r;
  const { sort, reverse } = sortOf(spec, q);
  const col = spec.sortColumns[sort];
  const dir = reverse ? 'DESC' : 'ASC';
  const status = q.status === 'all' ? sql`` : sql` AND r.status = ${q.status}`;
  const where = threadFilters(spec, r);
  return sql`SELECT ${spec.columns} FROM ${sql.raw(spec.table)} r ${spec.joins} WHERE ${where} AND r.state = ${q.state}${status} ${sql.raw(`ORDER BY r.${col} ${dir}, r.id ${dir}`)}`;
}

/**
 * The ordered SELECT of one page, from a seek's key when there is one (then `page.offset` counts from
 * it); `withCells`: each row carries the kept counts.
 */
export function pageSql<Q extends ThreadListQuery<S>, S extends string>(
  spec: Spec<Q, S>,
  r: ThreadRead<Q>,
  page: PageRead,
  withCells = false,
): SQL {
  const { q, slots } = r;
  const { sort, reverse } = sortOf(spec, q);
  const col = spec.sortColumns[sort];
  const extra = [
    ...(seekable(spec, q) ? [sql.raw(`r.${col}::text AS sort_key`)] : []),
    ...(withCells ? [keptCellsSql(spec, r)] : []),
  ];
  return threadPageSql({
    table: spec.table,
    columns: extra.length === 0 ? spec.columns : sql`${spec.columns}, ${sql.join(extra, sql`, `)}`,
    joins: spec.joins,
    account: slots?.account ?? r.accountId,
    where: threadFilters(spec, r),
    state: q.state,
    status: q.status,
    column: col,
    reverse,
    timestamp: spec.timestamps.has(sort),
    page,
    offsetSlot: slots?.offset,
    seekSlots: slots?.seek,
  });
}

/** The values of the placeholders for this request. */
export function slotValues<Q extends ThreadListQuery<S>, S extends string>(
  spec: Spec<Q, S>,
  r: ThreadRead<Q>,
  page?: { offset: number; seek?: Seek | undefined },
): Record<string, unknown> {
  const { q } = r;
  const text = searchText(q);
  return {
    account: r.accountId,
    from: q.from ?? null,
    to: q.to ?? null,
    pattern: text === null ? null : likePattern(text.toLowerCase()),
    ...spec.params?.(q, r.now),
    offset: page?.offset ?? 0,
    seek0: page?.seek?.key[0] ?? null,
    seek1: page?.seek?.key[1] ?? null,
  };
}

/** What decides a list statement's text: the list, its filters that are on, whether there is a search, and `extra`. */
export function listShape(q: ThreadListQuery, extra: Record<string, unknown>): string {
  const { query: _query, page: _page, count: _count, from, to, ...rest } = q;
  return JSON.stringify({
    ...rest,
    from: from !== undefined,
    to: to !== undefined,
    search: searchText(q) !== null,
    ...extra,
  });
}

/** Runs a list statement named, except with a search, whose plan depends on the pattern. */
export const runListStatement = <T extends Record<string, unknown>>(
  db: DbOrTx,
  q: Pick<ThreadListQuery, 'query'>,
  s: { sql: string; params: unknown[] },
) => executeBuilt<T>(db, s, searchText(q) === null);
