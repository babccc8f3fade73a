/** One embedded PostgreSQL server per test run; each test file makes its own database on it. */
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.js';

let pg: EmbeddedDb | null = null;

export default async function setup(project: TestProject) {
  // One directory per port, so that two runs on different TEST_PG_PORTs never wipe each other's cluster.
  const port = Number(process.env.TEST_PG_PORT ?? 55499);
  const dataDir = port === 55499 ? './data/test-server' : `./data/test-server-${port}`;
  await rm(dataDir, { recursive: true, force: true });
  pg = await startEmbeddedPostgres(dataDir, port);
  project.provide('pgBaseUrl', pg.url.replace(/\/wayguard$/, ''));
  return async () => {
    await pg?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}
