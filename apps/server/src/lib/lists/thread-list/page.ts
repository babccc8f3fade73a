/**
 * The counts and one page of a thread list (docs/decisions/requests.md "Speed of the requests lists"). A list
 * that filters on nothing of its own reads its counts in its page's statement: one round trip; others
 * count first (a kept count when there is one, counts.ts) and read no page past the end. A page that
 * begins `seekFromRow` rows or more into the list starts from where this process last saw it (or a page
 * shortly before it) begin (lib/lists/page-anchors.ts) when it remembers; a forgotten one is read once for
 * all who ask for it meanwhile.
 */
import type { DbOrTx } from '../../../db/client.js';
import type { PageAnchor, PageAnchors, SortKey } from '../page-anchors.js';
import { listPage, pageWindow } from '../paging.js';
import { countCells, countsFromCells, listCounts } from './counts.js';
import type { PageRead } from './page-sql.js';
import { THREAD_SEEK_FROM_ROW, THREAD_SLOTS, type ThreadList, type ThreadListQuery, type ThreadPage } from './spec.js';
import { filtersOnNothing, listShape, pageSql, runListStatement, seekable, slotValues } from './statements.js';

/**
 * Reads the page `window` of the list `view` (its page number `page` of `count` rows): from a remembered
 * start when it begins `seekFromRow` rows or more in and the sort may be sought, remembering where it and
 * the next begin. `read` runs the page's statement for the window or the seek it is given.
 */
export async function readAnchoredPage<Row>(o: {
  anchors: PageAnchors;
  accountId: number;
  view: string;
  page: number;
  count: number;
  window: { limit: number; offset: number };
  seekable: boolean;
  seekFromRow: number;
  sortKeyOf: (row: Row) => SortKey | null;
  read: (paged: PageRead, anchor: PageAnchor | undefined) => Promise<Row[]>;
}): Promise<Row[]> {
  const sought = o.seekable && o.window.offset >= o.seekFromRow;
  const anchor = sought ? o.anchors.find(o.accountId, o.view, o.page, Math.floor(o.seekFromRow / o.count)) : undefined;
  const paged = anchor ? { limit: o.window.limit, offset: (o.page - anchor.page) * o.count, seek: anchor } : o.window;
  const read = () => o.read(paged, anchor);
  const got = sought && !anchor ? await o.anchors.readOnce(o.accountId, o.view, o.page, read) : await read();
  const first = got[0] && o.sortKeyOf(got[0]);
  const last = got.length > 0 && o.sortKeyOf(got[got.length - 1]!);
  if (sought && first && last) o.anchors.remember(o.accountId, o.view, o.page, first, last);
  return got;
}

/** A page row with its sort column as text (when the sort may be sought) and the kept counts (when read with it). */
export type ThreadPageRow = { id: number; sort_key?: string | null; cells?: string | null };

/** A page row's position in the sort, or null when it has none to seek from. */
export function threadSortKey(row: ThreadPageRow): [string, number] | null {
  return row.sort_key === undefined || row.sort_key === null ? null : [row.sort_key, row.id];
}

/** The counts a page row carries ('state:status:n' comma-separated), by 'state:status'; null when none were read. */
export function threadCells(row: ThreadPageRow): Record<string, number> | null {
  if (row.cells === undefined) return null;
  const cells: Record<string, number> = {};
  for (const c of row.cells ? row.cells.split(',') : []) {
    const [state, status, n] = c.split(':');
    cells[`${state}:${status}`] = Number(n);
  }
  return cells;
}

/** The counts and one page of the list. */
export async function readThreadPage<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }>(
  list: ThreadList<Q, S, Row>,
  db: DbOrTx,
  accountId: number,
  q: Q,
  now: Date,
  seekFromRow = THREAD_SEEK_FROM_ROW,
): Promise<ThreadPage<Row>> {
  type PageRow = Row & ThreadPageRow;
  const { spec, kept } = list;
  const withCells = filtersOnNothing(spec, q);
  const { page: _page, ...view } = q;
  const readPage = (window: { limit: number; offset: number }) =>
    readAnchoredPage<PageRow>({
      anchors: kept.anchors,
      accountId,
      view: JSON.stringify(view),
      page: q.page,
      count: q.count,
      window,
      seekable: seekable(spec, q),
      seekFromRow,
      sortKeyOf: threadSortKey,
      read: async (paged, anchor) => {
        const statement = kept.statements.fill(
          listShape(q, {
            limit: paged.limit,
            first: paged.offset === 0,
            seek: anchor ? anchor.inclusive : null,
            withCells,
          }),
          () => pageSql(spec, { accountId, q, now, slots: THREAD_SLOTS }, paged, withCells),
          slotValues(spec, { accountId, q, now }, paged),
        )!;
        return (await runListStatement<PageRow>(db, q, statement)).rows;
      },
    });
  if (withCells) {
    const window = pageWindow(q);
    const rows = await readPage(window);
    const cells = rows[0] ? threadCells(rows[0]) : null;
    const counts = countsFromCells(q, cells ?? (await countCells(list, db, accountId, q, now)));
    // As listPage answers: no rows past the end.
    return { rows: window.offset >= counts.total_count ? [] : rows, counts };
  }
  const counts = await listCounts(list, db, accountId, q, now);
  return { rows: (await listPage(q, async () => counts.total_count, readPage)).rows, counts };
}
