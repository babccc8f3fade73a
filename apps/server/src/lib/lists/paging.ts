/**
 * Paging, sorting and search of every paged list (000 §7: page, count, sort_by, reverse_order, query).
 * The limits themselves (page sizes, largest page, longest query) are the list contract's
 * (packages/contracts/src/lists.ts listQuery); sort keys come from each list's contract
 * (e.g. USER_SORTS). A list's repository builds its SQL with these; listPage() runs count and page.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/** The common parameters after validation by the list's contract. */
export type ListParams = {
  page: number;
  count: number;
  reverse_order?: boolean | undefined;
  query?: string | undefined;
};

/** LIMIT/OFFSET of a page (page numbers start at 1). */
export function pageWindow(p: Pick<ListParams, 'page' | 'count'>): { limit: number; offset: number } {
  return { limit: p.count, offset: (p.page - 1) * p.count };
}

/**
 * LIMIT (and OFFSET) of a page as SQL. The limit is written into the statement (a page size the list's
 * contract checked) and the offset is left out when it is 0; a later page's offset stays a parameter.
 * A named statement (lib/named-statements.ts) is planned once and reused only when PostgreSQL's
 * generic plan costs no more than the custom ones, and with LIMIT as a parameter it costs the generic
 * plan as if 10 % of the rows were read: every call was planned again (1.9 ms of planning against
 * 0.8 ms of execution for the devices list's page at 100,000 devices). With the limit known, the first
 * page, the one every list opens on and polls, is planned once per connection. In a statement
 * template (lib/statement-templates.ts) the offset is `offsetSlot`, a placeholder.
 */
export function limitOffset(limit: number, offset = 0, offsetSlot?: Placeholder): SQL {
  if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(offset) || offset < 0)
    throw new Error(`not a page: limit ${limit}, offset ${offset}`);
  return offset === 0 ? sql.raw(`LIMIT ${limit}`) : sql`${sql.raw(`LIMIT ${limit}`)} OFFSET ${offsetSlot ?? offset}`;
}

/** The search text to match, or null when there is none (blank or only spaces). */
export function searchText(p: Pick<ListParams, 'query'>): string | null {
  const q = p.query?.trim();
  return q ? q : null;
}

/** A LIKE/ILIKE pattern that matches `text` anywhere, literally: %, _ and \ in it are escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** ASC, or DESC when the list is reversed. */
export function sortDirection(p: Pick<ListParams, 'reverse_order'>): SQL {
  return sql.raw(p.reverse_order ? 'DESC' : 'ASC');
}

/**
 * The ORDER BY expression of a sort key, from a table that maps every key of the list's contract to
 * its column (the contract has already refused any other key; a record typed on the contract's keys
 * cannot miss one).
 */
export function sortColumn<K extends string>(columns: Readonly<Record<K, SQL>>, key: K): SQL {
  return columns[key];
}

/**
 * One page and the total: the count first (cheap through the indexes), then the page's rows only when
 * the page is not past the end, so that a page past the end costs one query and answers no rows with
 * the true total.
 */
export async function listPage<Row>(
  p: Pick<ListParams, 'page' | 'count'>,
  count: () => Promise<number>,
  rows: (window: { limit: number; offset: number }, total: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const total = await count();
  const window = pageWindow(p);
  if (total === 0 || window.offset >= total) return { rows: [], total };
  return { rows: await rows(window, total), total };
}
