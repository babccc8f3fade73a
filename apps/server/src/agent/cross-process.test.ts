/**
 * Device secrets across server processes (issue 25; lib/kept/broadcast.ts, domain/devices/agent-devices.ts): two real
 * server processes (apps/server/dist/main.js, built first) on one database. A device whose secret B
 * keeps in memory is retired, rotated or replaced through A, and B answers accordingly on its very next
 * call; B's listener connection killed, B reconnects by itself and hears forgets again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  type AgentEnrollResponse,
  type DeviceReplacementResponse,
  type EnrolmentTokenCreateResponse,
} from '@wayguard/contracts';
import type { TestDb } from '../test/db.js';
import { api, login, type Server, type Session } from '../test/server-process.js';
import { startTwoProcesses, stopTwoProcesses } from '../test/two-processes.js';
import { DEMO_USERS } from '../test/demo.js';

async function consoleCall(s: Server, session: Session, method: 'GET' | 'POST', route: string, body?: object) {
  const res = await api(s, method, route, { session, ...(body ? { body } : {}) });
  return { status: res.status, json: JSON.parse(res.body) as unknown };
}

async function agentCall(s: Server, route: string, body: object, secret?: string) {
  const res = await api(s, 'POST', `${AGENT_BASE}${route}`, {
    body,
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
  });
  return { status: res.status, json: JSON.parse(res.body) as { error_code?: string } };
}

let db: TestDb;
let a: Server;
let b: Server;
let session: Session;
let token: string;
let seq = 0;

beforeAll(async () => {
  ({ db, a, b } = await startTwoProcesses());
  session = await login(a, 'admin', DEMO_USERS.admin.password);
  const made = await consoleCall(a, session, 'POST', '/enrolment_tokens', {
    label: 'Two processes',
    max_uses: 50,
    valid_days: 1,
  });
  token = (made.json as EnrolmentTokenCreateResponse).secret;
}, 240_000);

afterAll(async () => stopTwoProcesses({ db, a, b }), 60_000);

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
/** Waits until `count` listener connections are up, none of them one of `gone` (connections just ended may linger). */
async function listeners(count: number, gone: readonly number[] = []): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await db.db.execute<{ pid: number }>(sql`SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN wayguard_forget'`);
    const up = r.rows.filter((row) => !gone.includes(row.pid)).length;
    if (up === count && r.rows.length === count) return;
    if (Date.now() > deadline) throw new Error(`expected ${count} listeners, have ${up} (${r.rows.length} in all)`);
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
    const killed = await db.db.execute<{ pid: number }>(sql`SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN wayguard_forget'`);
    // Both processes are back on new connections (each retries with back-off).
    await listeners(
      2,
      killed.rows.map((row) => row.pid),
    );
    expect(a.proc.exitCode).toBeNull();
    expect(b.proc.exitCode).toBeNull();
    expect((await checkin(b, d.secret)).status).toBe(200);
    const retired = await consoleCall(a, session, 'POST', '/devices/retire', { id: d.serial, type: 'machine' });
    expect(retired.status).toBe(200);
    expect((await checkin(b, d.secret)).json.error_code).toBe('device_retired');
  });
});
