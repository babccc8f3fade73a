/**
 * A list of request threads (the website and media requests, issue 11; the app requests, issue 12) from
 * its declaration: the module gives its table, its counts table, a row's columns and joins, its sort
 * columns, its searched columns and its own filters; this builds the list's statements (the counts, one
 * page, the export's every row) as statement templates (lib/statement-templates.ts) and runs the counts
 * and the page (docs/decisions/requests.md "Speed of the requests lists"):
 * - the counts of a list that filters on nothing of its own are the counts table's (kept by triggers),
 *   read in the page's statement (`cells`: one round trip); other counts of `countsKeptFrom` threads or
 *   more are kept 15 seconds (lib/lists/count-cache.ts), and no page past the end is read;
 * - a page comes straight from the sort's index, ids first when it skips rows, the two statuses merged
 *   for status 'all' (lib/lists/thread-pages.ts), and a deep page from where this process last saw it
 *   (or a page shortly before it) begin (lib/lists/page-anchors.ts).
 * `changed(accountId)` forgets the account's kept counts and page starts (a change this process made).
 * `answer` keeps whole answers while the account's threads are unchanged (lib/lists/list-answers.ts).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RequestListCounts } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { createStatementTemplates } from '../statement-templates.js';
import { createCountCache } from './count-cache.js';
import { createListAnswers } from './list-answers.js';
import { createPageAnchors } from './page-anchors.js';
import { likePattern, listPage, pageWindow, searchText, type ListParams } from './paging.js';
import { countsFromCells, listShape, runListStatement, type CountCells } from './request-counts.js';
import {
  readAnchoredPage,
  threadCells,
  threadPageSql,
  threadSortKey,
  type PageRead,
  type Seek,
  type ThreadPageRow,
} from './thread-pages.js';

/** What every thread list's query holds (its contract's query after validation). */
export type ThreadListQuery<S extends string = string> = ListParams & {
  state: 'pending' | 'approved' | 'denied';
  status: 'admin' | 'tech' | 'all';
  from?: number | undefined;
  to?: number | undefined;
  sort_by?: S | undefined;
};

/**
 * A value of the list's statement: in a statement template, the placeholder `name` (filled per request
 * from the declaration's `params`); written in directly otherwise (the export).
 */
export type ParamOf = (name: string) => unknown;

export type ThreadListSpec<Q extends ThreadListQuery<S>, S extends string> = {
  /** The threads' table (alias `r` in every statement) and the counts its triggers keep. */
  table: string;
  countsTable: string;
  /** A row's columns as the list and the export read them, and what they need joined to `r`. */
  columns: SQL;
  joins: SQL;
  /** The list's kind, when the table holds several (`r.kind`, `c.kind`). */
  kind?: (q: Q) => string;
  /** The column of each of the contract's sort keys, the ones that may be null, and the times. */
  sortColumns: Readonly<Record<S, string>>;
  nullable: ReadonlySet<S>;
  timestamps: ReadonlySet<S>;
  defaultSort: (state: Q['state']) => { sort_by: S; reverse_order: boolean };
  /** The columns of `r` the search matches, in order. */
  searched: readonly string[];
  /** The list's own filters (kind, state, status, dates and search aside), after the search; none when off. */
  filters?: (q: Q, param: ParamOf) => SQL[];
  /** The values of the placeholders `filters` names, for this request. */
  params?: (q: Q, now: Date) => Record<string, unknown>;
  /** What decides the kept counts of a filtered list; null: never kept (they move with the clock). */
  countsKey: (q: Q) => unknown[] | null;
  /** Counts of this many threads or more are kept. */
  countsKeptFrom: number;
  /** The versioned tables (db/schema/list-versions.ts) whose changes move the list's answers. */
  versions: readonly string[];
};

