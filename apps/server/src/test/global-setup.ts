/**
 * One embedded PostgreSQL server per test run, tuned for throwaway data, and two template databases
 * made once: `tpl_empty` (migrated) and `tpl_demo` (migrated and seeded with the demo data). Each test
 * file then copies one of them (db.ts) instead of migrating and seeding its own: a copy takes a few
 * tens of milliseconds, a seed seconds.
 */
import { rm } from 'node:fs/promises';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, runMigrations } from '../db/client.js';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.js';
import { seedDemo } from '../seed/demo.js';
import { EMPTY_TEMPLATE, DEMO_TEMPLATE } from './templates.js';
import { testConfig } from './test-config.js';

let server: EmbeddedDb | null = null;

export default async function setup(project: TestProject) {
  // One directory per port, so that two runs on different TEST_PG_PORTs never wipe each other's cluster.
  const port = Number(process.env.TEST_PG_PORT ?? 55499);
  const dataDir = port === 55499 ? './data/test-server' : `./data/test-server-${port}`;
  await rm(dataDir, { recursive: true, force: true });
  server = await startEmbeddedPostgres(dataDir, port);
  const base = server.url.replace(/\/wayguard$/, '');

  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  // The cluster lives for one run and is wiped at the next: durability buys nothing here (faults.test.ts
  // tests it against a PostgreSQL of its own). All three take effect on reload.
  await admin.query('ALTER SYSTEM SET fsync = off');
  await admin.query('ALTER SYSTEM SET synchronous_commit = off');
  await admin.query('ALTER SYSTEM SET full_page_writes = off');
  await admin.query('SELECT pg_reload_conf()');
  for (const name of [EMPTY_TEMPLATE, DEMO_TEMPLATE]) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  let seededAt = 0;
  for (const name of [EMPTY_TEMPLATE, DEMO_TEMPLATE]) {
    const url = `${base}/${name}`;
    const { db, pool } = createDb(url);
    await runMigrations(db);
    if (name === DEMO_TEMPLATE) {
      seededAt = Date.now();
      await seedDemo(db, testConfig(url));
    }
    // A template must have no open connection while it is copied.
    await pool.end();
  }

  project.provide('pgBaseUrl', base);
  // The demo data's times are relative to this moment; copies shift them to their own creation (db.ts).
  project.provide('demoSeededAt', seededAt);

  return async () => {
    await server?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
    demoSeededAt: number;
  }
}
