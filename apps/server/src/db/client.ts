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

/** A positive whole number of milliseconds from the environment, else the default (0 turns a timeout off). */
function msFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds (0 = off)`);
  return n;
}

/**
 * Limits set on every connection the server opens (startup parameters, so they hold before the first
 * statement), read once from the environment:
 * - DB_STATEMENT_TIMEOUT_MS (10 s): a statement running longer is cancelled (SQLSTATE 57014), the request
 *   answers 503 with Retry-After (plugins/errors.ts), and the connection goes back to the pool. Exports
 *   set their own, longer one for their transaction (lib/lists/xlsx-export.ts).
 * - DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (30 s): a transaction left open that long (a stuck request) is ended
 *   by the database, and its locks with it.
 * - DB_CONNECT_TIMEOUT_MS (3 s): waiting for a pooled connection (or a new one) longer answers 503.
 * docs/decisions/server.md "Database faults the server survives (issue 25)".
 */
export function connectionLimits(): {
  statement_timeout: number;
  idle_in_transaction_session_timeout: number;
  connectionTimeoutMillis: number;
} {
  return {
    statement_timeout: msFromEnv('DB_STATEMENT_TIMEOUT_MS', 10_000),
    idle_in_transaction_session_timeout: msFromEnv('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000),
    connectionTimeoutMillis: msFromEnv('DB_CONNECT_TIMEOUT_MS', 3_000),
  };
}

/** Where the pools report a connection lost under a client (a crash or restart of PostgreSQL). */
type ErrorLog = (err: Error) => void;
let reportConnectionError: ErrorLog = () => undefined;

/** Sets where lost connections are reported (main.ts: the server's logger). */
export function onConnectionError(log: ErrorLog): void {
  reportConnectionError = log;
}

/**
 * Keeps a connection's errors from crashing the process. pg-pool listens for a client's 'error' only
 * while the client is idle; while it is checked out (a transaction between two statements, an export's
 * cursor waiting for the socket) a connection that PostgreSQL's crash or restart terminates emits
 * 'error' with no listener, which Node turns into an uncaught exception ("Unhandled 'error' event ...
 * Connection terminated unexpectedly"). With this listener the client only becomes unqueryable: its
 * next statement fails (503, plugins/errors.ts) and pg-pool drops it when it is released.
 */
export function guardClient(client: pg.Client | pg.PoolClient): void {
  client.on('error', (err: Error) => reportConnectionError(err));
}

function guardPool(pool: pg.Pool): void {
  // An idle client that loses its connection is dropped by pg-pool, which then emits 'error' here.
  pool.on('error', (err: Error) => reportConnectionError(err));
  pool.on('connect', (client) => guardClient(client));
}

/**
 * The pool, with a companion pool whose connections always use a prepared statement's generic plan
 * (`plan_cache_mode = force_generic_plan`), for the named statements of lib/named-statements.ts.
 * PostgreSQL otherwise plans such a statement again on every call whenever the plan made for its
 * values looks cheaper than the generic one, and for the lists' pages it always does: a page read
 * from a remembered start (a seek) or a websites page was planned anew on each request, 0.3-0.4 ms of
 * the database's time against 0.15 ms to run (docs/decisions/server.md
 * "Generic plans for named statements (session 10)"). Its connections open only when first used; ending the pool ends
 * both.
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
    guardPool(this);
    guardPool(this.genericPlans);
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

/**
 * The server's client. `unlimited` leaves out the statement and idle-in-transaction timeouts, for
 * migrations and the demo seed at start (an index built on a large table may take minutes).
 */
export function createDb(url: string, o: { unlimited?: boolean } = {}): { db: Db; pool: DbPool } {
  const limits = connectionLimits();
  const pool = new DbPool({
    connectionString: url,
    max: POOL_SIZE,
    ...(o.unlimited ? { connectionTimeoutMillis: limits.connectionTimeoutMillis } : limits),
  });
  const db = drizzle(pool, { schema });
  genericPlansDb.set(db, drizzle(pool.genericPlans, { schema }));
  return { db, pool };
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