/** The placeholders of every thread list's statement templates: what changes from request to request. */
export type ThreadSlots = {
  account: Placeholder;
  from: Placeholder;
  to: Placeholder;
  pattern: Placeholder;
  offset: Placeholder;
  seek: readonly [Placeholder, Placeholder];
};
export const THREAD_SLOTS: ThreadSlots = {
  account: sql.placeholder('account'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  seek: [sql.placeholder('seek0'), sql.placeholder('seek1')],
};

const KEEP_MS = 15_000;
/** Pages that begin this many rows or more into a list are found from a remembered start when there is one. */
export const THREAD_SEEK_FROM_ROW = 1_000;

export type ThreadPage<Row> = { rows: Row[]; counts: RequestListCounts };

export function createThreadList<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }>(
  spec: ThreadListSpec<Q, S>,
) {
  type PageRow = Row & ThreadPageRow;
  const table = sql.raw(spec.table);
  const countsTable = sql.raw(spec.countsTable);
  const searchedText = sql.raw(`lower(${spec.searched.map((c) => `r.${c}`).join(` || E'\\n' || `)})`);
  const statements = createStatementTemplates();
  const keptCounts = createCountCache<CountCells>({
    ttlMs: KEEP_MS,
    staleMs: KEEP_MS,
    minCached: spec.countsKeptFrom,
    sizeOf: (cells) => Object.values(cells).reduce((n, x) => n + x, 0),
  });
  const pageAnchors = createPageAnchors({ ttlMs: KEEP_MS });
  const answers = createListAnswers({ lists: spec.versions });

  const paramOf = (q: Q, now: Date, slots: ThreadSlots | undefined): ParamOf => {
    if (slots) return (name) => sql.placeholder(name);
    const values = spec.params?.(q, now) ?? {};
    return (name) => values[name];
  };

  /** The conditions every row of the list meets, apart from state and status. */
  function filters(accountId: number, q: Q, now: Date, slots?: ThreadSlots): SQL {
    const parts: SQL[] = [sql`r.account_id = ${slots?.account ?? accountId}`];
    if (spec.kind) parts.push(sql`r.kind = ${spec.kind(q)}`);
    const at = q.state === 'pending' ? sql.raw('r.requested_at') : sql.raw('r.processed_at');
    if (q.from !== undefined) parts.push(sql`${at} >= to_timestamp(${slots?.from ?? q.from})`);
    if (q.to !== undefined) parts.push(sql`${at} <= to_timestamp(${slots?.to ?? q.to})`);
    const text = searchText(q);
    if (text !== null) parts.push(sql`${searchedText} LIKE ${slots?.pattern ?? likePattern(text.toLowerCase())}`);
    if (spec.filters) parts.push(...spec.filters(q, paramOf(q, now, slots)));
    return sql.join(parts, sql` AND `);
  }

  /** Whether the list filters on nothing of its own (its kind aside): then its counts are the counts table's. */
  function filtersOnNothing(q: Q): boolean {
    return (
      q.from === undefined &&
      q.to === undefined &&
      searchText(q) === null &&
      (spec.filters?.(q, () => null).length ?? 0) === 0
    );
  }

  /** The counts table's row condition: the account, and the kind when the table holds several. */
  const keptWhere = (accountId: number, q: Q, slots?: ThreadSlots) =>
    sql`c.account_id = ${slots?.account ?? accountId}${spec.kind ? sql` AND c.kind = ${spec.kind(q)}` : sql``}`;

  /** The threads per state and status that the list's filters (state and status aside) keep. */
  function countsSql(accountId: number, q: Q, now: Date, slots?: ThreadSlots): SQL {
    if (filtersOnNothing(q))
      return sql`SELECT c.state, c.status, c.n FROM ${countsTable} c
      WHERE ${keptWhere(accountId, q, slots)} AND c.n <> 0`;
    return sql`SELECT r.state, r.status, count(*)::int AS n FROM ${table} r WHERE ${filters(accountId, q, now, slots)}
    GROUP BY r.state, r.status`;
  }

  /**
   * The counts table's counts as one text, 'state:status:n' comma-separated (a text: an array would be
   * parsed again on every row), read in a page's statement: its rows then carry their list's counts.
   */
  const keptCellsSql = (accountId: number, q: Q, slots?: ThreadSlots) =>
    sql`(SELECT string_agg(c.state || ':' || c.status || ':' || c.n, ',') FROM ${countsTable} c
    WHERE ${keptWhere(accountId, q, slots)} AND c.n <> 0) AS cells`;

  /** The list's sort: the contract's key (or the list's default) and its direction. */
  function sortOf(q: Pick<Q, 'state' | 'sort_by' | 'reverse_order'>): { sort: S; reverse: boolean } {
    if (q.sort_by !== undefined) return { sort: q.sort_by, reverse: Boolean(q.reverse_order) };
    const d = spec.defaultSort(q.state);
    return { sort: d.sort_by, reverse: d.reverse_order };
  }

  /**
   * Whether a deep page of this list may be found by a seek (lib/lists/page-anchors.ts): its column is
   * never null, or the order is descending, where null values come first, so none follows a row that has
   * one (a page is remembered only from rows with a value).
   */
  function seekable(q: Pick<Q, 'state' | 'sort_by' | 'reverse_order'>): boolean {
    const { sort, reverse } = sortOf(q);
    return reverse || !spec.nullable.has(sort);
  }

  /**
   * The ordered SELECT of the list's rows: all of them (the export, `page` null) or one page, from a
   * seek's key when there is one (then `page.offset` counts from it); `withCells`: each row carries the
   * kept counts.
   */
  function listSql(
    accountId: number,
    q: Q,
    now: Date,
    page: PageRead | null,
    slots?: ThreadSlots,
    withCells = false,
  ): SQL {
    const { sort, reverse } = sortOf(q);
    const col = spec.sortColumns[sort];
    const where = filters(accountId, q, now, slots);
    if (page === null) {
      const dir = reverse ? 'DESC' : 'ASC';
      const status = q.status === 'all' ? sql`` : sql` AND r.status = ${q.status}`;
      return sql`SELECT ${spec.columns} FROM ${table} r ${spec.joins} WHERE ${where} AND r.state = ${q.state}${status} ${sql.raw(`ORDER BY r.${col} ${dir}, r.id ${dir}`)}`;
    }
    const extra = [
      ...(seekable(q) ? [sql.raw(`r.${col}::text AS sort_key`)] : []),
      ...(withCells ? [keptCellsSql(accountId, q, slots)] : []),
    ];
    return threadPageSql({
      table: spec.table,
      columns: extra.length === 0 ? spec.columns : sql`${spec.columns}, ${sql.join(extra, sql`, `)}`,
      joins: spec.joins,
      account: slots?.account ?? accountId,
      where,
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
  function slotValues(
    accountId: number,
    q: Q,
    now: Date,
    page?: { offset: number; seek?: Seek | undefined },
  ): Record<string, unknown> {
    const text = searchText(q);
    return {
      account: accountId,
      from: q.from ?? null,
      to: q.to ?? null,
      pattern: text === null ? null : likePattern(text.toLowerCase()),
      ...spec.params?.(q, now),
      offset: page?.offset ?? 0,
      seek0: page?.seek?.key[0] ?? null,
      seek1: page?.seek?.key[1] ?? null,
    };
  }

  async function countCells(db: DbOrTx, accountId: number, q: Q, now: Date): Promise<CountCells> {
    const statement = statements.fill(
      listShape(q, { counts: true }),
      () => countsSql(accountId, q, now, THREAD_SLOTS),
      slotValues(accountId, q, now),
    )!;
    const r = await runListStatement<{ state: string; status: string; n: number }>(db, q, statement);
    return Object.fromEntries(r.rows.map((x) => [`${x.state}:${x.status}`, Number(x.n)]));
  }

  /** The six counts of the list's filters. */
  async function listCounts(db: DbOrTx, accountId: number, q: Q, now: Date): Promise<RequestListCounts> {
    // Kept by triggers: exact at once.
    const key = filtersOnNothing(q) ? null : spec.countsKey(q);
    if (key === null) return countsFromCells(q, await countCells(db, accountId, q, now));
    return countsFromCells(
      q,
      await keptCounts.total(accountId, JSON.stringify(key), () => countCells(db, accountId, q, now)),
    );
  }

  /**
   * The counts and one page of the list. A list that filters on nothing of its own reads its counts in
   * its page's statement: one round trip; others count first (a kept count when there is one) and read
   * no page past the end. A page that begins `seekFromRow` rows or more into the list starts from where
   * this process last saw it (or a page shortly before it) begin, when it remembers; a forgotten one is
   * read once for all who ask for it meanwhile.
   */
  async function readList(
    db: DbOrTx,
    accountId: number,
    q: Q,
    now: Date,
    seekFromRow = THREAD_SEEK_FROM_ROW,
  ): Promise<ThreadPage<Row>> {
    const withCells = filtersOnNothing(q);
    const { page: _page, ...view } = q;
    const readPage = (window: { limit: number; offset: number }) =>
      readAnchoredPage<PageRow>({
        anchors: pageAnchors,
        accountId,
        view: JSON.stringify(view),
        page: q.page,
        count: q.count,
        window,
        seekable: seekable(q),
        seekFromRow,
        sortKeyOf: threadSortKey,
        read: async (paged, anchor) => {
          const statement = statements.fill(
            listShape(q, {
              limit: paged.limit,
              first: paged.offset === 0,
              seek: anchor ? anchor.inclusive : null,
              withCells,
            }),
            () => listSql(accountId, q, now, paged, THREAD_SLOTS, withCells),
            slotValues(accountId, q, now, paged),
          )!;
          return (await runListStatement<PageRow>(db, q, statement)).rows;
        },
      });
    if (withCells) {
      const window = pageWindow(q);
      const rows = await readPage(window);
      const cells = rows[0] ? threadCells(rows[0]) : null;
      const counts = countsFromCells(q, cells ?? (await countCells(db, accountId, q, now)));
      // As listPage answers: no rows past the end.
      return { rows: window.offset >= counts.total_count ? [] : rows, counts };
    }
    const counts = await listCounts(db, accountId, q, now);
    return { rows: (await listPage(q, async () => counts.total_count, readPage)).rows, counts };
  }

  return {
    listSql,
    countsSql,
    slotValues,
    sortOf,
    seekable,
    filtersOnNothing,
    listCounts,
    readList,
    /**
     * The list's answer for the query, as the JSON bytes to send: kept while the account's rows are
     * unchanged (lib/lists/list-answers.ts), except for views that move with the clock (countsKey null).
     * `period`: a view whose answer also moves with the clock, a little, is kept within that period only
     * (its text joins the key), e.g. the minute.
     */
    answer(db: DbOrTx, accountId: number, q: Q, build: () => Promise<unknown>, period?: string): Promise<Buffer> {
      const key = spec.countsKey(q) === null ? null : JSON.stringify(q) + (period === undefined ? '' : `@${period}`);
      return answers.answer(db, accountId, key, build);
    },
    /** A change this process made to the account's threads: its kept counts and page starts go at once. */
    changed(accountId: number): void {
      keptCounts.forget(accountId);
      pageAnchors.forget(accountId);
    },
  };
}
