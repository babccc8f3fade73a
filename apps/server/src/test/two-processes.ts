/**
 * Two real server processes (apps/server/dist/main.js, built first) on one seeded test database: what
 * the suites that prove something holds across processes start (agent/cross-process.test.ts,
 * test/kept-across-processes.test.ts).
 */
import { createSeededTestDb, type TestDb } from './db.js';
import { buildServer, killStartedServers, startServer, type Server } from './server-process.js';

export type TwoProcesses = { db: TestDb; a: Server; b: Server };

export async function startTwoProcesses(): Promise<TwoProcesses> {
  await buildServer();
  const db = await createSeededTestDb();
  // The database is seeded already.
  const start = () => startServer({ DATABASE_URL: db.url, SEED_DEMO: 'false', DEMO_OUTBOX: 'false' });
  const [a, b] = await Promise.all([start(), start()]);
  return { db, a, b };
}

/** Kills both processes and closes the database pool (a suite's afterAll). */
export async function stopTwoProcesses(p: Partial<TwoProcesses>): Promise<void> {
  killStartedServers();
  await Promise.all([p.a?.exited, p.b?.exited]);
  await p.db?.pool.end();
}
