/**
 * What is kept holds across server processes (issue 27, lib/kept/): two real server processes
 * (apps/server/dist/main.js, built first) on one database. A sign-out, a deactivation or a demotion made
 * through A is refused by B on the very next request, although B kept the session a moment before (the
 * forget broadcast, lib/kept/broadcast.ts); a rule change made through A is seen at once by B's kept
 * websites list and by the policy B answers a device (stamps from the database, lib/kept/versions.ts).
 * A device's retired or rotated secret: agent/cross-process.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  type AgentEnrollResponse,
  type AgentPolicyResponse,
  type EnrolmentTokenCreateResponse,
  type WebAccessListResponse,
} from '@wayguard/contracts';
import type { TestDb } from './db.js';
import { api, login, type Server, type Session } from './server-process.js';
import { startTwoProcesses, stopTwoProcesses } from './two-processes.js';
import { addWebsite } from './web-access-data.js';

let db: TestDb;
let a: Server;
let b: Server;
let admin: Session;

beforeAll(async () => {
  ({ db, a, b } = await startTwoProcesses());
  admin = await login(a, 'admin', 'DemoAdmin2026!');
}, 240_000);

afterAll(async () => stopTwoProcesses({ db, a, b }), 60_000);

const userId = async (username: string) =>
  (await db.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE username = ${username}`)).rows[0]!.id;

/** Twice on B: the second answer comes from B's kept session. */
async function keptOnB(session: Session, route = '/account') {
  expect((await api(b, 'GET', route, { session })).status).toBe(200);
  expect((await api(b, 'GET', route, { session })).status).toBe(200);
}

describe('two server processes on one database: sessions', () => {
  it('a sign-out through A is refused by B on the next request', async () => {
    const s = await login(a, 'admin', 'DemoAdmin2026!');
    await keptOnB(s);
    expect((await api(a, 'POST', '/logout', { session: s })).status).toBe(200);
    expect((await api(b, 'GET', '/account', { session: s })).status).toBe(401);
  });

  it('a deactivation through A is refused by B on the next request', async () => {
    const s = await login(b, 'teacher', 'DemoTeacher2026!');
    await keptOnB(s, '/profile');
    const done = await api(a, 'POST', '/users', {
      session: admin,
      body: { id: await userId('teacher'), action: 'deactivate', notes: 'Two processes' },
    });
    expect(done.status, done.body).toBe(200);
    expect((await api(b, 'GET', '/profile', { session: s })).status).toBe(401);
  });

  it('a demotion through A is refused by B on the next request', async () => {
    const s = await login(b, 'reviewer', 'DemoReview2026!');
    const asAdmin = { id: await userId('reviewer'), type_id: 41 };
    expect((await api(a, 'POST', '/users/options', { session: admin, body: asAdmin })).status).toBe(200);
    // POST /account is a Console Admin's: the role is checked before the body (400 for an empty one).
    const edit = () => api(b, 'POST', '/account', { session: s, body: {} });
    expect((await edit()).status).toBe(400);
    expect((await edit()).status).toBe(400); // B keeps the session as a Console Admin's
    const demoted = await api(a, 'POST', '/users/options', { session: admin, body: { ...asAdmin, type_id: 0 } });
    expect(demoted.status, demoted.body).toBe(200);
    expect((await edit()).status).toBe(403);
  });
});

describe('two server processes on one database: kept answers', () => {
  it("a rule change through A is seen by B's websites list and by the policy B answers", async () => {
    const token = (
      JSON.parse(
        (
          await api(a, 'POST', '/enrolment_tokens', {
            session: admin,
            body: { label: 'Kept', max_uses: 5, valid_days: 1 },
          })
        ).body,
      ) as EnrolmentTokenCreateResponse
    ).secret;
    const serial = `KEPT-${Date.now()}`;
    const enrolled = await api(a, 'POST', `${AGENT_BASE}/enroll`, {
      body: { token, instance_id: `kept-${Date.now()}`, kind: 'machine', serial, name: 'Kept PC' },
    });
    expect(enrolled.status, enrolled.body).toBe(200);
    const secret = (JSON.parse(enrolled.body) as AgentEnrollResponse).device_secret;
    const policy = async (s: Server) => {
      const res = await api(s, 'GET', `${AGENT_BASE}/policy`, { headers: { authorization: `Bearer ${secret}` } });
      expect(res.status, res.body).toBe(200);
      return JSON.parse(res.body) as AgentPolicyResponse;
    };
    const accountId = (
      await db.db.execute<{ account_id: number }>(sql`SELECT account_id FROM devices WHERE serial = ${serial}`)
    ).rows[0]!.account_id;
    const site = await addWebsite(db.db, accountId, { name: 'zqacross.example' });
    const node = { id: serial, type: 'machine' } as const;
    const listed = async () => {
      const res = await api(b, 'GET', `/node/web_access/websites/list?id=${serial}&type=machine&query=zqacross`, {
        session: admin,
      });
      expect(res.status, res.body).toBe(200);
      return (JSON.parse(res.body) as WebAccessListResponse).result.find((r) => r.id === site)?.access;
    };
    const ruled = (p: AgentPolicyResponse) =>
      p.web_access.rules.some((r) => r.subject.kind === 'website' && r.subject.id === site);

    expect(await listed()).toBe('ALLOW');
    expect(await listed()).toBe('ALLOW'); // kept by B now
    expect(ruled(await policy(b))).toBe(false);
    const set = await api(a, 'POST', '/node/web_access/websites/access', {
      session: admin,
      body: { node_id: node.id, node_type: node.type, rule: 'block', website_id: site },
    });
    expect(set.status, set.body).toBe(200);
    expect(await listed()).toBe('BLOCK');
    expect(ruled(await policy(b))).toBe(true);
  });
});
