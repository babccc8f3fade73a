/**
 * The rows of the websites and media lists (002 §2.4-2.5): the account's websites or media items,
 * searched by the list's search mode, sorted by name (or media type), optionally limited to a set of
 * ids (the access filters: modules/web-access/service.ts decides which).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MatchMode, MediaType } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { createStamped } from '../../lib/kept/stamped.js';
import { limitOffset, sortDirection } from '../../lib/lists/paging.js';
import { executeBuilt } from '../../lib/named-statements.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import { sqlArray } from '../../lib/sql-array.js';

export type WebsiteRow = {
  id: number;
  name: string;
  url: string;
  pattern: string;
  match_mode: MatchMode;
  host: string;
  path: string;
  category_id: number | null;
  description: string;
  is_custom: boolean;
  is_zvelo_enabled: boolean;
  media_type: string | null;
};

/** Which rows: the kind, the search, the media types, and an id set in or out (the access filters). */
export type RowFilter = {
  kind: 'website' | 'media';
  query: string | null;
  searchMode: MatchMode;
  mediaTypes?: MediaType[] | undefined;
  /** Only these ids, or every id but these; a list of conditions any of which may hold (OR). */
  idSets?: ({ in: number[] } | { notIn: number[] } | { sql: SQL })[] | undefined;
  /** And only these ids (a part of the 'managed' order: domain/web-access/managed-rows.ts). */
  only?: number[] | undefined;
  /** And none of these ids (the rest after the 'managed' order's parts). */
  except?: number[] | undefined;
};

const escapeLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search on what the row shows (its name) in the list's search mode (002 §7 search_mode; §9 default
 * includes), as one LIKE on `lower(name || E'\n' || address)` so that the trigram index serves every
 * mode: the name comes first and never holds a line break.
 */
function searchSql(query: string, mode: MatchMode): SQL {
  const q = escapeLike(query.toLowerCase());
  const pattern = { includes: `%${q}%`, starts_with: `${q}%`, ends_with: `%${q}\n%`, exact: `${q}\n%` }[mode];
  return sql`lower(w.name || E'\\n' || w.address) LIKE ${pattern}`;
}

/**
 * The rows of the filter. `slots`: the account and the media types as the placeholders of a statement
 * template (the named statements below), their values written in otherwise.
 */
export function whereSql(accountId: number, f: RowFilter, slots?: typeof SLOTS): SQL {
  const parts: SQL[] = [sql`w.account_id = ${slots?.account ?? accountId}`, sql`w.kind = ${f.kind}`];
  if (f.query) parts.push(searchSql(f.query, f.searchMode));
  if (f.mediaTypes && f.mediaTypes.length > 0)
    parts.push(sql`w.media_type = ANY(${slots?.media ?? sqlArray(f.mediaTypes)}::text[])`);
  if (f.idSets && f.idSets.length > 0) {
    const any = f.idSets.map((s) =>
      'in' in s
        ? sql`w.id = ANY(${sqlArray(s.in)}::int[])`
        : 'notIn' in s
          ? sql`NOT (w.id = ANY(${sqlArray(s.notIn)}::int[]))`
          : s.sql,
    );
    parts.push(sql`(${sql.join(any, sql` OR `)})`);
  }
  if (f.only) parts.push(sql`w.id = ANY(${sqlArray(f.only)}::int[])`);
  if (f.except && f.except.length > 0) parts.push(sql`NOT (w.id = ANY(${sqlArray(f.except)}::int[]))`);
  return sql.join(parts, sql` AND `);
}

export const ROW_COLUMNS = sql.raw(
  `w.id, w.name, w.url, w.pattern, w.match_mode, w.host, w.path, w.category_id, w.description, w.is_custom,
   w.is_zvelo_enabled, w.media_type`,
);

/** A page is read by name or media type; the 'managed' order reads its parts by name (service.ts). */
export type SortBy = 'name' | 'media_type';

export function orderSql(sortBy: SortBy, reverse: boolean | undefined): SQL {
  const dir = sortDirection({ reverse_order: reverse });
  return sortBy === 'media_type'
    ? sql`ORDER BY w.media_type ${dir} NULLS LAST, w.name ${dir}, w.id ${dir}`
    : sql`ORDER BY w.name ${dir}, w.id ${dir}`;
}

/** The export's 'managed' order in one statement: the rule part, the request part, then by name. */
export function managedOrderSql(parts: { rules: number[]; requests: number[] }, reverse: boolean | undefined): SQL {
  const dir = sortDirection({ reverse_order: reverse });
  return sql`ORDER BY (w.id = ANY(${sqlArray(parts.rules)}::int[])) DESC,
    (w.id = ANY(${sqlArray(parts.requests)}::int[])) DESC, w.name ${dir}, w.id ${dir}`;
}

/**
 * Whether a list statement runs named (lib/named-statements.ts): without a search, whose best plan
 * depends on the pattern, and without an id set, whose size varies.
 */
const named = (f: RowFilter) => f.query === null && !f.idSets && !f.only && !f.except;

