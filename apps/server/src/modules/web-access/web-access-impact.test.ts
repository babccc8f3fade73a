/**
 * POST /node/web_access/impact (issue 10 'Beyond — impact preview'): how many devices and users a rule
 * at the account or a connection would change the decision for, counted by the one resolver: nearer
 * rules that keep their decision are not counted; a connection counts its own members only; refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WEB_ACCESS_MSG, type ImpactResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accountOf, addRule, addWebsite, clearWebAccess, deviceOf } from '../../test/web-access-data.js';

let t: TestApp;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let nf: number;
let site = 0;
let connection = 0;
let activeDevices = 0;
let connectionDevices = 0;
let users = 0;
const GAMES = 50;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  reviewer = await signInAs(t, 'reviewer');
  teacher = await signInAs(t, 'teacher');
  nf = await accountOf(t.db, 'NF-100245');
  await clearWebAccess(t.db, nf);
  site = await addWebsite(t.db, nf, { name: 'zqimpact.example', categoryId: GAMES });
  // One device keeps its own allow of the site whatever the account says.
  const d = await deviceOf(t.db, 'NFPC1001');
  await addRule(t.db, nf, { scope: 'device', scopeId: d.id, subject: 'website', subjectId: site, action: 'ALLOW' });
  const one = async (q: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(q)).rows[0]!.n);
  connection = await one(sql`SELECT id AS n FROM server_connections WHERE account_id = ${nf} ORDER BY id LIMIT 1`);
  activeDevices = await one(
    sql`SELECT count(*) AS n FROM devices WHERE account_id = ${nf} AND deactivated_date IS NULL`,
  );
  connectionDevices = await one(sql`SELECT count(*) AS n FROM devices d JOIN server_users su ON su.id = d.user_ref_id
    WHERE d.account_id = ${nf} AND d.deactivated_date IS NULL AND d.user_kind IN ('server_user', 'local_user')
      AND su.connection_id = ${connection}`);
  users = await one(sql`SELECT (SELECT count(*) FROM server_users WHERE account_id = ${nf} AND status = 'activated')
    + (SELECT count(*) FROM users WHERE account_id = ${nf} AND status <> 'deactivated') AS n`);
});
afterAll(async () => t.close());

const preview = (payload: Record<string, unknown>, session = admin) =>
  call(t.app, 'POST', '/node/web_access/impact', { session, payload });

describe('POST /node/web_access/impact', () => {
  it('counts every device and user a block for the whole account changes, but the device that allows it itself', async () => {
    const res = await preview({ scope: { kind: 'account' }, rule: 'block', website_id: site });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImpactResponse>()).toEqual({
      devices_changed: activeDevices - 1,
      users_changed: users,
      devices_in_scope: activeDevices,
      users_in_scope: users,
      also_unblocked: { websites: 0, with_pending_requests: 0, sample: [], partial: false },
    });
  });

  it('counts nothing when the rule changes no decision (an allow where everything is allowed)', async () => {
    const res = await preview({ scope: { kind: 'account' }, rule: 'allow', website_id: site });
    expect(res.json<ImpactResponse>()).toMatchObject({ devices_changed: 0, users_changed: 0 });
  });

  it('a connection counts only its own members; a category counts like a website', async () => {
    const res = await preview({ scope: { kind: 'connection', id: connection }, rule: 'block', category_id: GAMES });
    const body = res.json<ImpactResponse>();
    expect(body.devices_in_scope).toBe(connectionDevices);
    expect(body.devices_changed).toBe(connectionDevices);
    expect(body.users_changed).toBe(body.users_in_scope);
    expect(body.users_in_scope).toBeGreaterThan(0);
    expect(body.users_in_scope).toBeLessThan(users);
  });

  it('is for Console Admins and Request Admins; refuses a Console User, a foreign connection and a locked allow', async () => {
    expect((await preview({ scope: { kind: 'account' }, rule: 'block', website_id: site }, reviewer)).statusCode).toBe(
      200,
    );
    expect((await preview({ scope: { kind: 'account' }, rule: 'block', website_id: site }, teacher)).statusCode).toBe(
      403,
    );
    const foreign = await preview({
      scope: { kind: 'connection', id: 2_000_000_000 },
      rule: 'block',
      website_id: site,
    });
    expect([foreign.statusCode, foreign.json<{ error: string }>().error]).toEqual([
      404,
      WEB_ACCESS_MSG.connectionNotFound,
    ]);
    const locked = await preview({ scope: { kind: 'account' }, rule: 'allow', category_id: 1 });
    expect([locked.statusCode, locked.json<{ error: string }>().error]).toEqual([
      400,
      WEB_ACCESS_MSG.lockedCategory('Malware'),
    ]);
    const none = await preview({ scope: { kind: 'account' }, rule: 'block' });
    expect([none.statusCode, none.json<{ error: string }>().error]).toEqual([400, WEB_ACCESS_MSG.oneSubject]);
  });
});
