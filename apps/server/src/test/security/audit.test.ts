/**
 * Suite 8, audit. Sign-in success and failure, two-factor failures, user creation, deactivation,
 * reactivation and type change, and a denied cross-account access each write exactly one audit
 * record naming the actor, the account, the target and the time (UTC), and no audit record anywhere
 * holds a password, session id, CSRF token, activation token, reset credential or TOTP secret.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_BASE, CSRF_HEADER } from '@wayguard/contracts';
import { users } from '../../db/schema/index.js';
import { CROSS_ACCOUNT_DENIED } from '../../domain/access/audit.js';
import { totpCode } from '../../lib/totp.js';
import { DEMO_TOTP_SECRET, NORTHFIELD_USERS, RIVERSIDE_USERS } from '../../seed/demo-users.js';
import { sessionCookie } from '../harness.js';
import { DEMO_USERS, FILLER_PASSWORD } from '../demo.js';
import { accountId, freshIp, send, useSecurityApp, type SecurityApp } from './context.js';

let t: SecurityApp;
let northfield: number;
/** Every secret that passed through a request in this file; none may show up in the audit trail. */
const secrets = new Set<string>([DEMO_TOTP_SECRET, FILLER_PASSWORD]);
for (const u of [...NORTHFIELD_USERS, ...RIVERSIDE_USERS]) if (u.password) secrets.add(u.password);

useSecurityApp(async (s) => {
  t = s.t;
  northfield = await accountId(t.db, 'Northfield Academy');
});

type Row = {
  id: number;
  action: string;
  account_id: number | null;
  actor_user_id: number | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  created_at: Date;
};
const userId = async (name: string) => (await t.db.select().from(users).where(eq(users.username, name)))[0]!.id;
const mark = async () =>
  Number((await t.db.execute<{ m: number | null }>(sql`SELECT max(id) AS m FROM audit_events`)).rows[0]?.m ?? 0);
const since = async (m: number) =>
  (await t.db.execute<Row>(sql`SELECT * FROM audit_events WHERE id > ${m} ORDER BY id`)).rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
  }));

