/** One embedded PostgreSQL server per test run; each test file makes its own database on it. */
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.js';

let pg: EmbeddedDb | null = null;

export default async function setup(project: TestProject) {
  const dataDir = './data/test-server';
  await rm(dataDir, { recursive: true, force: true });
  pg = await startEmbeddedPostgres(dataDir, Number(process.env.TEST_PG_PORT ?? 55499));
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
