/**
 * The provider's review team API (issue 11): session, CSRF, the queue across accounts, the
 * team's approvals and denials (rules, thread, the account's lists, audit), racing decisions and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  CSRF_HEADER,
  PROVIDER_BASE,
  PROVIDER_MSG,
  PROVIDER_TEAM,
  REQUEST_MSG,
  CATEGORIES,
  type ProviderDetailsResponse,
  type ProviderQueueResponse,
  type AppRequestActionResponse,
  type AppRequestsListResponse,
  type RequestActionResponse,
  type RequestsListResponse,
  type TestWebsiteResponse,
} from '@wayguard/contracts';
import { call, createTestApp, nextIp, type Session, type TestApp } from '../test/harness.js';
import { signInAs } from '../test/demo.js';
import { enrolDevice, newEnrolmentToken } from '../test/agent.js';
import { forgetAccountRules } from '../domain/web-access/scope-rules.js';
import { createProviderStaff, DEMO_PROVIDER_STAFF } from '../seed/provider-staff.js';
import { staffSessionOf } from '../test/provider.js';

let t: TestApp;
let admin: Session;
let family: Session;
let nf: number;
let rf: number;
const tokens: Record<number, string> = {};
const SOCIAL = CATEGORIES.find((c) => c.key === 'social_networks')!.id;

type Staff = { cookie: string; csrf: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  family = await signInAs(t, 'family');
  const ids = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id`)).rows;
  nf = ids[0]!.id;
  rf = ids[1]!.id;
  tokens[nf] = (await newEnrolmentToken(t, admin)).secret;
  tokens[rf] = (await newEnrolmentToken(t, family)).secret;
});
afterAll(async () => t.close());

/** A member's session (the demo's Sam Rivera unless named), signed in with password and code. */
const staffSession = (
  username: string = DEMO_PROVIDER_STAFF.username,
  password: string = DEMO_PROVIDER_STAFF.password,
  totpSecret: string = DEMO_PROVIDER_STAFF.totpSecret,
) => staffSessionOf(t, { username, password, totpSecret });

function pcall(
  method: 'GET' | 'POST',
  path: string,
  o: {
    staff?: Staff | undefined;
    payload?: unknown;
    query?: Record<string, string>;
    csrf?: string | null;
    consoleSession?: Session;
  } = {},
) {
  const headers: Record<string, string> = {};
  if (method === 'POST') {
    const csrf = o.csrf === undefined ? (o.staff?.csrf ?? o.consoleSession?.csrf ?? 'anonymous') : o.csrf;
    if (csrf !== null) headers[CSRF_HEADER] = csrf;
  }
  return t.app.inject({
    method,
    url: `${PROVIDER_BASE}${path}`,
    query: o.query,
    headers,
    cookies: {
      ...(o.staff ? { wg_provider: o.staff.cookie } : {}),
      ...(o.consoleSession ? { wg_session: o.consoleSession.cookie } : {}),
    },
    payload: method === 'GET' ? undefined : ((o.payload ?? {}) as object),
    remoteAddress: nextIp(),
  });
}