async function signIn(username: string, password: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}/login`,
    remoteAddress: freshIp(),
    headers: { [CSRF_HEADER]: 'anonymous' },
    payload: { username, password, ...extra },
  });
  const body = res.json<{ success: boolean; csrf_token: string | null }>();
  const cookie = sessionCookie(res);
  if (cookie) secrets.add(cookie);
  if (body.csrf_token) secrets.add(body.csrf_token);
  return { ok: body.success, session: cookie && body.csrf_token ? { cookie, csrf: body.csrf_token } : undefined };
}

/** Runs `act` and expects exactly one new audit record, with these fields, written just now. */
async function expectOneRecord(
  act: () => Promise<unknown>,
  want: {
    action: string;
    account_id: number | null;
    actor_user_id: number | null;
    target_type: string;
    target_id: string;
  },
) {
  const m = await mark();
  const begin = Date.now();
  await act();
  const rows = await since(m);
  expect(rows.map((r) => r.action)).toEqual([want.action]);
  const r = rows[0]!;
  expect({
    action: r.action,
    account_id: r.account_id,
    actor_user_id: r.actor_user_id,
    target_type: r.target_type,
    target_id: r.target_id,
  }).toEqual(want);
  expect(r.ip).toMatch(/^10\./);
  // Stored as timestamptz (an absolute UTC instant), written during the call.
  expect(r.created_at.getTime()).toBeGreaterThanOrEqual(begin - 2_000);
  expect(r.created_at.getTime()).toBeLessThanOrEqual(Date.now() + 2_000);
  return r;
}

describe('audit records', () => {
  it('store their time as an absolute instant (timestamp with time zone)', async () => {
    const r = await t.db.execute<{ data_type: string }>(
      sql`SELECT data_type FROM information_schema.columns WHERE table_name = 'audit_events' AND column_name = 'created_at'`,
    );
    expect(r.rows[0]?.data_type).toBe('timestamp with time zone');
  });

  it('sign-in success and failure: one record each', async () => {
    const katie = await userId('katie.adams11');
    await expectOneRecord(() => signIn('katie.adams11', FILLER_PASSWORD), {
      action: 'login.success',
      account_id: northfield,
      actor_user_id: katie,
      target_type: 'user',
      target_id: String(katie),
    });
    secrets.add('WrongGuess2026!');
    await expectOneRecord(() => signIn('katie.adams11', 'WrongGuess2026!'), {
      action: 'login.failure',
      account_id: northfield,
      actor_user_id: katie,
      target_type: 'user',
      target_id: String(katie),
    });
  });

  it('two-factor failures at sign-in and at set-up: one record each', async () => {
    const mfa = await userId('mfaadmin');
    const valid = new Set([-1, 0, 1].map((k) => totpCode(DEMO_TOTP_SECRET, Date.now() + k * 30_000)));
    const wrong = ['000000', '111111', '222222'].find((c) => !valid.has(c))!;
    await expectOneRecord(() => signIn('mfaadmin', DEMO_USERS.mfaadmin.password, { mfa_pin: wrong }), {
      action: 'login.mfa_failure',
      account_id: northfield,
      actor_user_id: mfa,
      target_type: 'user',
      target_id: String(mfa),
    });

    const katie = await userId('katie.adams11');
    const { session } = await signIn('katie.adams11', FILLER_PASSWORD);
    const setup = await send(t.app, { method: 'POST', url: `${API_BASE}/profile/2fa/setup`, session, body: '{}' });
    const key = setup.json<{ setup_key: string }>().setup_key;
    secrets.add(key);
    const wrongForKey = ['000000', '111111', '222222'].find(
      (c) => ![-1, 0, 1].some((k) => totpCode(key, Date.now() + k * 30_000) === c),
    )!;
    await expectOneRecord(
      () =>
        send(t.app, {
          method: 'POST',
          url: `${API_BASE}/profile/2fa/verify`,
          session,
          body: JSON.stringify({ pin: wrongForKey }),
        }),
      {
        action: 'mfa.verify_failure',
        account_id: northfield,
        actor_user_id: katie,
        target_type: 'user',
        target_id: String(katie),
      },
    );
  });

  it('user create, deactivate, reactivate and type change: one record each, by the admin, on the user', async () => {
    const admin = await userId('admin');
    const { session } = await signIn('admin', DEMO_USERS.admin.password);
    const post = (url: string, body: unknown) =>
      send(t.app, { method: 'POST', url: `${API_BASE}${url}`, session, body: JSON.stringify(body) });

    const m = await mark();
    const res = await post('/users/create', {
      username: 'audit.new.user',
      email_address: 'audit.new@example.com',
      first_name: 'Audit',
      last_name: 'Newcomer',
      time_zone: 'Europe/London',
      options: { type_id: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ id: number }>().id;
    const rows = await since(m);
    expect(rows.map((r) => [r.action, r.account_id, r.actor_user_id, r.target_type, r.target_id])).toEqual([
      ['user.created', northfield, admin, 'user', String(created)],
    ]);
    // The activation link went by mail; its token must not be in the trail.
    const mail = await t.db.execute<{ text: string }>(
      sql`SELECT text FROM outbox WHERE "to" = 'audit.new@example.com'`,
    );
    const token = /token=([A-Za-z0-9]+)/.exec(mail.rows[0]?.text ?? '')?.[1];
    expect(token).toBeDefined();
    secrets.add(token!);

    const target = await userId('ben.hughes2');
    const on = { account_id: northfield, actor_user_id: admin, target_type: 'user', target_id: String(target) };
    await expectOneRecord(() => post('/users', { id: target, action: 'deactivate', notes: 'audit check' }), {
      action: 'user.deactivated',
      ...on,
    });
    await expectOneRecord(() => post('/users', { id: target, action: 'reactivate', notes: 'audit check' }), {
      action: 'user.reactivated',
      ...on,
    });
    await expectOneRecord(() => post('/users/options', { id: target, type_id: 261 }), {
      action: 'user.type_changed',
      ...on,
    });
  });

  it('a denied cross-account access: one record, under the actor’s account; a missing id: none', async () => {
    const admin = await userId('admin');
    const parent = await userId('riverside-parent');
    const { session } = await signIn('admin', DEMO_USERS.admin.password);
    const details = (id: number) => send(t.app, { method: 'GET', url: `${API_BASE}/users/details?id=${id}`, session });
    await expectOneRecord(() => details(parent), {
      action: CROSS_ACCOUNT_DENIED,
      account_id: northfield,
      actor_user_id: admin,
      target_type: 'user',
      target_id: String(parent),
    });
    const m = await mark();
    expect((await details(2_000_000_000)).statusCode).toBe(404);
    expect(await since(m)).toEqual([]);
  });

  it('hold no password, session id, CSRF token, activation token or TOTP secret, anywhere in the trail', async () => {
    expect(secrets.size).toBeGreaterThan(10);
    const all = await t.db.execute<{ row: string }>(sql`SELECT to_jsonb(a)::text AS row FROM audit_events a`);
    expect(all.rows.length).toBeGreaterThan(5);
    const text = all.rows.map((r) => r.row).join('\n');
    expect([...secrets].filter((s) => text.includes(s))).toEqual([]);
  });
});
