/**
 * The REAL server process for the fault suites: node apps/server/dist/main.js (built by `buildServer`),
 * started on a free port with the environment given, and waited for until /api/health answers 200;
 * calls to its console and device APIs as a browser or a device makes them.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { API_BASE, CSRF_HEADER } from '@wayguard/contracts';

/** The key of the test servers (config.ts requires one with DATABASE_URL or in production). */
export const TEST_SECRET_KEY = 'test-secret-key-for-server-processes-0123456789';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/** Compiles contracts and server (incremental; cheap when up to date): the server as it ships. */
export async function buildServer(): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'apps/server'],
    { cwd: ROOT },
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };
export type Server = { proc: ChildProcess; base: string; output: string[]; exited: Promise<Exit> };

const started: ChildProcess[] = [];

/** SIGKILLs every server this module started that still runs (a suite's afterAll). */
export function killStartedServers(): void {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
}

export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DEMO_OUTBOX: 'true',
      // Any start outside the embedded demo needs a key (config.ts); a test's own, never a published one.
      SECRET_KEY: TEST_SECRET_KEY,
      WEB_DIST: path.join(ROOT, 'data', 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  const output: string[] = [];
  proc.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<Exit>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited at start:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, base, output, exited };
}

export type Session = { cookie: string; csrf: string };
export type Answer = { status: number; headers: Headers; body: string; ms: number };

/** A console API call (`route` under API_BASE unless it starts with /api/), as the web app makes it. */
export async function api(
  s: Server,
  method: string,
  route: string,
  o: { session?: Session; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const begin = Date.now();
  const res = await fetch(`${s.base}${route.startsWith('/api/') ? route : API_BASE + route}`, {
    method,
    headers: {
      ...(o.session ? { cookie: `wg_session=${o.session.cookie}` } : {}),
      ...(method !== 'GET'
        ? { [CSRF_HEADER]: o.session?.csrf ?? 'anonymous', 'content-type': 'application/json' }
        : {}),
      ...o.headers,
    },
    ...(method !== 'GET' ? { body: JSON.stringify(o.body ?? {}) } : {}),
  });
  return { status: res.status, headers: res.headers, body: await res.text(), ms: Date.now() - begin };
}

export async function login(s: Server, username: string, password: string): Promise<Session> {
  const res = await fetch(`${s.base}${API_BASE}/login`, {
    method: 'POST',
    headers: { [CSRF_HEADER]: 'anonymous', 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { csrf_token: string | null };
  const cookie = /wg_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie || !body.csrf_token) throw new Error(`login failed for ${username}: ${res.status}`);
  return { cookie, csrf: body.csrf_token };
}

export type ServerProcess = {
  proc: ChildProcess;
  base: string;
  /** stdout and stderr as written so far. */
  output: () => string;
  exited: Promise<number | null>;
  kill: () => Promise<void>;
};

/** Starts the server with only PATH, HOME and `env` (nothing inherited from the test run's environment). */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const proc = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  proc.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return {
    proc,
    base: `http://127.0.0.1:${env.PORT}`,
    output: () => chunks.join(''),
    exited,
    kill: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resolves once /api/health answers 200; throws with the server's output if it exits or takes 2 minutes. */
export async function untilHealthy(s: ServerProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (s.proc.exitCode !== null) throw new Error(`server exited at start:\n${s.output()}`);
    try {
      if ((await fetch(`${s.base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
