/**
 * Device secrets across server processes (issue 25; lib/broadcast.ts, lib/agent-devices.ts): two real
 * server processes (apps/server/dist/main.js, built first) on one database. A device whose secret B
 * keeps in memory is retired, rotated or replaced through A, and B answers accordingly on its very next
 * call; B's listener connection killed, B reconnects by itself and hears forgets again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  API_BASE,
  CSRF_HEADER,
  type AgentEnrollResponse,
  type DeviceReplacementResponse,
  type EnrolmentTokenCreateResponse,
} from '@wayguard/contracts';
import { createSeededTestDb, type TestDb } from '../test/db.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');

async function freePort(): Promise<number> {
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

type Server = { proc: ChildProcess; base: string; output: string[] };
const started: ChildProcess[] = [];

async function startServer(databaseUrl: string): Promise<Server> {
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
      SEED_DEMO: 'false',
      DATABASE_URL: databaseUrl,
      WEB_DIST: path.join(ROOT, 'data', 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(proc);
  const output: string[] = [];
  proc.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited at start:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { proc, base, output };
}

type Session = { cookie: string; csrf: string };

async function login(s: Server): Promise<Session> {
  const res = await fetch(`${s.base}${API_BASE}/login`, {
    method: 'POST',
    headers: { [CSRF_HEADER]: 'anonymous', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'DemoAdmin2026!' }),
  });
  const body = (await res.json()) as { csrf_token: string | null };
  const cookie = /wg_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie || !body.csrf_token) throw new Error('login failed');
  return { cookie, csrf: body.csrf_token };
}

async function consoleCall(s: Server, session: Session, method: 'GET' | 'POST', route: string, body?: object) {
  const res = await fetch(`${s.base}${API_BASE}${route}`, {
    method,
    headers: {
      cookie: `wg_session=${session.cookie}`,
      ...(method === 'POST' ? { [CSRF_HEADER]: session.csrf, 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

async function agentCall(s: Server, route: string, body: object, secret?: string) {
  const res = await fetch(`${s.base}${AGENT_BASE}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { error_code?: string } };
}

let db: TestDb;
let a: Server;
let b: Server;
let session: Session;
let token: string;
let seq = 0;

beforeAll(async () => {
  // The server as it ships: contracts and server compiled (incremental; cheap when up to date).
  await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'apps/server'],
    { cwd: ROOT },
  );
  db = await createSeededTestDb();
  [a, b] = await Promise.all([startServer(db.url), startServer(db.url)]);
  session = await login(a);
  const made = await consoleCall(a, session, 'POST', '/enrolment_tokens', {
    label: 'Two processes',
    max_uses: 50,
    valid_days: 1,
  });
  token = (made.json as EnrolmentTokenCreateResponse).secret;
}, 240_000);

afterAll(async () => {
  for (const p of started) if (p.exitCode === null) p.kill('SIGTERM');
  await Promise.all(
    started.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : Promise.resolve())),
  );
  await db?.pool.end();
}, 60_000);

let n = 0;
async function enrolThroughA(): Promise<{ secret: string; serial: string; body: object }> {
  n += 1;
  const serial = `XPROC-${Date.now()}-${n}`;
  const body = { token, instance_id: `xproc-${Date.now()}-${n}`, kind: 'machine', serial, name: `XP ${n}` };
  const res = await agentCall(a, '/enroll', body);
  expect(res.status).toBe(200);
  return { secret: (res.json as unknown as AgentEnrollResponse).device_secret, serial, body };
}
const checkin = (s: Server, secret: string) => agentCall(s, '/checkin', { seq: ++seq }, secret);

/** Polls until the database shows `count` listening connections (each process holds one). */
async function listeners(count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await db.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN wayguard_forget'`);
    if (r.rows[0]?.n === count) return;
    if (Date.now() > deadline) throw new Error(`expected ${count} listeners, have ${r.rows[0]?.n}`);
    await new Promise((r2) => setTimeout(r2, 50));
  }
}

describe('two server processes on one database', () => {
  it('each process listens for forgets', async () => {
    await listeners(2);
  });

  it('a device retired through A is refused by B on its very next call', async () => {
    const d = await enrolThroughA();
    expect((await checkin(b, d.secret)).status).toBe(200); // B keeps the secret now
    expect((await checkin(b, d.secret)).status).toBe(200);
    const retired = await consoleCall(a, session, 'POST', '/devices/retire', { id: d.serial, type: 'machine' });
    expect(retired.status).toBe(200);
    const next = await checkin(b, d.secret);
    expect(next.status).toBe(401);
    expect(next.json.error_code).toBe('device_retired');
  });

  it('a secret rotated through A: B refuses the old one and takes the new one at once', async () => {
    const d = await enrolThroughA();
    expect((await checkin(b, d.secret)).status).toBe(200);
    const again = await agentCall(a, '/enroll', d.body, d.secret);
    expect(again.status).toBe(200);
    const rotated = (again.json as unknown as AgentEnrollResponse).device_secret;
    const old = await checkin(b, d.secret);
    expect(old.status).toBe(401);
    expect(old.json.error_code).toBe('reenrol');
    expect((await checkin(b, rotated)).status).toBe(200);
  });

  it('a replacement approved through A: B, which refused its claim a moment ago, takes it at once', async () => {
    const d = await enrolThroughA();
    expect((await checkin(b, d.secret)).status).toBe(200);
    const held = await agentCall(a, '/enroll', d.body);
    const claim = (held.json as unknown as AgentEnrollResponse).device_secret;
    const waiting = await checkin(b, claim);
    expect(waiting.status).toBe(401);
    expect(waiting.json.error_code).toBe('replacement_pending');
    const q = `?id=${encodeURIComponent(d.serial)}&type=machine`;
    const { replacement } = (await consoleCall(a, session, 'GET', `/devices/replacement${q}`))
      .json as DeviceReplacementResponse;
    const decided = await consoleCall(a, session, 'POST', '/devices/replacement', {
      id: d.serial,
      type: 'machine',
      replacement_id: replacement!.id,
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    expect((await checkin(b, claim)).status).toBe(200);
    expect((await checkin(b, d.secret)).json.error_code).toBe('reenrol');
  });

  it("B's listener connection killed: B stays up, reconnects by itself and hears forgets again", async () => {
    const d = await enrolThroughA();
    expect((await checkin(b, d.secret)).status).toBe(200);
    await db.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN wayguard_forget'`);
    await listeners(2); // both processes are back (each retries with back-off)
    expect(a.proc.exitCode).toBeNull();
    expect(b.proc.exitCode).toBeNull();
    expect((await checkin(b, d.secret)).status).toBe(200);
    const retired = await consoleCall(a, session, 'POST', '/devices/retire', { id: d.serial, type: 'machine' });
    expect(retired.status).toBe(200);
    expect((await checkin(b, d.secret)).json.error_code).toBe('device_retired');
  });
});
