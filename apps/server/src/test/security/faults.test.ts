/**
 * Suite 7, faults, against the REAL server process (node apps/server/dist/main.js, built first), each
 * run with its own data folder under ./data/fault-<random> and free ports:
 * - SIGTERM: requests in flight finish, new ones get 503 with Retry-After, the process exits 0 within
 *   10 s, the embedded PostgreSQL is stopped cleanly (no postmaster.pid, pg_control says "shut down"),
 *   and the next start finds every acknowledged change.
 * - kill -9 of the API process (its database, a separate embedded PostgreSQL, lives on) in the middle
 *   of a burst of user creations: every acknowledged creation is there, and each creation (user,
 *   activation token, mail, audit record) is all or nothing.
 * - Conflicting actions on one row, 20 at once: exactly one wins.
 * - The database goes away: requests fail fast (503 within 3 s) and the server recovers by itself
 *   once it is back, without a restart; SIGTERM then still shuts down gracefully.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { API_BASE, CSRF_HEADER } from '@wayguard/contracts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../db/embedded.js';
import {
  ROOT,
  api,
  buildServer,
  freePort,
  killStartedServers,
  login,
  startServer as startServerProcess,
  type Answer,
  type Server,
  type Session,
} from '../server-process.js';
import { DEMO_USERS } from '../demo.js';

const FAULT_DIR = path.join(ROOT, 'data', `fault-${randomBytes(4).toString('hex')}`);
const startServer = (env: Record<string, string>) =>
  startServerProcess({ WEB_DIST: path.join(FAULT_DIR, 'no-web-build'), ...env });

/** pg_control's DBState (src/include/catalog/pg_control.h): 1 = shut down cleanly, 6 = in production. */
async function clusterState(pgDir: string): Promise<number> {
  const f = await open(path.join(pgDir, 'global', 'pg_control'), 'r');
  try {
    const b = Buffer.alloc(4);
    await f.read(b, 0, 4, 16);
    return b.readUInt32LE(0);
  } finally {
    await f.close();
  }
}

beforeAll(async () => {
  await mkdir(FAULT_DIR, { recursive: true });
  // The server as it ships: contracts and server compiled (incremental; cheap when up to date).
  await buildServer();
}, 180_000);

afterAll(async () => {
  killStartedServers();
  await rm(FAULT_DIR, { recursive: true, force: true });
});

describe('graceful shutdown on SIGTERM (embedded database)', () => {
  it('finishes requests in flight, answers new ones 503, exits 0 within 10 s, stops PostgreSQL cleanly', async () => {
    const dataDir = path.join(FAULT_DIR, 'embedded');
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    const s = await startServer(env);
    const session = await login(s, 'admin', DEMO_USERS.admin.password);

    // A request in flight: headers and half of the body sent, the rest after SIGTERM.
    const body = JSON.stringify({
      email_address: 'admin@northfield.example',
      first_name: 'Drained',
      last_name: 'Morgan',
      time_zone: 'Europe/London',
    });
    const req = http.request(`${s.base}${API_BASE}/profile`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        cookie: `wg_session=${session.cookie}`,
        [CSRF_HEADER]: session.csrf,
      },
    });
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 20));
    await new Promise((r) => setTimeout(r, 500));

    const termAt = Date.now();
    s.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    for (const [method, route] of [
      ['GET', '/api/health'],
      ['GET', '/registration_info'],
      ['POST', '/login'],
    ] as const) {
      const res = await api(s, method, route, { session });
      expect([route, res.status, res.headers.get('retry-after')]).toEqual([route, 503, '5']);
    }
    req.end(body.slice(20));
    expect(await inFlight).toEqual({ status: 200, body: '{"success":true}' });

    const exit = await s.exited;
    expect({ code: exit.code, signal: exit.signal }, s.output.join('')).toEqual({ code: 0, signal: null });
    expect(exit.at - termAt).toBeLessThan(10_000);
    // PostgreSQL was shut down, not left running or killed.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(await clusterState(path.join(dataDir, 'pg'))).toBe(1);

    // The next start needs no recovery and finds the change acknowledged during the drain.
    const again = await startServer(env);
    const s2 = await login(again, 'admin', DEMO_USERS.admin.password);
    expect(JSON.parse((await api(again, 'GET', '/profile', { session: s2 })).body)).toMatchObject({
      first_name: 'Drained',
    });
    again.proc.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
    expect(await clusterState(path.join(dataDir, 'pg'))).toBe(1);
  }, 180_000);
});

