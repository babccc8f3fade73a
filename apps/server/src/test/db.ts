/** A fresh, migrated, empty database on the test run's PostgreSQL server (one per test file). */
import { inject } from 'vitest';
import pg from 'pg';
import { createDb, runMigrations, type Db } from '../db/client.js';
import { randomAlphanumeric } from '../lib/crypto.js';

export type TestDb = { url: string; db: Db; pool: pg.Pool };

export async function createTestDb(): Promise<TestDb> {
  const base = inject('pgBaseUrl');
  const name = `t_${randomAlphanumeric(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = `${base}/${name}`;
  const { db, pool } = createDb(url);
  await runMigrations(db);
  return { url, db, pool };
}
