/**
 * Per-test-file databases on the run's PostgreSQL server, copied from the templates the global set-up
 * made (global-setup.ts): an empty migrated one, or one with the demo data.
 */
import { inject, vi } from 'vitest';
import pg from 'pg';
import { createDb, type Db, type DbPool } from '../db/client.js';
import { randomAlphanumeric } from '../lib/crypto.js';
import { DEMO_TEMPLATE, EMPTY_TEMPLATE } from './templates.js';

export type TestDb = { url: string; db: Db; pool: DbPool };

async function copyOf(template: string): Promise<{ url: string; name: string }> {
  const base = inject('pgBaseUrl');
  const name = `t_${randomAlphanumeric(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return { url: `${base}/${name}`, name };
}

/** A fresh, migrated, empty database. */
export async function createTestDb(): Promise<TestDb> {
  const { url } = await copyOf(EMPTY_TEMPLATE);
  return { url, ...createDb(url) };
}

/**
 * A fresh database with the demo data (both accounts), as if seeded now: every timestamp of the copy
 * moves forward by the time since the template was seeded, so "active in the past hour", token
 * expiries and the like read as they would right after a seed.
 */
export async function createSeededTestDb(): Promise<TestDb> {
  const { url } = await copyOf(DEMO_TEMPLATE);
  const { db, pool } = createDb(url);
  const shiftMs = Date.now() - inject('demoSeededAt');
  const columns = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type LIKE 'timestamp%' ORDER BY table_name, column_name`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns.rows) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const updates = [...byTable].map(
    ([table, cols]) =>
      `UPDATE "${table}" SET ${cols.map((c) => `"${c}" = "${c}" + make_interval(secs => ${shiftMs / 1000})`).join(', ')};`,
  );
  if (updates.length > 0) await pool.query(updates.join('\n'));
  return { url, db, pool };
}

/**
 * Counts the statements sent through the pool and its companion of generic plans (db/client.ts)
 * while `work` runs.
 */
export async function countStatements(pool: DbPool, work: () => Promise<unknown>): Promise<number> {
  const spies = [vi.spyOn(pool, 'query'), vi.spyOn(pool.genericPlans, 'query')];
  try {
    await work();
    return spies.reduce((n, spy) => n + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