describe('with a separately run PostgreSQL', () => {
  let db: EmbeddedDb;
  let pgDir: string;
  let pgPort: number;
  let client: pg.Client;
  beforeAll(async () => {
    pgDir = path.join(FAULT_DIR, 'external');
    pgPort = await freePort();
    db = await startEmbeddedPostgres(pgDir, pgPort);
    client = new pg.Client({ connectionString: db.url });
    // The outage test stops the database under this connection.
    client.on('error', () => undefined);
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await client?.end().catch(() => undefined);
    await db?.stop();
  });

  it('kill -9 in a burst of writes loses no acknowledged write and leaves no half-written one', async () => {
    const s = await startServer({ DATABASE_URL: db.url });
    const session = await login(s, 'admin', DEMO_USERS.admin.password);
    const acked: { n: number; id: number }[] = [];
    let unanswered = 0;
    let next = 0;
    let killed = false;
    const total = 400;
    const worker = async () => {
      while (next < total) {
        const n = next++;
        try {
          const res = await api(s, 'POST', '/users/create', {
            session,
            body: {
              username: `burst.user${n}`,
              email_address: `burst${n}@example.com`,
              first_name: 'Burst',
              last_name: `User${n}`,
              time_zone: 'Europe/London',
              options: { type_id: 0 },
            },
          });
          if (res.status === 200) acked.push({ n, id: (JSON.parse(res.body) as { id: number }).id });
          else throw new Error(`unexpected ${res.status} ${res.body}`);
        } catch (e) {
          if (!killed) throw e;
          unanswered++;
        }
        if (!killed && acked.length >= 60) {
          killed = true;
          s.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect((await s.exited).signal).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(60);
    expect(unanswered).toBeGreaterThan(0);

    const rows = (
      await client.query<{ id: number; username: string; token: boolean; mail: boolean; audit: boolean }>(`
        SELECT u.id, u.username,
          EXISTS (SELECT 1 FROM tokens t WHERE t.user_id = u.id AND t.kind = 'activation') AS token,
          EXISTS (SELECT 1 FROM outbox o WHERE o."to" = u.email) AS mail,
          EXISTS (SELECT 1 FROM audit_events a WHERE a.action = 'user.created' AND a.target_id = u.id::text) AS audit
        FROM users u WHERE u.username LIKE 'burst.user%'`)
    ).rows;
    const byName = new Map(rows.map((r) => [r.username, r]));
    // Every acknowledged creation is there, under the id the answer gave.
    expect(acked.filter((a) => byName.get(`burst.user${a.n}`)?.id !== a.id)).toEqual([]);
    // Each creation is whole: user, activation token, mail and audit record, or none of them.
    expect(rows.filter((r) => !(r.token && r.mail && r.audit))).toEqual([]);
    const orphans = await client.query(`
      SELECT 'mail' AS kind, "to" AS what FROM outbox WHERE "to" LIKE 'burst%@example.com'
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email = outbox."to")
      UNION ALL
      SELECT 'audit', target_id FROM audit_events WHERE action = 'user.created'
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id::text = audit_events.target_id)`);
    expect(orphans.rows).toEqual([]);
  }, 180_000);

  describe('a server on it', () => {
    let s: Server;
    let admin: Session;
    beforeAll(async () => {
      s = await startServer({ DATABASE_URL: db.url });
      admin = await login(s, 'admin', DEMO_USERS.admin.password);
    }, 120_000);

    const race = async (n: number, call: () => Promise<Answer>) => {
      const answers = await Promise.all(Array.from({ length: n }, call));
      return answers.map((a) => a.status).sort();
    };
    const oneWins = [200, ...Array.from({ length: 19 }, () => 400)];
    const idOf = async (sql: string) => Number((await client.query<{ id: number }>(sql)).rows[0]!.id);

    it('lets exactly one of 20 parallel conflicting actions on one row win', async () => {
      const user = await idOf(`SELECT id FROM users WHERE username = 'chloe.evans3'`);
      const act = (action: string) => () =>
        api(s, 'POST', '/users', { session: admin, body: { id: user, action, notes: 'race' } });
      expect(await race(20, act('deactivate'))).toEqual(oneWins);
      expect(await race(20, act('reactivate'))).toEqual(oneWins);
      const audits = await client.query(
        `SELECT action FROM audit_events WHERE target_id = '${user}' AND action IN ('user.deactivated', 'user.reactivated')`,
      );
      expect(audits.rows).toHaveLength(2);

      const su = await idOf(
        `SELECT s.id FROM server_users s JOIN accounts a ON a.id = s.account_id WHERE a.name = 'Northfield Academy' AND s.status = 'activated' ORDER BY s.id LIMIT 1`,
      );
      const suAct = (action: string) => () =>
        api(s, 'POST', '/server_users/server_user', { session: admin, body: { id: su, action } });
      expect(await race(20, suAct('delete'))).toEqual(oneWins);
      expect(await race(20, suAct('undelete'))).toEqual(oneWins);

      const outbox = JSON.parse((await api(s, 'GET', '/api/dev/outbox?to=newstaff@northfield.example')).body) as {
        messages: { text: string }[];
      };
      const token = /token=([A-Za-z0-9]+)/.exec(outbox.messages[0]?.text ?? '')?.[1];
      expect(token).toBeDefined();
      const activate = () =>
        api(s, 'POST', '/activation', {
          body: { username: 'newstaff', password: 'Activated2026!', password_confirm: 'Activated2026!', token },
        });
      expect(await race(20, activate)).toEqual(oneWins);
      expect((await login(s, 'newstaff', 'Activated2026!')).cookie).toBeTruthy();
    }, 120_000);

    it('fails fast while the database is away and recovers without a restart', async () => {
      expect((await api(s, 'GET', '/registration_info', { session: admin })).status).toBe(200);
      await db.stop();
      for (const [method, route] of [
        ['GET', '/registration_info'],
        ['GET', '/users'],
        ['POST', '/login'],
        ['GET', '/api/health'],
      ] as const) {
        const res = await api(s, method, route, {
          session: admin,
          body: { username: 'admin', password: DEMO_USERS.admin.password },
        });
        expect([route, res.status]).toEqual([route, 503]);
        expect([route, res.ms < 3_000]).toEqual([route, true]);
        if (route !== '/api/health') expect(res.headers.get('retry-after')).toBe('5');
      }
      db = await startEmbeddedPostgres(pgDir, pgPort);
      const back = Date.now();
      let res = await api(s, 'GET', '/registration_info', { session: admin });
      while (res.status !== 200 && Date.now() - back < 15_000) {
        await new Promise((r) => setTimeout(r, 250));
        res = await api(s, 'GET', '/registration_info', { session: admin });
      }
      // Same process, same session: the pool reconnected by itself.
      expect(res.status).toBe(200);
      expect(s.proc.exitCode).toBeNull();

      // And a server on an external database still shuts down gracefully.
      s.proc.kill('SIGTERM');
      const exit = await s.exited;
      expect({ code: exit.code, signal: exit.signal }, s.output.join('')).toEqual({ code: 0, signal: null });
    }, 120_000);
  });
});
