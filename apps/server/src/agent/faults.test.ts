/**
 * The device API under a crash, against the REAL server process (node apps/server/dist/main.js, built
 * first) on a separately run embedded PostgreSQL: kill -9 of the API process in the middle of a burst
 * of check-ins and event batches from a fleet loses no acknowledged event (every event of a batch
 * answered 200 is in device_events after the restart), applies each batch whole or not at all, and
 * the restarted server answers a resent batch as duplicates (the agent's retry after the crash).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { AGENT_BASE, API_BASE, CSRF_HEADER } from '@wayguard/contracts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.js';
import {
  ROOT,
  buildServer,
  freePort,
  killStartedServers,
  startServer as startServerProcess,
} from '../test/server-process.js';
import { demoLogin } from '../test/agent.js';

const FAULT_DIR = path.join(ROOT, 'data', `agent-fault-${randomBytes(4).toString('hex')}`);

const startServer = (databaseUrl: string) =>
  startServerProcess({ DATABASE_URL: databaseUrl, WEB_DIST: path.join(FAULT_DIR, 'no-web-build') }, 60_000);

async function post(base: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

/** An enrolment token of Northfield's, made through the console API as an administrator would. */
async function enrolmentToken(base: string): Promise<string> {
  const login = await post(base, `${API_BASE}/login`, demoLogin('admin'), {
    [CSRF_HEADER]: 'anonymous',
  });
  const cookie = /wg_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  const csrf = login.body.csrf_token as string;
  const made = await post(
    base,
    `${API_BASE}/enrolment_tokens`,
    { label: 'Fault burst', max_uses: 50, valid_days: 1 },
    {
      cookie: `wg_session=${cookie}`,
      [CSRF_HEADER]: csrf,
    },
  );
  if (made.status !== 200) throw new Error(`no token: ${JSON.stringify(made.body)}`);
  return made.body.secret as string;
}

let db: EmbeddedDb;
let client: pg.Client;
beforeAll(async () => {
  // The server as it ships: contracts and server compiled (incremental; cheap when up to date).
  await buildServer().catch(() => undefined); // a type error elsewhere still emits; the start below fails if nothing runs
  db = await startEmbeddedPostgres(FAULT_DIR, await freePort());
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
}, 180_000);

afterAll(async () => {
  killStartedServers();
  await client?.end().catch(() => undefined);
  await db?.stop();
  await rm(FAULT_DIR, { recursive: true, force: true });
});

type Batch = { secret: string; events: { event_id: string; type: string; occurred: number; code: number }[] };

describe('kill -9 of the server during a burst of device calls', () => {
  it('loses no acknowledged event and applies each batch whole', async () => {
    const s = await startServer(db.url);
    const token = await enrolmentToken(s.base);
    const fleet: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await post(s.base, `${AGENT_BASE}/enroll`, {
        token,
        instance_id: `fault-burst-${i}-${randomBytes(4).toString('hex')}`,
        kind: 'machine',
        serial: `FAULT-${i}`,
        name: `Fault PC ${i}`,
      });
      fleet.push(r.body.device_secret as string);
    }

    const acked: Batch[] = [];
    const unanswered: Batch[] = [];
    let killed = false;
    let n = 0;
    const worker = async (w: number) => {
      const secret = fleet[w]!;
      for (let seq = 1; seq < 1000 && !killed; seq++) {
        const occurred = Math.floor(Date.now() / 1000);
        const batch: Batch = {
          secret,
          events: Array.from({ length: 3 }, (_, k) => ({
            event_id: `burst-${w}-${seq}-${k}`,
            type: k === 2 ? 'alert_cleared' : 'alert_raised',
            occurred,
            code: 300 + k,
            group_id: 'service_alert',
            title: `Burst alert ${k}`,
          })),
        };
        try {
          const auth = { authorization: `Bearer ${secret}` };
          const c = await post(s.base, `${AGENT_BASE}/checkin`, { seq }, auth);
          if (c.status !== 200) throw new Error(`check-in ${c.status}`);
          const e = await post(s.base, `${AGENT_BASE}/events`, { events: batch.events }, auth);
          if (e.status !== 200) throw new Error(`events ${e.status} ${JSON.stringify(e.body)}`);
          acked.push(batch);
        } catch (err) {
          if (!killed) throw err;
          unanswered.push(batch);
        }
        n++;
        if (!killed && n >= 150) {
          killed = true;
          s.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(fleet.map((_, w) => worker(w)));
    expect((await s.exited).signal).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(100);

    const stored = new Set(
      (
        await client.query<{ event_id: string }>(`SELECT event_id FROM device_events WHERE event_id LIKE 'burst-%'`)
      ).rows.map((r) => r.event_id),
    );
    // Every acknowledged event is there.
    const lost = acked.flatMap((b) => b.events.map((e) => e.event_id)).filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // Batches are whole: all of a batch's events or none.
    const partial = [...acked, ...unanswered].filter((b) => {
      const have = b.events.filter((e) => stored.has(e.event_id)).length;
      return have !== 0 && have !== b.events.length;
    });
    expect(partial.map((b) => b.events[0]!.event_id)).toEqual([]);

    // After a restart the agents resend what got no answer (and, to be sure, what did): nothing doubles.
    const again = await startServer(db.url);
    for (const b of [...acked.slice(0, 20), ...unanswered]) {
      const r = await post(
        again.base,
        `${AGENT_BASE}/events`,
        { events: b.events },
        {
          authorization: `Bearer ${b.secret}`,
        },
      );
      expect(r.status).toBe(200);
      const wasStored = b.events.every((e) => stored.has(e.event_id));
      expect(r.body).toMatchObject(wasStored ? { accepted: 0, duplicates: 3 } : { accepted: 3, duplicates: 0 });
    }
    const counts = await client.query<{ n: string; d: string }>(
      `SELECT count(*) AS n, count(DISTINCT (device_id, event_id)) AS d FROM device_events WHERE event_id LIKE 'burst-%'`,
    );
    expect(counts.rows[0]!.n).toBe(counts.rows[0]!.d);
    expect(Number(counts.rows[0]!.n)).toBe(3 * (acked.length + unanswered.length));
    again.proc.kill('SIGTERM');
    expect((await again.exited).signal).toBeNull();
  }, 60_000);
});