const queueOf = async (staff: Staff, query: Record<string, string> = {}) => {
  const res = await pcall('GET', '/queue', { staff, query: { count: '100', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProviderQueueResponse>();
};
/** A decision; a website thread's unless the payload names another kind. */
const decide = (staff: Staff, payload: Record<string, unknown>) =>
  pcall('POST', '/decide', { staff, payload: { kind: 'website', ...payload } });
const detailsOf = (staff: Staff, id: number, kind = 'website') =>
  pcall('GET', '/queue/details', { staff, query: { id: String(id), kind } });

const consoleAct = async (s: Session, payload: Record<string, unknown>) => {
  const res = await call(t.app, 'POST', '/requests', { session: s, payload: { type: 'website', ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RequestActionResponse>();
};

let n = 0;
/**
 * A thread of the account escalated to the team as an administrator does it: a device asks for a
 * blocked site, the administrator denies it, then sends it for review with a reason.
 */
async function escalated(accountId: number, s: Session): Promise<{ id: number; host: string; serial: string }> {
  const host = `team-${++n}-${Date.now()}.example`;
  await t.db
    .execute(sql`INSERT INTO websites (account_id, kind, name, url, pattern, match_mode, host, path, category_id)
    VALUES (${accountId}, 'website', ${host}, ${'https://' + host}, ${host}, 'ends_with', ${host}, '/', ${SOCIAL})`);
  const d = await enrolDevice(t, tokens[accountId]!);
  // Blocked for the device: the account blocks the category at the account scope.
  await t.db.execute(sql`INSERT INTO web_access_rules (account_id, scope_kind, user_kind, scope_id, subject_kind,
      subject_id, action, source_kind)
    VALUES (${accountId}, 'account', '', 0, 'category', ${SOCIAL}, 'BLOCK', 'admin') ON CONFLICT DO NOTHING`);
  // Written behind the rule writer's back: the kept rules must be told.
  forgetAccountRules(accountId);
  const ask = await t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/requests`,
    headers: { authorization: `Bearer ${d.device_secret}` },
    payload: { request_id: `team-${n}`, kind: 'website', url: `https://${host}/`, notes: 'for homework' },
    remoteAddress: nextIp(),
  });
  expect(ask.statusCode, ask.body).toBe(200);
  expect(ask.json<{ status: string }>().status, ask.body).toBe('created');
  const id = ask.json<{ request_id: number }>().request_id;
  expect(await consoleAct(s, { id: [id], action: 'deny', reason: 'Not for school' })).toEqual([
    { id, action: 'removed' },
  ]);
  expect(await consoleAct(s, { id: [id], action: 'request_review', reason: `Please check ${host}` })).toEqual([
    { id, action: 'requested' },
  ]);
  const serial = (await t.db.execute<{ serial: string }>(sql`SELECT serial FROM devices WHERE id = ${d.device_id}`))
    .rows[0]!.serial;
  return { id, host, serial };
}

const thread = async (id: number) =>
  (await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM access_requests WHERE id = ${id}`)).rows[0]!;

describe('GET /session, POST /logout (sign-in: sign-in.test.ts)', () => {
  it('signs out: the session ends; every staff route then answers 401', async () => {
    const staff = await staffSession();
    expect((await pcall('POST', '/logout', { staff })).statusCode).toBe(200);
    for (const [m, p] of [
      ['GET', '/session'],
      ['GET', '/queue'],
      ['POST', '/logout'],
    ] as const) {
      const res = await pcall(m, p, { staff });
      expect([p, res.statusCode, res.json()]).toEqual([
        p,
        401,
        expect.objectContaining({ error: PROVIDER_MSG.unauthorized }),
      ]);
    }
  });

  it('a deactivated staff member loses a live session at the next call', async () => {
    const made = await createProviderStaff(t.db, {
      username: 'soon.gone',
      password: 'SoonGone2026!x',
      fullName: 'Soon Gone',
    });
    const staff = await staffSession('soon.gone', 'SoonGone2026!x', made.totpSecret);
    expect((await pcall('GET', '/session', { staff })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE provider_staff SET status = 'deactivated' WHERE username = 'soon.gone'`);
    expect((await pcall('GET', '/session', { staff })).statusCode).toBe(401);
  });

  it('refuses a POST without the session’s CSRF token (none, wrong, the console’s), and a console session', async () => {
    const staff = await staffSession();
    for (const csrf of [null, '', 'not-the-token', admin.csrf]) {
      const res = await pcall('POST', '/decide', { staff, csrf, payload: { id: 1, decision: 'approve' } });
      expect([csrf, res.statusCode, res.json()]).toEqual([
        csrf,
        403,
        expect.objectContaining({ error: PROVIDER_MSG.csrfMissing }),
      ]);
    }
    expect((await pcall('GET', '/session', { consoleSession: admin })).statusCode).toBe(401);
    expect((await pcall('POST', '/decide', { consoleSession: admin, payload: { id: 1 } })).statusCode).toBe(401);
  });
});

