/**
 * A PostgreSQL server the fault suites run themselves, from Debian's packages
 * (/usr/lib/postgresql/<version>/bin, or PG_BIN_DIR; tools/test/ensure-postgresql.sh installs them), so
 * that a test can crash it (SIGKILL of the postmaster and every child at once: what a power cut or the
 * OOM killer leaves, shared memory and the WAL buffers in it lost, the kernel's page cache kept), start it
 * again through crash recovery, and give it a disk of a few megabytes that fills up.
 *
 * PostgreSQL refuses to run as root: run as root (CI, this machine), the cluster belongs to the
 * `postgres` user (else `nobody`) and its processes are started under that user's uid.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

const run = promisify(execFile);

function binDir(): string {
  const given = process.env.PG_BIN_DIR;
  const dirs = given
    ? [given]
    : readdirSync('/usr/lib/postgresql', { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => path.join('/usr/lib/postgresql', d.name, 'bin'))
        .sort((a, b) => Number(/(\d+)\/bin$/.exec(b)?.[1]) - Number(/(\d+)\/bin$/.exec(a)?.[1]));
  const dir = dirs.find((d) => existsSync(path.join(d, 'postgres')) && existsSync(path.join(d, 'initdb')));
  if (!dir)
    throw new Error(
      `No PostgreSQL server binaries (${given ? `PG_BIN_DIR=${given}` : '/usr/lib/postgresql/<version>/bin'}): run tools/test/ensure-postgresql.sh`,
    );
  return dir;
}

/** The uid and gid PostgreSQL runs under: this process's own, or the postgres (else nobody) user's as root. */
async function runAs(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    try {
      const uid = Number((await run('id', ['-u', user])).stdout.trim());
      const gid = Number((await run('id', ['-g', user])).stdout.trim());
      return { uid, gid };
    } catch {
      // no such user; try the next
    }
  }
  throw new Error('Running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

/** The pids whose parent is `ppid` (from /proc), with their state letter ('Z' for a zombie). */
function childrenOf(ppid: number): { pid: number; state: string }[] {
  const out: { pid: number; state: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid) out.push({ pid: Number(name), state: fields[0] ?? '' });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export type ExternalPg = {
  /** The database `name` (made by `createDatabase`), as the server's DATABASE_URL. */
  urlOf: (name: string) => string;
  port: number;
  dir: string;
  /** What the postmaster printed (for a failing test's message). */
  log: string[];
  /** CREATE DATABASE, optionally in a tablespace and as a copy of a template database. */
  createDatabase: (name: string, o?: { tablespace?: string; template?: string }) => Promise<string>;
  /** One query on the postgres database, on a connection of its own. */
  query: <T extends pg.QueryResultRow>(text: string, database?: string) => Promise<T[]>;
  /** SIGKILL the postmaster and all its children at once; resolves when every one is gone. */
  crash: () => Promise<void>;
  /** Starts it (again; after `crash`, through crash recovery) and waits until it accepts connections. */
  start: () => Promise<void>;
  /**
   * Mounts a tmpfs of `megabytes` under the cluster's folder and makes it tablespace `name`. Throws with
   * the reason when it cannot mount (not root, no CAP_SYS_ADMIN): the test fails, it is never skipped.
   */
  smallDisk: (name: string, megabytes: number) => Promise<void>;
  /** Stops it, unmounts what smallDisk mounted, removes its folder. */
  remove: () => Promise<void>;
};

export async function startExternalPg(): Promise<ExternalPg> {
  const bin = binDir();
  const user = await runAs();
  const dir = await mkdtemp(path.join(tmpdir(), 'wg-pg-'));
  const dataDir = path.join(dir, 'data');
  await mkdir(dataDir);
  if (user) {
    await chown(dir, user.uid, user.gid);
    await chown(dataDir, user.uid, user.gid);
  }
  const ids = user ?? {};
  const port = await freePort();
  const log: string[] = [];
  const mounts: string[] = [];
  await run(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'wayguard', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...ids, cwd: dir },
  );
  const urlOf = (name: string) => `postgres://wayguard@127.0.0.1:${port}/${name}`;

  let proc: ChildProcess | null = null;
  const start = async () => {
    const p = spawn(
      path.join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      { ...ids, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    p.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
    p.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
    proc = p;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (p.exitCode !== null) throw new Error(`PostgreSQL exited at start:\n${log.join('')}`);
      const c = new pg.Client({ connectionString: urlOf('postgres') });
      c.on('error', () => undefined);
      try {
        await c.connect();
        await c.end();
        return;
      } catch {
        // starting up, or in recovery
      }
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${log.join('')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const crash = async () => {
    const p = proc;
    if (!p?.pid) return;
    const exited = new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once('exit', r)));
    // Each child is its own process group (PostgreSQL calls setsid in every child): each is named.
    const children = childrenOf(p.pid).filter((c) => c.state !== 'Z');
    process.kill(p.pid, 'SIGKILL');
    for (const c of children) {
      try {
        process.kill(c.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await exited;
    const deadline = Date.now() + 10_000;
    while (children.some((c) => alive(c.pid))) {
      if (Date.now() > deadline) throw new Error('PostgreSQL children outlived SIGKILL');
      await new Promise((r) => setTimeout(r, 20));
    }
    proc = null;
  };

  const query = async <T extends pg.QueryResultRow>(text: string, database = 'postgres') => {
    const c = new pg.Client({ connectionString: urlOf(database) });
    c.on('error', () => undefined);
    await c.connect();
    try {
      return (await c.query<T>(text)).rows;
    } finally {
      await c.end().catch(() => undefined);
    }
  };

  const createDatabase = async (name: string, o: { tablespace?: string; template?: string } = {}) => {
    await query(
      `CREATE DATABASE "${name}"${o.template ? ` TEMPLATE "${o.template}"` : ''}${o.tablespace ? ` TABLESPACE "${o.tablespace}"` : ''}`,
    );
    return urlOf(name);
  };

  const smallDisk = async (name: string, megabytes: number) => {
    const at = path.join(dir, name);
    await mkdir(at);
    try {
      const owner = user ? `,uid=${user.uid},gid=${user.gid}` : '';
      await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700${owner}`, `wg-${name}`, at]);
    } catch (e) {
      throw new Error(
        `Cannot mount a ${megabytes} MB tmpfs at ${at} for the full-disk test (it needs root with CAP_SYS_ADMIN): ${(e as Error).message}`,
      );
    }
    mounts.push(at);
    await query(`CREATE TABLESPACE "${name}" LOCATION '${at}'`);
  };

  const remove = async () => {
    const p = proc as ChildProcess | null;
    if (p && p.exitCode === null) {
      const exited = new Promise((r) => p.once('exit', r));
      p.kill('SIGINT'); // fast shutdown
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (p.exitCode === null) await crash();
    }
    for (const at of mounts) await run('umount', ['-l', at]).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };

  await start();
  return { urlOf, port, dir, log, createDatabase, query, crash, start, smallDisk, remove };
}