/** The placeholders of the named statements' templates (lib/statement-templates.ts). */
const SLOTS = {
  account: sql.placeholder('account'),
  media: sql.placeholder('media'),
  offset: sql.placeholder('offset'),
};
const statements = createStatementTemplates();
const slotValues = (accountId: number, f: RowFilter, offset = 0) => ({
  account: accountId,
  media: f.mediaTypes ?? null,
  offset,
});
/** What decides a named statement's text: the kind, whether media types are filtered, and `extra`. */
const shapeOf = (f: RowFilter, extra: unknown[]) => JSON.stringify([f.kind, Boolean(f.mediaTypes?.length), ...extra]);

export async function countRows(db: DbOrTx, accountId: number, f: RowFilter): Promise<number> {
  const r = named(f)
    ? await executeBuilt<{ n: number }>(
        db,
        statements.fill(
          shapeOf(f, ['count']),
          () => sql`SELECT count(*)::int AS n FROM websites w WHERE ${whereSql(accountId, f, SLOTS)}`,
          slotValues(accountId, f),
        )!,
        true,
      )
    : await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM websites w WHERE ${whereSql(accountId, f)}`);
  return r.rows[0]?.n ?? 0;
}

export async function pageRows(
  db: DbOrTx,
  accountId: number,
  f: RowFilter,
  sort: { by: SortBy; reverse: boolean | undefined },
  window: { limit: number; offset: number },
): Promise<WebsiteRow[]> {
  const page = (slots?: typeof SLOTS) =>
    sql`SELECT ${ROW_COLUMNS} FROM websites w WHERE ${whereSql(accountId, f, slots)} ${orderSql(sort.by, sort.reverse)}
    ${limitOffset(window.limit, window.offset, slots?.offset)}`;
  if (!named(f)) return (await db.execute<WebsiteRow>(page())).rows;
  const shape = shapeOf(f, ['page', sort.by, Boolean(sort.reverse), window.limit, window.offset === 0]);
  const statement = statements.fill(shape, () => page(SLOTS), slotValues(accountId, f, window.offset))!;
  return (await executeBuilt<WebsiteRow>(db, statement, true)).rows;
}

const keptPages = createStamped<WebsiteRow[]>({ kept: 'website-pages', maxEntries: 1_000 });

/**
 * pageRows, kept per account and page at the account's rules version (domain/web-access/nodes.ts reads it
 * with the node): the websites' rows change only with that version (migration 0018's triggers on
 * websites), so a page read at the version is the page while it stands. Pages selected by an access
 * filter (id sets decided for the node) are read each time. The rows' access is decided per request.
 */
export async function pageRowsAt(
  db: DbOrTx,
  accountId: number,
  f: RowFilter,
  sort: { by: SortBy; reverse: boolean | undefined },
  window: { limit: number; offset: number },
  version: string | undefined,
): Promise<WebsiteRow[]> {
  if (version === undefined || f.idSets || f.only || f.except) return pageRows(db, accountId, f, sort, window);
  const key = JSON.stringify([accountId, f.kind, f.query, f.searchMode, f.mediaTypes ?? [], sort, window]);
  return keptPages.at(key, version, () => pageRows(db, accountId, f, sort, window));
}

/** The whole selection in list order, for the export's cursor. */
export function selectAll(accountId: number, f: RowFilter, order: SQL): SQL {
  return sql`SELECT ${ROW_COLUMNS} FROM websites w WHERE ${whereSql(accountId, f)} ${order}`;
}

/** Rows with a rule at the node carrying a schedule ('scheduled' in the access filter). */
export function scheduledAtSql(accountId: number, kind: 'website' | 'media', scope: ScopeColumns): SQL {
  return sql`w.id IN (SELECT r.subject_id FROM web_access_rules r WHERE r.account_id = ${accountId}
    AND r.scope_kind = ${scope.kind} AND r.user_kind = ${scope.userKind} AND r.scope_id = ${scope.id}
    AND r.subject_kind = ${kind} AND r.schedule IS NOT NULL)`;
}
export type ScopeColumns = { kind: string; userKind: string; id: number };

/** 002 §3 'Media info' of one media item (or website) of the account. */
export async function mediaInfo(db: DbOrTx, accountId: number, id: number) {
  const r = await db.execute<{
    thumbnail: string | null;
    title: string | null;
    name: string;
    media_type: string | null;
    category_id: number | null;
    url: string;
    referer: string | null;
    description: string;
  }>(sql`SELECT thumbnail, title, name, media_type, category_id, url, referer, description
    FROM websites WHERE account_id = ${accountId} AND id = ${id}`);
  return r.rows[0] ?? null;
}

/** The account's website groups: the categories page's custom categories. */
export async function websiteGroups(db: DbOrTx, accountId: number) {
  const r = await db.execute<{ id: number; name: string; description: string }>(
    sql`SELECT id, name, description FROM website_groups WHERE account_id = ${accountId} ORDER BY name, id`,
  );
  return r.rows;
}
