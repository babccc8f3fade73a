/**
 * The server's connections under a slow database (issue 25): the statement and idle-in-transaction
 * timeouts are set on every connection (configurable), a statement past its time and a transaction left
 * idle end in an error the server answers 503 (lib/database-faults.ts) without crashing the process,
 * and the pool serves again at once; deadlocks are retried by lib/db-retry.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb } from './client.js';
import { createTestDb, type TestDb } from '../test/db.js';
import { databaseFault } from '../lib/database-faults.js';
import { retriedTransaction } from '../lib/db-retry.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.pool.end());

/** A client made with the environment `env` set (connectionLimits reads it at createDb). */
function clientWith(env: Record<string, string>) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return createDb(t.url);
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

const show = async (pool: { query: (q: string) => Promise<{ rows: Record<string, string>[] }> }, name: string) =>
  Object.values((await pool.query(`SHOW ${name}`)).rows[0]!)[0];

describe('connection limits', () => {
  it('are set on every connection: 10 s per statement, 30 s idle in a transaction, by default', async () => {
    expect(await show(t.pool, 'statement_timeout')).toBe('10s');
    expect(await show(t.pool, 'idle_in_transaction_session_timeout')).toBe('30s');
    // The companion pool of generic plans too.
    expect(await show(t.pool.genericPlans, 'statement_timeout')).toBe('10s');
    // Migrations and the seed run without them.
    const setup = createDb(t.url, { unlimited: true });
    expect(await show(setup.pool, 'statement_timeout')).toBe('0');
    await setup.pool.end();
  });

  it('come from DB_STATEMENT_TIMEOUT_MS and DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, and refuse a bad value', async () => {
    const c = clientWith({ DB_STATEMENT_TIMEOUT_MS: '1500', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0' });
    expect(await show(c.pool, 'statement_timeout')).toBe('1500ms');
    expect(await show(c.pool, 'idle_in_transaction_session_timeout')).toBe('0');
    await c.pool.end();
    expect(() => clientWith({ DB_STATEMENT_TIMEOUT_MS: '10s' })).toThrow(
      /DB_STATEMENT_TIMEOUT_MS must be a whole number/,
    );
  });
});

describe('a slow database', () => {
  it('cancels a statement past its time with a fault the server answers 503, and the pool serves on', async () => {
    const c = clientWith({ DB_STATEMENT_TIMEOUT_MS: '200' });
    try {
      const begin = Date.now();
      const failed = await c.db.execute(sql`SELECT pg_sleep(5)`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(Date.now() - begin).toBeLessThan(2_000);
      expect(databaseFault(failed)).toMatchObject({ kind: 'busy', retryAfter: 5 });
      expect((await c.db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await c.pool.end();
    }
  });

  it('ends a transaction left idle, without an uncaught error, and the pool serves on', async () => {
    const c = clientWith({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '200' });
    try {
      const failed = await c.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          // PostgreSQL ends the session while the client is checked out: the 'error' it emits then
          // must find a listener (db/client.ts guardClient), or the process dies.
          await new Promise((r) => setTimeout(r, 600));
          await tx.execute(sql`SELECT 2`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(databaseFault(failed)).toMatchObject({ kind: 'down' });
      expect((await c.db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await c.pool.end();
    }
  });
});

describe('deadlocks', () => {
  /** Two transactions that lock rows 1 and 2 in opposite orders: PostgreSQL aborts one (40P01). */
  async function deadlock(run: typeof retriedTransaction) {
    await t.db.execute(
      sql`DROP TABLE IF EXISTS dl; CREATE TABLE dl (id int PRIMARY KEY, v int); INSERT INTO dl VALUES (1, 0), (2, 0)`,
    );
    let bothHoldOne: () => void = () => undefined;
    let held = 0;
    const meet = new Promise<void>((r) => (bothHoldOne = r));
    const tries = { a: 0, b: 0 };
    const side = (name: 'a' | 'b', first: number, second: number) =>
      run(t.db, async (tx) => {
        tries[name]++;
        await tx.execute(sql`UPDATE dl SET v = v + 1 WHERE id = ${first}`);
        if (tries[name] === 1) {
          if (++held === 2) bothHoldOne();
          await meet;
        }
        await tx.execute(sql`UPDATE dl SET v = v + 1 WHERE id = ${second}`);
      });
    const results = await Promise.allSettled([side('a', 1, 2), side('b', 2, 1)]);
    const rows = (await t.db.execute<{ v: number }>(sql`SELECT v FROM dl ORDER BY id`)).rows.map((r) => r.v);
    return { results, rows, tries };
  }

  it('are retried by retriedTransaction: both sides commit', async () => {
    const { results, rows, tries } = await deadlock(retriedTransaction);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(rows).toEqual([2, 2]);
    expect(tries.a + tries.b).toBe(3);
  });

  it('without a retry reach the caller as a conflict the server answers 503', async () => {
    const { results, rows } = await deadlock((db, work) => db.transaction(work));
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(databaseFault(rejected[0]!.reason)).toMatchObject({ kind: 'conflict', retryAfter: 1 });
    expect(rows).toEqual([1, 1]);
  });
});
