/**
 * Statements of the hot paths built once per shape (the lists' pages and counts, the device check-in).
 * A list's SQL is assembled from many Drizzle fragments (the
 * filters of each group, the sort, the page), and assembling it cost more of the server's time than
 * anything else in a page's request but the system calls (the users list: 134 µs a request, about 12 %
 * of the CPU at the rate tools/bench/api.mjs reaches). A list names what decides a statement's text
 * (which filters are on, whether there is a search, the sort, the page size, the plan), builds it
 * once with `sql.placeholder(name)` for the values that change from request to request (the account,
 * the times, the search pattern, the offset), and fills the placeholders per request. A statement of
 * a single shape (the check-in) is built once.
 */
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

export type StatementTemplates = {
  /**
   * The statement of this shape, built by `build` the first time, with `values` in its placeholders;
   * null when `build` says no statement is needed (nothing can match).
   */
  fill(
    shape: string,
    build: () => SQL | null,
    values: Record<string, unknown>,
  ): { sql: string; params: unknown[] } | null;
};

export function createStatementTemplates(maxShapes = 512): StatementTemplates {
  const built = new Map<string, { sql: string; params: unknown[] } | null>();
  return {
    fill(shape, build, values) {
      let t = built.get(shape);
      if (t === undefined) {
        const statement = build();
        t = statement ? dialect.sqlToQuery(statement) : null;
        if (built.size >= maxShapes) built.delete(built.keys().next().value as string);
        built.set(shape, t);
      }
      return t ? { sql: t.sql, params: fillPlaceholders(t.params, values) } : null;
    },
  };
}