describe('the queue and the decisions', () => {
  let staff: Staff;
  let north: { id: number; host: string; serial: string };
  let river: { id: number; host: string; serial: string };
  beforeAll(async () => {
    staff = await staffSession();
    north = await escalated(nf, admin);
    river = await escalated(rf, family);
  });

  it('lists every account’s escalated threads, oldest escalation first, with the reason and who sent it', async () => {
    const q = await queueOf(staff);
    const ids = q.requests.filter((r) => r.kind !== 'app').map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([north.id, river.id]));
    expect(q.total_count).toBe(q.requests.length);
    // The demo's three escalated Northfield threads are older than ours.
    expect(q.total_count).toBeGreaterThanOrEqual(5);
    const escalatedTimes = q.requests.map((r) => r.escalated);
    expect(escalatedTimes).toEqual([...escalatedTimes].sort((a, b) => a - b));
    expect(ids.indexOf(north.id)).toBeLessThan(ids.indexOf(river.id));
    expect(q.requests.find((r) => r.kind === 'website' && r.id === north.id)).toMatchObject({
      kind: 'website',
      account: { id: nf, name: 'Northfield Academy' },
      website: `https://${north.host}/`,
      category: 'Social networks',
      requester_count: 0,
      device_count: 1,
      app: null,
      review_reason: `Please check ${north.host}`,
      escalated_by: 'Alex Morgan',
      escalated: expect.any(Number),
      requested: expect.any(Number),
    });
    expect(q.requests.find((r) => r.kind === 'website' && r.id === river.id)).toMatchObject({
      account: { id: rf, name: 'Riverside Family' },
      escalated_by: 'Jordan Rivers',
    });
    // Only pending tech threads: every row of the console's pending-admin list is absent.
    const pendingAdmin = (
      await t.db.execute<{ id: number }>(
        sql`SELECT id FROM access_requests WHERE state = 'pending' AND status = 'admin'`,
      )
    ).rows.map((r) => r.id);
    expect(ids.filter((id) => pendingAdmin.includes(id))).toEqual([]);
  });

  it('searches website and account, filters the kind, sorts and pages', async () => {
    expect((await queueOf(staff, { query: 'riverside' })).requests.map((r) => r.id)).toEqual([river.id]);
    expect((await queueOf(staff, { query: north.host })).requests.map((r) => r.id)).toEqual([north.id]);
    expect((await queueOf(staff, { query: '100%_' })).requests).toEqual([]);
    const media = await queueOf(staff, { kind: 'media' });
    expect(media.requests.length).toBeGreaterThanOrEqual(1);
    expect(media.requests.every((r) => r.kind === 'media')).toBe(true);
    const reversed = await queueOf(staff, { reverse_order: '1' });
    expect(reversed.requests[0]!.escalated).toBeGreaterThanOrEqual(reversed.requests.at(-1)!.escalated);
    const byAccount = await queueOf(staff, { sort_by: 'account' });
    expect(byAccount.requests.at(-1)!.account.name).toBe('Riverside Family');
    const page2 = await queueOf(staff, { count: '25', page: '2' });
    expect(page2.requests).toEqual([]);
    expect(page2.total_count).toBeGreaterThanOrEqual(5);
  });

  it('shows a thread’s asks with their notes; ids outside the queue answer 404', async () => {
    const res = await detailsOf(staff, north.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProviderDetailsResponse>();
    expect(body.request).toMatchObject({ id: north.id, account: { name: 'Northfield Academy' } });
    expect(body.asks).toEqual([
      { requester: expect.any(String), device: expect.any(String), notes: 'for homework', asked: expect.any(Number) },
    ]);
    const pendingAdmin = (
      await t.db.execute<{ id: number }>(
        sql`SELECT id FROM access_requests WHERE state = 'pending' AND status = 'admin' LIMIT 1`,
      )
    ).rows[0]!.id;
    for (const id of [pendingAdmin, 2_000_000_000]) expect((await detailsOf(staff, id)).statusCode).toBe(404);
    // The thread named as another kind is not it.
    expect((await detailsOf(staff, north.id, 'media')).statusCode).toBe(404);
  });

  it('approves for the account: an ALLOW at the account scope from the thread, the team as processor, audited with the staff member', async () => {
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/mobile/admin/node/web_access/test',
      headers: { [CSRF_HEADER]: admin.csrf },
      cookies: { wg_session: admin.cookie },
      payload: { node_id: north.serial, node_type: 'machine', url: `https://${north.host}/` },
    });
    expect(before.json<TestWebsiteResponse>().decision).toBe('BLOCK');
    const res = await decide(staff, { id: north.id, decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      id: north.id,
      kind: 'website',
      state: 'approved',
      message: PROVIDER_MSG.approved('website'),
    });
    expect(await thread(north.id)).toMatchObject({
      state: 'approved',
      status: 'tech',
      reviewed: true,
      association_type: 'company',
      for_name: REQUEST_MSG.accountList,
      processor_name: PROVIDER_TEAM,
      processor_id: null,
      processed_at: expect.any(String),
    });
    const rules = await t.db
      .execute(sql`SELECT scope_kind, action, source_kind, created_by_id, created_by_name, account_id
      FROM web_access_rules WHERE request_id = ${north.id}`);
    expect(rules.rows).toEqual([
      {
        scope_kind: 'account',
        action: 'ALLOW',
        source_kind: 'request',
        created_by_id: null,
        created_by_name: 'Wayguard Team (Sam Rivera)',
        account_id: nf,
      },
    ]);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/mobile/admin/node/web_access/test',
      headers: { [CSRF_HEADER]: admin.csrf },
      cookies: { wg_session: admin.cookie },
      payload: { node_id: north.serial, node_type: 'machine', url: `https://${north.host}/` },
    });
    expect(after.json<TestWebsiteResponse>()).toMatchObject({ decision: 'ALLOW', decided_by: 'rule' });
    const audits = await t.db.execute<{
      action: string;
      account_id: number;
      actor_user_id: number | null;
      details: Record<string, unknown>;
    }>(
      sql`SELECT action, account_id, actor_user_id, details FROM audit_events
        WHERE action IN ('request.team_approved', 'web_access.rule_set') AND account_id = ${nf}
          AND details->>'provider_staff_id' IS NOT NULL ORDER BY id`,
    );
    expect(audits.rows.map((a) => a.action)).toEqual(['web_access.rule_set', 'request.team_approved']);
    for (const a of audits.rows)
      expect(a).toMatchObject({ actor_user_id: null, details: { by: 'Wayguard Team (Sam Rivera)' } });
    // The account's approved list shows it; the queue no longer does.
    const approved = await call(t.app, 'GET', '/requests', {
      session: admin,
      query: { type: 'website', state: 'approved', status: 'all', query: north.host },
    });
    expect(approved.json<RequestsListResponse>().requests).toEqual([
      expect.objectContaining({
        id: north.id,
        processor: PROVIDER_TEAM,
        for: { value: 'Account list', isPopup: false },
      }),
    ]);
    expect((await queueOf(staff)).requests.map((r) => r.id)).not.toContain(north.id);
    // A later deny by the account's administrator removes the team's allow (its source is the thread).
    expect(await consoleAct(admin, { id: [north.id], action: 'deny', reason: 'Changed our mind' })).toEqual([
      { id: north.id, action: 'removed' },
    ]);
    expect((await t.db.execute(sql`SELECT 1 FROM web_access_rules WHERE request_id = ${north.id}`)).rows).toEqual([]);
  });

  it('denies with notes: the account’s denied list shows status tech, the notes as the reason, the review reason kept, no further review (AC011)', async () => {
    const res = await decide(staff, { id: river.id, decision: 'deny', notes: '  Gambling content, not allowed  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'denied', message: PROVIDER_MSG.denied('website') });
    expect(await thread(river.id)).toMatchObject({
      state: 'denied',
      status: 'tech',
      reviewed: true,
      reason: 'Gambling content, not allowed',
      review_notes: `Please check ${river.host}`,
      processor_name: PROVIDER_TEAM,
    });
    expect((await t.db.execute(sql`SELECT 1 FROM web_access_rules WHERE request_id = ${river.id}`)).rows).toEqual([]);
    const denied = await call(t.app, 'GET', '/requests', {
      session: family,
      query: { type: 'website', state: 'denied', status: 'all' },
    });
    expect(denied.json<RequestsListResponse>().requests.find((r) => r.id === river.id)).toMatchObject({
      status: 'tech',
      reason: 'Gambling content, not allowed',
      review_notes: `Please check ${river.host}`,
      processor: PROVIDER_TEAM,
      can_request_review: false,
    });
    expect(await consoleAct(family, { id: [river.id], action: 'request_review', reason: 'Please look again' })).toEqual(
      [{ id: river.id, action: 'error', error: 'AC011' }],
    );
    const audit = await t.db.execute<{ details: Record<string, unknown> }>(
      sql`SELECT details FROM audit_events WHERE action = 'request.team_denied' AND target_id = ${String(river.id)}`,
    );
    expect(audit.rows[0]!.details).toMatchObject({
      notes: 'Gambling content, not allowed',
      review_reason: `Please check ${river.host}`,
      by: 'Wayguard Team (Sam Rivera)',
    });
  });

  it('a review request still waiting answers AC014 (sent once only)', async () => {
    const x = await escalated(nf, admin);
    expect(await consoleAct(admin, { id: [x.id], action: 'request_review', reason: 'Again please' })).toEqual([
      { id: x.id, action: 'error', error: 'AC014' },
    ]);
  });

  it('of two staff members deciding at once exactly one wins; the other gets 409', async () => {
    const other = await staffSession();
    for (const [a, b] of [
      ['approve', 'deny'],
      ['deny', 'deny'],
      ['approve', 'approve'],
    ] as const) {
      const x = await escalated(nf, admin);
      const [r1, r2] = await Promise.all([
        decide(staff, { id: x.id, decision: a, notes: 'Not suitable' }),
        decide(other, { id: x.id, decision: b, notes: 'Not suitable' }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
      const loser = r1.statusCode === 409 ? r1 : r2;
      expect(loser.json()).toMatchObject({ error: PROVIDER_MSG.alreadyDecided });
      const rules = (await t.db.execute(sql`SELECT 1 FROM web_access_rules WHERE request_id = ${x.id}`)).rows.length;
      expect(rules).toBe((await thread(x.id)).state === 'approved' ? 1 : 0);
    }
  });

  it('a staff decision and the account administrator’s cancel at once: exactly one decides the pending thread', async () => {
    for (let i = 0; i < 3; i++) {
      const x = await escalated(nf, admin);
      const mark = (await t.db.execute<{ n: number }>(sql`SELECT coalesce(max(id), 0)::int AS n FROM audit_events`))
        .rows[0]!.n;
      const [team, cancel] = await Promise.all([
        decide(staff, { id: x.id, decision: 'approve' }),
        call(t.app, 'POST', '/requests', { session: admin, payload: { type: 'website', id: [x.id], action: 'deny' } }),
      ]);
      expect([200, 409]).toContain(team.statusCode);
      expect(cancel.statusCode).toBe(200);
      // Decisions taken from the pending thread: the team's approval or the administrator's cancel, never both.
      const fromPending = await t.db.execute<{ action: string }>(sql`SELECT action FROM audit_events
        WHERE id > ${mark} AND target_type = 'access_request' AND target_id = ${String(x.id)}
          AND details->>'from' = 'pending'
          AND action IN ('request.team_approved', 'request.deny')`);
      expect(fromPending.rows).toHaveLength(1);
      const row = await thread(x.id);
      if (team.statusCode === 409) {
        expect(team.json()).toMatchObject({ error: PROVIDER_MSG.alreadyDecided });
        expect(row).toMatchObject({ state: 'denied', status: 'admin' });
      } else {
        // The team won; the administrator's deny then acted on the approved thread (it may deny an approval),
        // removing the team's allow with it.
        expect(fromPending.rows[0]!.action).toBe('request.team_approved');
        expect(row.state).toBe('denied');
      }
      expect((await t.db.execute(sql`SELECT 1 FROM web_access_rules WHERE request_id = ${x.id}`)).rows).toEqual([]);
      expect((await decide(staff, { id: x.id, decision: 'deny', notes: 'Too late' })).statusCode).toBe(409);
    }
  });

  it('refuses bad input with 4xx, never 5xx', async () => {
    const x = await escalated(nf, admin);
    const cases: [unknown, number][] = [
      [{ id: x.id, decision: 'deny' }, 400],
      [{ id: x.id, decision: 'deny', notes: 'abc' }, 400],
      [{ id: x.id, decision: 'deny', notes: '    ok    ' }, 400],
      [{ id: x.id, decision: 'deny', notes: 'x'.repeat(501) }, 400],
      [{ id: x.id, decision: 'maybe' }, 400],
      [{ id: 0, decision: 'approve' }, 400],
      [{ id: 'one', decision: 'approve' }, 400],
      [{ decision: 'approve' }, 400],
      [{ id: x.id, kind: 'apps', decision: 'approve' }, 400],
      [{ id: x.id, kind: undefined, decision: 'approve' }, 400],
      [{ id: 2_000_000_000, decision: 'approve' }, 404],
    ];
    for (const [payload, status] of cases) {
      const res = await decide(staff, payload as Record<string, unknown>);
      expect([payload, res.statusCode]).toEqual([payload, status]);
    }
    const short = await decide(staff, { id: x.id, decision: 'deny', notes: 'abc' });
    expect(short.json()).toMatchObject({ fields: { notes: PROVIDER_MSG.notesShort } });
    for (const query of [
      { id: 'x' },
      { id: '-1' },
      {},
      { sort_by: 'nope' },
      { count: '7' },
      { kind: 'apps' },
      { id: '1' },
      { id: '1', kind: 'apps' },
    ]) {
      const path = 'id' in query || Object.keys(query).length === 0 ? '/queue/details' : '/queue';
      const res = await pcall('GET', path, { staff, query: query as Record<string, string> });
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
    const wrongType = await t.app.inject({
      method: 'POST',
      url: `${PROVIDER_BASE}/decide`,
      headers: { [CSRF_HEADER]: staff.csrf, 'content-type': 'text/plain' },
      cookies: { wg_provider: staff.cookie },
      payload: 'id=1',
    });
    expect(wrongType.statusCode).toBe(415);
    expect((await thread(x.id)).state).toBe('pending');
  });
});

describe('app threads in the queue (issue 12)', () => {
  let staff: Staff;
  let a = 0;
  const appList = async (s: Session, query: Record<string, string>) => {
    const res = await call(t.app, 'GET', '/app_requests', { session: s, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AppRequestsListResponse>();
  };
  const appAct = async (s: Session, payload: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', '/app_requests', { session: s, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AppRequestActionResponse>();
  };
  const appThread = async (id: number) =>
    (await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM app_requests WHERE id = ${id}`)).rows[0]!;

  /**
   * An app thread escalated as the console allows it: a mobile asks for the app, the provider's policy
   * denied it (status tech, as the demo's), and the administrator sends it for review with a reason.
   */
  async function escalatedApp(accountId: number, s: Session) {
    const pkg = `com.teamreview.app${++a}x${Date.now()}`;
    const d = await enrolDevice(t, tokens[accountId]!, { kind: 'mobile', serial: `TEAM-APP-${a}-${Date.now()}` });
    const ask = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/requests`,
      headers: { authorization: `Bearer ${d.device_secret}` },
      payload: {
        request_id: `team-app-${a}`,
        kind: 'app',
        notes: 'For the robotics club',
        app: { package_name: pkg, name: `Robot Lab ${a}`, version: '2.1', source: 'Google Play Store' },
      },
      remoteAddress: nextIp(),
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const id = ask.json<{ request_id: number }>().request_id;
    await t.db.execute(sql`UPDATE app_requests SET state = 'denied', status = 'tech', processor_name = ${PROVIDER_TEAM},
        processed_at = now() WHERE id = ${id}`);
    expect(await appAct(s, { package_name: [pkg], action: 'request_review', reason: `Please check ${pkg}` })).toEqual([
      { package_name: pkg, action: 'requested' },
    ]);
    return { id, pkg, deviceId: d.device_id };
  }

  beforeAll(async () => {
    staff = await staffSession();
    // App threads' ids far from the website threads' (each kind has its own sequence): an id named as the
    // other kind is then surely not a thread of it.
    await t.db.execute(sql`SELECT setval('app_requests_id_seq', 1000000)`);
  });

  it('lists escalated app threads beside websites: the app, the account, the reason and who sent it', async () => {
    const x = await escalatedApp(nf, admin);
    const q = await queueOf(staff);
    expect(q.requests.find((r) => r.kind === 'app' && r.id === x.id)).toMatchObject({
      kind: 'app',
      account: { id: nf, name: 'Northfield Academy' },
      website: x.pkg,
      title: `Robot Lab ${a}`,
      app: { package_name: x.pkg, name: `Robot Lab ${a}`, icon_url: expect.any(String) },
      device_count: 1,
      review_reason: `Please check ${x.pkg}`,
      escalated_by: 'Alex Morgan',
    });
    // The demo's escalated app (Roblox, Northfield) is there too, and the kinds filter.
    expect(q.requests.some((r) => r.kind === 'app' && r.website === 'com.roblox.client')).toBe(true);
    const apps = await queueOf(staff, { kind: 'app' });
    expect(apps.requests.length).toBeGreaterThanOrEqual(2);
    expect(apps.requests.every((r) => r.kind === 'app')).toBe(true);
    expect((await queueOf(staff, { kind: 'website' })).requests.some((r) => r.kind === 'app')).toBe(false);
    expect((await queueOf(staff, { query: x.pkg })).requests.map((r) => [r.kind, r.id])).toEqual([['app', x.id]]);
    expect(q.total_count).toBe(q.requests.length);
  });

  it('shows an app thread’s asks; an app id named as a website, or a website id named as an app, answers 404', async () => {
    const x = await escalatedApp(rf, family);
    const res = await detailsOf(staff, x.id, 'app');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProviderDetailsResponse>();
    expect(body.request).toMatchObject({ id: x.id, kind: 'app', account: { name: 'Riverside Family' } });
    expect(body.asks).toEqual([
      {
        requester: expect.any(String),
        device: expect.any(String),
        notes: 'For the robotics club',
        asked: expect.any(Number),
      },
    ]);
    const web = await escalated(nf, admin);
    expect((await detailsOf(staff, x.id, 'website')).statusCode).toBe(404);
    expect((await detailsOf(staff, web.id, 'app')).statusCode).toBe(404);
    expect((await decide(staff, { id: x.id, kind: 'website', decision: 'approve' })).statusCode).toBe(404);
    expect((await decide(staff, { id: web.id, kind: 'app', decision: 'approve' })).statusCode).toBe(404);
    expect((await decide(staff, { id: 2_000_000_000, kind: 'app', decision: 'approve' })).statusCode).toBe(404);
    expect((await appThread(x.id)).state).toBe('pending');
    expect((await thread(web.id)).state).toBe('pending');
  });

  it('approves an app for the account: approved, the team as processor, no assignment, audited with the member', async () => {
    const x = await escalatedApp(nf, admin);
    const res = await decide(staff, { id: x.id, kind: 'app', decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      id: x.id,
      kind: 'app',
      state: 'approved',
      message: 'The app request was approved for the account',
    });
    expect(await appThread(x.id)).toMatchObject({
      state: 'approved',
      status: 'admin',
      reviewed: true,
      processor_id: null,
      processor_name: PROVIDER_TEAM,
      auto_assign: false,
    });
    const assigned = await t.db
      .execute(sql`SELECT 1 FROM app_assignments WHERE app_id = ${(await appThread(x.id)).app_id}
      AND account_id = ${nf}`);
    expect(assigned.rows).toEqual([]);
    const commands = await t.db.execute(sql`SELECT 1 FROM device_commands WHERE payload->>'package_name' = ${x.pkg}`);
    expect(commands.rows).toEqual([]);
    // The account's approved list shows it, decided by the team; the queue no longer does.
    const approved = await appList(admin, { state: 'approved', status: 'all', query: x.pkg });
    expect(approved.requests).toMatchObject([{ package_name: x.pkg, processor: PROVIDER_TEAM, state: 'approved' }]);
    expect((await queueOf(staff, { kind: 'app' })).requests.some((r) => r.id === x.id)).toBe(false);
    // The administrator assigns it like any approved app: it is on the Apps pages.
    const page = await call(t.app, 'GET', '/devices/mobile_apps', {
      session: admin,
      query: {
        id: (await t.db.execute<{ serial: string }>(sql`SELECT serial FROM devices WHERE id = ${x.deviceId}`)).rows[0]!
          .serial,
        query: x.pkg,
      },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ apps: { package_name: string }[] }>().apps.map((r) => r.package_name)).toEqual([x.pkg]);
    const audit = await t.db.execute<{ actor_user_id: number | null; details: Record<string, unknown> }>(
      sql`SELECT actor_user_id, details FROM audit_events WHERE action = 'app_request.team_approved'
        AND target_id = ${String(x.id)}`,
    );
    expect(audit.rows).toEqual([
      {
        actor_user_id: null,
        details: expect.objectContaining({ by: 'Wayguard Team (Sam Rivera)', package: x.pkg, from: 'pending:tech' }),
      },
    ]);
    expect(
      (await decide(staff, { id: x.id, kind: 'app', decision: 'deny', notes: 'Changed my mind' })).statusCode,
    ).toBe(409);
  });

  it('denies an app with notes: the denied list shows them as the reason, status tech, no further review (AC011)', async () => {
    const x = await escalatedApp(rf, family);
    const res = await decide(staff, { id: x.id, kind: 'app', decision: 'deny', notes: '  Open chat with strangers  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'app', state: 'denied', message: 'The app request was denied' });
    const denied = await appList(family, { state: 'denied', status: 'all', query: x.pkg });
    expect(denied.requests).toMatchObject([
      {
        package_name: x.pkg,
        status: 'tech',
        reason: 'Open chat with strangers',
        review_notes: `Please check ${x.pkg}`,
        processor: PROVIDER_TEAM,
        can_request_review: false,
      },
    ]);
    expect(
      await appAct(family, { package_name: [x.pkg], action: 'request_review', reason: 'Please look again' }),
    ).toEqual([{ package_name: x.pkg, action: 'error', error: 'AC011' }]);
    const audit = await t.db.execute<{ details: Record<string, unknown> }>(
      sql`SELECT details FROM audit_events WHERE action = 'app_request.team_denied' AND target_id = ${String(x.id)}`,
    );
    expect(audit.rows[0]!.details).toMatchObject({
      notes: 'Open chat with strangers',
      by: 'Wayguard Team (Sam Rivera)',
    });
  });

  it('of two staff members deciding an app at once exactly one wins; the other gets 409 with AC010’s text', async () => {
    const other = await staffSession();
    for (const [d1, d2] of [
      ['approve', 'deny'],
      ['deny', 'deny'],
    ] as const) {
      const x = await escalatedApp(nf, admin);
      const both = await Promise.all([
        decide(staff, { id: x.id, kind: 'app', decision: d1, notes: 'Not suitable' }),
        decide(other, { id: x.id, kind: 'app', decision: d2, notes: 'Not suitable' }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: PROVIDER_MSG.alreadyDecided });
      const audits = await t.db.execute(sql`SELECT 1 FROM audit_events WHERE target_type = 'app_request'
        AND target_id = ${String(x.id)} AND action LIKE 'app_request.team_%'`);
      expect(audits.rows.length).toBe(1);
    }
  });

  it('a staff decision and the administrator’s cancel at once: exactly one decides the pending app thread', async () => {
    const x = await escalatedApp(nf, admin);
    const [team, cancel] = await Promise.all([
      decide(staff, { id: x.id, kind: 'app', decision: 'approve' }),
      call(t.app, 'POST', '/app_requests', {
        session: admin,
        payload: { package_name: [x.pkg], action: 'deny', status: 'tech' },
      }),
    ]);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // One decision from the pending thread: the team's, or the cancel's (a cancel after the team's
    // approval denies the approved app, as an administrator may).
    const decisions = await t.db.execute<{ action: string }>(sql`SELECT action FROM audit_events
      WHERE target_type = 'app_request' AND target_id = ${String(x.id)} AND details->>'from' = 'pending:tech'`);
    expect(decisions.rows.length).toBe(1);
    expect(decisions.rows[0]!.action).toBe(
      team.statusCode === 200 ? 'app_request.team_approved' : 'app_request.denied',
    );
    expect([200, 409]).toContain(team.statusCode);
  });
});
