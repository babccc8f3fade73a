import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../test/db.js';
import { executeBuilt, executeNamed } from './named-statements.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t.pool.end());

const planMode = sql`SELECT current_setting('plan_cache_mode') AS mode, ${'x'}::text AS v`;
type Row = { mode: string; v: string };

describe('named statements', () => {
  it('run with their generic plan outside a transaction', async () => {
    for (let i = 0; i < 3; i++)
      expect((await executeNamed<Row>(t.db, planMode)).rows[0]!.mode).toBe('force_generic_plan');
  });

  it('keep the default plan choice inside a transaction (its own connection) and when unnamed', async () => {
    await t.db.transaction(async (tx) => {
      expect((await executeNamed<Row>(tx, planMode)).rows[0]!.mode).toBe('auto');
    });
    expect((await t.db.execute<Row>(planMode)).rows[0]!.mode).toBe('auto');
    const built = { sql: "SELECT current_setting('plan_cache_mode') AS mode, $1::text AS v", params: ['y'] };
    expect((await executeBuilt<Row>(t.db, built, false)).rows[0]).toEqual({ mode: 'auto', v: 'y' });
    expect((await executeBuilt<Row>(t.db, built, true)).rows[0]).toEqual({ mode: 'force_generic_plan', v: 'y' });
  });

  it('read what a transaction committed a moment before', async () => {
    await t.db.execute(sql`CREATE TABLE IF NOT EXISTS named_statements_probe (n int)`);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO named_statements_probe VALUES (41), (1)`);
    });
    const r = await executeNamed<{ n: number }>(t.db, sql`SELECT sum(n)::int AS n FROM named_statements_probe`);
    expect(r.rows[0]!.n).toBe(42);
  });
});
