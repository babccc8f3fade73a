/** The Drizzle client over a pg pool, and the migrator. */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

const POOL_SIZE = 10;

/**
 * The pool, with a companion pool whose connections always use a prepared statement's generic plan
 * (`plan_cache_mode = force_generic_plan`), for the named statements of lib/named-statements.ts.
 * PostgreSQL otherwise plans such a statement again on every call whenever the plan made for its
 * values looks cheaper than the generic one, and for the lists' pages it always does: a page read
 * from a remembered start (a seek) or a websites page was planned anew on each request, 0.3-0.4 ms of
 * the database's time against 0.15 ms to run (docs/decisions.md "Generic plans for named statements").
 * Its connections open only when first used; ending the pool ends both.
 */
export class DbPool extends pg.Pool {
  readonly genericPlans: pg.Pool;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.genericPlans = new pg.Pool({
      ...config,
      // Set before the connection is handed out (pg-pool waits for it; a failure fails the checkout).
      onConnect: async (client) => {
        await client.query('SET plan_cache_mode = force_generic_plan');
      },
    });
    this.genericPlans.on('error', () => undefined);
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    const both = Promise.all([super.end(), this.genericPlans.end()]).then(() => undefined);
    if (!callback) return both;
    void both.then(callback, callback);
  }
}

const genericPlansDb = new WeakMap<object, Db>();

/**
 * Where a named statement runs: the companion pool of generic plans for the client made by createDb,
 * the same client or transaction otherwise (a transaction keeps its own connection).
 */
export function withGenericPlans(db: DbOrTx): DbOrTx {
  return genericPlansDb.get(db) ?? db;
}

/** Whether `db` is a client made by createDb (each statement on its own), not a transaction. */
export function isPooled(db: DbOrTx): boolean {
  return genericPlansDb.has(db);
}

export function createDb(url: string): { db: Db; pool: DbPool } {
  const pool = new DbPool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 3_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  genericPlansDb.set(db, drizzle(pool.genericPlans, { schema }));
  return { db, pool };
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
