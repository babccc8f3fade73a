/**
 * Named (server-side prepared) statements for the queries every request or every page runs: the
 * session lookup, the dashboard counts, the users list's count and page. PostgreSQL parses and plans
 * an unnamed statement on every call, which here cost several times the query itself (measured with
 * tools/bench/api.mjs and EXPLAIN ANALYZE: ~300 µs of planning against ~70 µs for a named one).
 * A named statement is parsed once per pooled connection and planned once: outside a transaction it
 * runs on the pool's connections that always use the generic plan (db/client.ts `withGenericPlans`),
 * since PostgreSQL on its own re-plans a statement on every call whenever a plan made for the values
 * looks cheaper, which for a list's page it nearly always does. The name is derived from the SQL
 * text, so that each distinct text has its own statement; parameters stay parameters. Name only
 * statements whose best plan does not depend on their values (the lists' index-ordered pages and
 * counts, lookups by key); queries whose plan depends on a value's content (a search pattern) stay
 * unnamed, planned with their values: see users/repository.ts.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResult, QueryResultRow } from 'pg';
import { withGenericPlans, type DbOrTx } from '../db/client.js';

const dialect = new PgDialect();

/**
 * Distinct statement texts this process names; past the cap, new texts run unnamed, so that a
 * query built in many shapes cannot grow every connection's statement cache without bound.
 */
const MAX_NAMED = 512;
const names = new Map<string, string>();

function nameFor(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `wg_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
  names.set(text, name);
  return name;
}

/** db.execute(query), as a named statement. */
export async function executeNamed<T extends QueryResultRow>(db: DbOrTx, query: SQL): Promise<QueryResult<T>> {
  return executeBuilt<T>(db, dialect.sqlToQuery(query), true);
}

/**
 * Runs a statement already built (text and parameters, e.g. a filled template of
 * lib/statement-templates.ts): named (its generic plan, see above), or unnamed (planned with its values
 * each time). Past the cap of names a statement runs unnamed.
 */
export async function executeBuilt<T extends QueryResultRow>(
  db: DbOrTx,
  q: { sql: string; params: unknown[] },
  named: boolean,
): Promise<QueryResult<T>> {
  const name = named ? nameFor(q.sql) : undefined;
  const on = name === undefined ? db : withGenericPlans(db);
  const prepared = on._.session.prepareQuery<{ execute: QueryResult<T>; all: never; values: never }>(
    q,
    undefined,
    name,
    false,
  );
  return prepared.execute();
}
