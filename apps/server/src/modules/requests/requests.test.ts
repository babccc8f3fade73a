import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  BLOCK_MSG,
  CATEGORIES,
  LOCKED_CATEGORY_IDS,
  REQUEST_MSG,
  type BlockBatchResponse,
  type BlockLookupsResponse,
  type BlockResult,
  type RequestActionResponse,
  type RequestConnectionsResponse,
  type RequestDetailsResponse,
  type RequestDevicesResponse,
  type RequestUsersResponse,
  type RequestsListResponse,
  type WebsiteGroupsResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { enrolDevice, newEnrolmentToken } from '../../test/agent.js';
import { forgetAllSessions } from '../../domain/sessions/session-cache.js';

let t: TestApp;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let family: Session;
let token: string;
let nf: number;
let rf: number;
const SOCIAL = CATEGORIES.find((c) => c.key === 'social_networks')!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  reviewer = await signInAs(t, 'reviewer');
  teacher = await signInAs(t, 'teacher');
  family = await signInAs(t, 'family');
  token = (await newEnrolmentToken(t, admin)).secret;
  const ids = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id`)).rows;
  nf = ids[0]!.id;
  rf = ids[1]!.id;
});
afterAll(async () => t.close());

const list = async (s: Session, query: Record<string, string>) => {
  const res = await call(t.app, 'GET', '/requests', { session: s, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RequestsListResponse>();
};
const act = (s: Session, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/requests', { session: s, payload: { type: 'website', ...payload } });
const results = async (s: Session, payload: Record<string, unknown>) => {
  const res = await act(s, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RequestActionResponse>();
};

let n = 0;
/** A new pending thread (blocked site, asked by `devices` new machines); its id and host. */
async function newThread(devices = 1, categoryId = SOCIAL): Promise<{ id: number; host: string; deviceIds: number[] }> {
  const host = `req-${++n}-${Date.now()}.example`;
  await t.db
    .execute(sql`INSERT INTO websites (account_id, kind, name, url, pattern, match_mode, host, path, category_id)
    VALUES (${nf}, 'website', ${host}, ${'https://' + host}, ${host}, 'ends_with', ${host}, '/', ${categoryId})`);
  let id = 0;
  const deviceIds: number[] = [];
  for (let i = 0; i < devices; i++) {
    const d = await enrolDevice(t, token);
    deviceIds.push(d.device_id);
    const res = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/requests`,
      headers: { authorization: `Bearer ${d.device_secret}` },
      payload: { request_id: `t-${n}-${i}`, kind: 'website', url: `https://${host}/`, notes: `note ${i}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json<{ request_id: number }>().request_id;
  }
  expect(id).toBeGreaterThan(0);
  return { id, host, deviceIds };
}
const row = async (id: number) =>
  (await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM access_requests WHERE id = ${id}`)).rows[0]!;
const rulesOf = async (id: number) =>
  (
    await t.db.execute<{ scope_kind: string; scope_id: number; action: string; expires_at: string | null }>(
      sql`SELECT scope_kind, scope_id, action, expires_at FROM web_access_rules WHERE request_id = ${id} ORDER BY id`,
    )
  ).rows;

describe('GET /requests', () => {
  it('lists the demo threads per list with the six counts', async () => {
    const pending = await list(admin, { type: 'website' });
    expect(pending.counts).toMatchObject({
      total_pending_admin_count: expect.any(Number),
      total_pending_tech_count: 2,
      total_approved_count: 5,
      total_denied_count: 4,
    });
    expect(pending.counts.total_pending_count).toBe(
      pending.counts.total_pending_admin_count + pending.counts.total_pending_tech_count,
    );
    expect(pending.total_count).toBe(pending.counts.total_pending_admin_count);
    expect(pending.requests.every((r) => r.state === 'pending' && r.status === 'admin')).toBe(true);
    // Newest first by default.
    const times = pending.requests.map((r) => r.requested);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const several = pending.requests.find((r) => r.device_count === 3);
    expect(several).toMatchObject({ associationType: 'devices', for: { value: '3 devices', isPopup: true } });

    const approved = await list(admin, { type: 'website', state: 'approved', status: 'all' });
    expect(approved.total_count).toBe(5);
    expect(approved.requests.filter((r) => r.expires > 0)).toHaveLength(2);
    const expiring = await list(admin, { type: 'website', state: 'approved', status: 'all', expiring: '1' });
    expect(expiring.requests).toHaveLength(1);
    const denied = await list(admin, { type: 'website', state: 'denied', status: 'all' });
    expect(denied.requests.find((r) => r.status === 'tech')).toMatchObject({ can_request_review: false });
    expect(denied.requests.filter((r) => r.prevent_requests)).toHaveLength(1);
    const media = await list(admin, { type: 'media', media_types: 'video' });
    expect(media.total_count).toBe(4);
  });

  it('searches, sorts and pages; the merged statuses keep their order', async () => {
    const all = await list(admin, { type: 'website', state: 'denied', status: 'all', sort_by: 'url', count: '25' });
    const urls = all.requests.map((r) => r.website);
    expect([...urls].sort()).toEqual(urls);
    const page2 = await list(admin, {
      type: 'website',
      state: 'denied',
      status: 'all',
      sort_by: 'url',
      count: '25',
      page: '2',
    });
    expect(page2.requests).toEqual([]);
    expect(page2.total_count).toBe(all.total_count);
    const hit = await list(admin, { type: 'website', state: 'denied', status: 'all', query: urls[0]!.slice(8, 14) });
    expect(hit.requests.length).toBeGreaterThan(0);
    expect((await list(admin, { type: 'website', query: 'no-such-site-anywhere' })).requests).toEqual([]);
  });

  it('refuses bad parameters with 400, and keeps accounts apart', async () => {
    const bad = await call(t.app, 'GET', '/requests', { session: admin, query: { state: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    const mine = await list(admin, { type: 'website', query: 'RIVERSIDE' });
    expect(mine.requests).toEqual([]);
    const theirs = await list(family, { type: 'website' });
    expect(theirs.requests.map((r) => r.title)).toEqual(['RIVERSIDE-MARKER site']);
  });
});

describe('GET /requests/details, /requests/devices, POST /requests/bookmark, export', () => {
  it("answers a thread's devices and asks; another account's thread is unknown", async () => {
    const th = await newThread(2);
    const res = await call(t.app, 'GET', '/requests/details', {
      session: teacher,
      query: { id: String(th.id), type: 'website' },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json<RequestDetailsResponse>();
    expect(d.devices).toHaveLength(2);
    expect(d.asks.map((a) => a.notes)).toEqual(['note 0', 'note 1']);
    const dev = await call(t.app, 'GET', '/requests/devices', {
      session: admin,
      query: { id: String(th.id), type: 'website' },
    });
    expect(dev.json()).toEqual({ devices: d.devices });
    const foreign = await call(t.app, 'GET', '/requests/devices', {
      session: family,
      query: { id: String(th.id), type: 'website' },
    });
    const missing = await call(t.app, 'GET', '/requests/devices', {
      session: family,
      query: { id: '2000000000', type: 'website' },
    });
    expect([foreign.statusCode, foreign.body]).toEqual([404, missing.body]);
    expect(foreign.json()).toMatchObject({ error: REQUEST_MSG.requestNotFound });
  });

  it('an approved thread answers the devices its For value counts, not only the asking ones (RL-36)', async () => {
    const th = await newThread(1);
    const others = (
      await t.db.execute<{ serial: string; kind: 'machine' | 'mobile' }>(
        sql`SELECT serial, kind FROM devices WHERE account_id = ${nf} AND id <> ${th.deviceIds[0]!} ORDER BY id LIMIT 2`,
      )
    ).rows;
    await results(admin, {
      id: [th.id],
      action: 'approve_and_add_to_device_whitelist',
      devices: others.map((d) => ({ id: d.serial, type: d.kind })),
    });
    const shown = (await list(admin, { type: 'website', state: 'approved', status: 'all' })).requests.find(
      (r) => r.id === th.id,
    )!;
    expect(shown.for).toEqual({ value: '2 devices', isPopup: true, popup: 'devices' });
    const dev = await call(t.app, 'GET', '/requests/devices', {
      session: admin,
      query: { id: String(th.id), type: 'website' },
    });
    expect(
      dev
        .json<RequestDevicesResponse>()
        .devices.map((d) => d.id)
        .sort(),
    ).toEqual(others.map((d) => d.serial).sort());
    // Denied: its device rules are gone; the asking device answers.
    await results(admin, { id: [th.id], action: 'deny' });
    const after = await call(t.app, 'GET', '/requests/devices', {
      session: admin,
      query: { id: String(th.id), type: 'website' },
    });
    expect(after.json<RequestDevicesResponse>().devices).toHaveLength(1);
  });

  it('lists the users and server connections of a thread approved for several users; another account’s is unknown', async () => {
    const pending = await list(admin, { type: 'website', count: '100' });
    const th = pending.requests.find((r) => r.requester_count >= 3)!;
    expect(th, 'the demo thread asked by three pupils').toBeTruthy();
    expect(await results(admin, { id: [th.id], action: 'approve_and_add_to_user_whitelist' })).toEqual([
      { id: th.id, action: 'added' },
    ]);
    const shown = (await list(admin, { type: 'website', state: 'approved', status: 'all' })).requests.find(
      (r) => r.id === th.id,
    )!;
    expect(shown).toMatchObject({ associationType: 'user', for: { isPopup: true, popup: 'users' } });
    const users = await call(t.app, 'GET', '/requests/users', {
      session: teacher,
      query: { id: String(th.id), type: 'website' },
    });
    expect(users.statusCode, users.body).toBe(200);
    const asked = (
      await t.db.execute<{ id: number; kind: string; name: string }>(sql`SELECT DISTINCT requester_id AS id,
        requester_kind AS kind, requester_name AS name FROM access_request_asks WHERE request_id = ${th.id}`)
    ).rows;
    expect(users.json<RequestUsersResponse>().users).toHaveLength(asked.length);
    expect(users.json<RequestUsersResponse>().users).toEqual(expect.arrayContaining(asked));
    const conns = await call(t.app, 'GET', '/requests/connections', {
      session: admin,
      query: { id: String(th.id), type: 'website' },
    });
    const expected = (
      await t.db.execute<{ id: number; name: string }>(sql`SELECT DISTINCT c.id, c.name FROM access_request_asks k
        JOIN server_users su ON su.id = k.requester_id JOIN server_connections c ON c.id = su.connection_id
        WHERE k.request_id = ${th.id} AND k.requester_kind = 'server_user' ORDER BY c.id`)
    ).rows;
    expect(conns.json<RequestConnectionsResponse>()).toEqual({ connections: expected });
    for (const path of ['/requests/users', '/requests/connections']) {
      const foreign = await call(t.app, 'GET', path, {
        session: family,
        query: { id: String(th.id), type: 'website' },
      });
      expect([path, foreign.statusCode]).toEqual([path, 404]);
      expect(foreign.json()).toMatchObject({ error: REQUEST_MSG.requestNotFound });
      const media = await call(t.app, 'GET', path, { session: admin, query: { id: String(th.id), type: 'media' } });
      expect([path, media.statusCode]).toEqual([path, 404]);
      const bad = await call(t.app, 'GET', path, { session: admin, query: { id: 'x', type: 'website' } });
      expect([path, bad.statusCode]).toEqual([path, 400]);
    }
  });

  it('bookmarks approved threads only, and exports the list as XLSX', async () => {
    const approved = await list(admin, { type: 'website', state: 'approved', status: 'all' });
    const id = approved.requests[0]!.id;
    const res = await call(t.app, 'POST', '/requests/bookmark', {
      session: reviewer,
      payload: { action: 'add', requestList: [{ id, type: 'website' }] },
    });
    expect(res.json()).toEqual({ success: true });
    expect((await row(id)).bookmarked).toBe(true);
    expect(
      (await list(admin, { type: 'website', state: 'approved', status: 'all', bookmarked: '1' })).total_count,
    ).toBe(1);
    const forbidden = await call(t.app, 'POST', '/requests/bookmark', {
      session: teacher,
      payload: { action: 'remove', requestList: [{ id, type: 'website' }] },
    });
    expect(forbidden.statusCode).toBe(403);
    const x = await call(t.app, 'GET', '/requests/export', {
      session: admin,
      query: { state: 'approved', status: 'all' },
    });
    expect(x.statusCode).toBe(200);
    expect(x.json()).toMatchObject({ filename: expect.stringMatching(/^website-requests-\d{4}-\d{2}-\d{2}\.xlsx$/) });
  });
});

describe('POST /requests', () => {
  it('approves for the whole account by default: an allow at the account from the request, with its expiry', async () => {
    const th = await newThread();
    expect(
      await results(admin, { id: [th.id], action: 'approve_and_add_to_company_whitelist', expires: '7d' }),
    ).toEqual([{ id: th.id, action: 'added' }]);
    const r = await row(th.id);
    expect(r).toMatchObject({
      state: 'approved',
      association_type: 'company',
      for_name: 'Account list',
      processor_name: 'Alex Morgan',
    });
    const rules = await rulesOf(th.id);
    expect(rules).toMatchObject([{ scope_kind: 'account', scope_id: 0, action: 'ALLOW' }]);
    const days = (new Date(rules[0]!.expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const audits = await t.db.execute(
      sql`SELECT 1 FROM audit_events WHERE action = 'request.approve_and_add_to_company_whitelist' AND target_id = ${String(th.id)}`,
    );
    expect(audits.rows).toHaveLength(1);
  });

  it('names the processor by full name, else by username (the one naming rule)', async () => {
    await t.db.execute(sql`UPDATE users SET first_name = '', last_name = '' WHERE username = 'admin'`);
    forgetAllSessions();
    try {
      const th = await newThread();
      await results(admin, { id: [th.id], action: 'deny' });
      expect(await row(th.id)).toMatchObject({ state: 'denied', processor_name: 'admin' });
    } finally {
      await t.db.execute(sql`UPDATE users SET first_name = 'Alex', last_name = 'Morgan' WHERE username = 'admin'`);
      forgetAllSessions();
    }
  });

  it('approves for the devices of the thread, and an approved thread for more devices', async () => {
    const th = await newThread(2);
    await results(reviewer, { id: [th.id], action: 'approve_and_add_to_device_whitelist' });
    expect((await rulesOf(th.id)).map((r) => [r.scope_kind, r.scope_id])).toEqual(
      th.deviceIds.map((id) => ['device', id]),
    );
    expect(await row(th.id)).toMatchObject({ association_type: 'devices', for_name: '2 devices' });
    const other = (
      await t.db.execute<{ serial: string }>(
        sql`SELECT serial FROM devices WHERE account_id = ${nf} AND kind = 'mobile' ORDER BY id LIMIT 1`,
      )
    ).rows[0]!;
    expect(
      await results(admin, {
        id: [th.id],
        action: 'add_to_device_whitelist',
        devices: [{ id: other.serial, type: 'mobile' }],
      }),
    ).toEqual([{ id: th.id, action: 'added' }]);
    expect(await rulesOf(th.id)).toHaveLength(3);
    expect(await row(th.id)).toMatchObject({ state: 'approved', for_name: '3 devices' });
  });

  it('denies, and an approved thread denied or blocked loses (or turns) its rules', async () => {
    const [a, b] = [await newThread(), await newThread()];
    await results(admin, { id: [a.id, b.id], action: 'approve_and_add_to_company_whitelist' });
    expect(await results(admin, { id: [a.id], action: 'deny', reason: 'Changed our mind' })).toEqual([
      { id: a.id, action: 'removed' },
    ]);
    expect(await rulesOf(a.id)).toEqual([]);
    expect(await row(a.id)).toMatchObject({ state: 'denied', reason: 'Changed our mind' });
    await results(admin, { id: [b.id], action: 'block' });
    expect((await rulesOf(b.id)).map((r) => r.action)).toEqual(['BLOCK']);
  });

  it('deny and prevent: later asks answer prevented until an administrator approves', async () => {
    const th = await newThread();
    await results(admin, { id: [th.id], action: 'deny_and_prevent_requests' });
    expect(await row(th.id)).toMatchObject({ state: 'denied', prevent_requests: true });
    const d = await enrolDevice(t, token);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `${AGENT_BASE}/requests`,
        headers: { authorization: `Bearer ${d.device_secret}` },
        payload: { request_id: `p-${Date.now()}-${Math.random()}`.replace('.', ''), kind: 'website', url: th.host },
      });
    expect((await ask()).json()).toMatchObject({ status: 'prevented', request_id: th.id });
    await results(admin, { id: [th.id], action: 'approve' });
    expect(await row(th.id)).toMatchObject({ state: 'approved', prevent_requests: false });
  });

  it('answers each item: AC010 for one processed meanwhile, AC020, AC021, and 404 for an unknown id', async () => {
    const [a, b] = [await newThread(), await newThread()];
    await results(admin, { id: [a.id], action: 'approve_and_add_to_company_whitelist' });
    await results(admin, { id: [b.id], action: 'deny' });
    expect(await results(admin, { id: [a.id, b.id], action: 'approve_and_add_to_company_whitelist' })).toEqual([
      { id: a.id, action: 'error', error: 'AC020' },
      { id: b.id, action: 'error', error: 'AC021' },
    ]);
    expect(await results(admin, { id: [b.id], action: 'deny' })).toEqual([
      { id: b.id, action: 'error', error: 'AC021' },
    ]);
    const unknown = await act(admin, { id: [2_000_000_000], action: 'deny' });
    expect(unknown.statusCode).toBe(404);
  });

  it('of two administrators acting at once, exactly one wins', async () => {
    const th = await newThread();
    const other = await signInAs(t, 'reviewer');
    const [x, y] = await Promise.all([
      results(admin, { id: [th.id], action: 'approve_and_add_to_company_whitelist' }),
      results(other, { id: [th.id], action: 'deny_and_prevent_requests' }),
    ]);
    const outcomes = [x[0]!.action, y[0]!.action].sort();
    expect(outcomes.filter((o) => o === 'error')).toHaveLength(1);
    const loser = [x[0]!, y[0]!].find((r) => r.action === 'error')!;
    expect(['AC020', 'AC021']).toContain(loser.error);
  });

  it('reviews: once, only denied, never after the team decided (AC013, AC014, AC011)', async () => {
    const th = await newThread();
    expect(await results(admin, { id: [th.id], action: 'request_review', reason: 'Please look' })).toEqual([
      { id: th.id, action: 'error', error: 'AC013' },
    ]);
    await results(admin, { id: [th.id], action: 'deny' });
    // The one rule of websites, media and apps (contracts canRequestReview): denied by the administrator, not yet sent.
    expect(
      (await list(admin, { type: 'website', state: 'denied', status: 'all' })).requests.find((r) => r.id === th.id),
    ).toMatchObject({ status: 'admin', can_request_review: true });
    expect(await results(admin, { id: [th.id], action: 'request_review', reason: 'Please look' })).toEqual([
      { id: th.id, action: 'requested' },
    ]);
    expect(await row(th.id)).toMatchObject({ state: 'pending', status: 'tech', review_notes: 'Please look' });
    expect(
      (await list(admin, { type: 'website', state: 'pending', status: 'tech' })).requests.find((r) => r.id === th.id),
    ).toMatchObject({ can_request_review: false });
    // Cancelled by the administrator (deny), then asked again: once only.
    await results(admin, { id: [th.id], action: 'deny' });
    expect(await results(admin, { id: [th.id], action: 'request_review', reason: 'Again please' })).toEqual([
      { id: th.id, action: 'error', error: 'AC014' },
    ]);
    const reviewed = (await list(admin, { type: 'website', state: 'denied', status: 'all' })).requests.find(
      (r) => r.status === 'tech',
    )!;
    expect(await results(admin, { id: [reviewed.id], action: 'request_review', reason: 'Please look' })).toEqual([
      { id: reviewed.id, action: 'error', error: 'AC011' },
    ]);
    const short = await act(admin, { id: [th.id], action: 'request_review', reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(REQUEST_MSG.reviewReasonShort);
  });

  it('a review of a subject pupils asked for again takes their pending thread along (one thread per subject)', async () => {
    const th = await newThread();
    await results(admin, { id: [th.id], action: 'deny' });
    // A pupil on another device asks again: a new pending thread of the same subject.
    const d = await enrolDevice(t, token);
    const again = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/requests`,
      headers: { authorization: `Bearer ${d.device_secret}` },
      payload: { request_id: `again-${n}`, kind: 'website', url: `https://${th.host}/x`, notes: 'Still need it' },
    });
    const newer = again.json<{ status: string; request_id: number }>();
    expect(newer.status).toBe('created');
    expect(newer.request_id).not.toBe(th.id);
    expect(await results(admin, { id: [th.id], action: 'request_review', reason: 'Please look' })).toEqual([
      { id: th.id, action: 'requested' },
    ]);
    expect(await row(th.id)).toMatchObject({ state: 'pending', status: 'tech', device_count: 2 });
    expect(await t.db.execute(sql`SELECT 1 FROM access_requests WHERE id = ${newer.request_id}`)).toMatchObject({
      rows: [],
    });
    const asks = await t.db.execute<{ request_id: number }>(
      sql`SELECT request_id FROM access_request_asks WHERE account_id = ${nf} AND device_id = ${d.device_id}`,
    );
    expect(asks.rows).toEqual([{ request_id: th.id }]);
  });

  it('refuses a locked category (AC055), a past expiry and a missing group, and a Console User (403)', async () => {
    const th = await newThread();
    expect(
      await results(admin, {
        id: [th.id],
        action: 'approve_and_add_to_category',
        category_id: [...LOCKED_CATEGORY_IDS][0],
      }),
    ).toEqual([{ id: th.id, action: 'error', error: 'AC055' }]);
    const past = await act(admin, { id: [th.id], action: 'approve', expires: '2020-01-01' });
    expect([past.statusCode, past.json().error]).toEqual([400, REQUEST_MSG.expiryPast]);
    const noGroup = await act(admin, { id: [th.id], action: 'approve_and_add_to_website_group' });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.body).toContain(REQUEST_MSG.groupRequired);
    expect((await act(teacher, { id: [th.id], action: 'deny' })).statusCode).toBe(403);
    expect((await row(th.id)).state).toBe('pending');
  });

  it('a denied row that was approved for the account, a category or a group is approved there again (ST-08)', async () => {
    // A category no other test asks for: its approval takes the place of the school's block.
    const vpn = CATEGORIES.find((c) => c.key === 'vpn_services')!.id;
    const [a, b, c] = [await newThread(), await newThread(1, vpn), await newThread()];
    const g = (
      await call(t.app, 'GET', '/node/web_access/website_groups', { session: teacher })
    ).json<WebsiteGroupsResponse>().groups[0]!;
    await results(admin, { id: [a.id], action: 'approve_and_add_to_company_whitelist' });
    await results(admin, { id: [b.id], action: 'approve_and_add_to_category' });
    await results(admin, { id: [c.id], action: 'approve_and_add_to_website_group', group_id: g.id });
    await results(admin, { id: [a.id, b.id, c.id], action: 'deny', reason: 'Changed our mind' });
    // A device approval is not what the row offers: refused, nothing written.
    expect(await results(admin, { id: [a.id], action: 'approve_and_add_to_device_whitelist' })).toEqual([
      { id: a.id, action: 'error', error: 'AC021' },
    ]);
    // The plain 'approve' of a group row needs its group: refused without one.
    expect(await results(admin, { id: [c.id], action: 'approve' })).toEqual([
      { id: c.id, action: 'error', error: 'AC021' },
    ]);
    expect(await results(admin, { id: [a.id], action: 'approve' })).toEqual([{ id: a.id, action: 'added' }]);
    expect(await row(a.id)).toMatchObject({ state: 'approved', association_type: 'company' });
    expect((await rulesOf(a.id)).map((r) => [r.scope_kind, r.action])).toEqual([['account', 'ALLOW']]);
    expect(await results(admin, { id: [b.id], action: 'approve_and_add_to_category' })).toEqual([
      { id: b.id, action: 'added' },
    ]);
    expect(await row(b.id)).toMatchObject({ state: 'approved', association_type: 'category', association_id: vpn });
    expect(await results(admin, { id: [c.id], action: 'approve_and_add_to_website_group', group_id: g.id })).toEqual([
      { id: c.id, action: 'added' },
    ]);
    expect(await row(c.id)).toMatchObject({ state: 'approved', association_type: 'website_group' });
  });

  it("refuses 'allow for other selected devices' on an approval that is not for devices (ST-11)", async () => {
    const th = await newThread();
    await results(admin, { id: [th.id], action: 'approve_and_add_to_company_whitelist' });
    const other = (
      await t.db.execute<{ serial: string }>(
        sql`SELECT serial FROM devices WHERE account_id = ${nf} AND kind = 'mobile' ORDER BY id LIMIT 1`,
      )
    ).rows[0]!;
    expect(
      await results(admin, {
        id: [th.id],
        action: 'add_to_device_whitelist',
        devices: [{ id: other.serial, type: 'mobile' }],
      }),
    ).toEqual([{ id: th.id, action: 'error', error: 'AC010' }]);
    expect(await row(th.id)).toMatchObject({ association_type: 'company' });
    expect((await rulesOf(th.id)).map((r) => r.scope_kind)).toEqual(['account']);
  });

  it('approves to a website group and for the category', async () => {
    const gambling = CATEGORIES.find((c) => c.key === 'gambling')!.id;
    const [a, b] = [await newThread(), await newThread(1, gambling)];
    const groups = await call(t.app, 'GET', '/node/web_access/website_groups', { session: teacher });
    const g = groups.json<WebsiteGroupsResponse>().groups[0]!;
    expect(await results(admin, { id: [a.id], action: 'approve_and_add_to_website_group', group_id: g.id })).toEqual([
      { id: a.id, action: 'added' },
    ]);
    const member = await t.db.execute(
      sql`SELECT 1 FROM website_group_members m JOIN access_requests r ON r.website_id = m.website_id WHERE r.id = ${a.id} AND m.group_id = ${g.id}`,
    );
    expect(member.rows).toHaveLength(1);
    expect(await row(a.id)).toMatchObject({ association_type: 'website_group', for_name: g.name });
    await results(admin, { id: [b.id], action: 'approve_and_add_to_category' });
    expect(await row(b.id)).toMatchObject({ association_type: 'category', association_id: gambling });
  });

  it('an unexpected failure of one thread answers it AC016 and undoes only its changes (ER-06)', async () => {
    const [good, bad] = [await newThread(), await newThread()];
    // A fault of this one thread's UPDATE only (a trigger of the test).
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_fail_thread() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.id = ${bad.id} AND NEW.state = 'approved' THEN RAISE EXCEPTION 'test fault'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER test_fail_thread BEFORE UPDATE ON access_requests FOR EACH ROW EXECUTE FUNCTION test_fail_thread();`),
    );
    try {
      expect(await results(admin, { id: [bad.id, good.id], action: 'approve_and_add_to_company_whitelist' })).toEqual([
        { id: bad.id, action: 'error', error: 'AC016' },
        { id: good.id, action: 'added' },
      ]);
    } finally {
      await t.db.execute(
        sql.raw('DROP TRIGGER test_fail_thread ON access_requests; DROP FUNCTION test_fail_thread();'),
      );
    }
    expect(await row(good.id)).toMatchObject({ state: 'approved' });
    expect(await rulesOf(good.id)).toHaveLength(1);
    // The failed thread's allow, written before its UPDATE failed, is undone with it.
    expect(await row(bad.id)).toMatchObject({ state: 'pending' });
    expect(await rulesOf(bad.id)).toEqual([]);
  });

  it('a media thread whose subject cannot be made answers AC019, a website AC055 (ER-07)', async () => {
    const media = (await list(admin, { type: 'media' })).requests[0]!;
    const web = await newThread();
    await t.db.execute(sql`UPDATE access_requests SET website_id = NULL, website = 'not an address'
      WHERE id IN (${media.id}, ${web.id})`);
    const res = await call(t.app, 'POST', '/requests', {
      session: admin,
      payload: { type: 'media', id: [media.id], action: 'approve_and_add_to_company_whitelist' },
    });
    expect(res.json()).toEqual([{ id: media.id, action: 'error', error: 'AC019' }]);
    expect(await results(admin, { id: [web.id], action: 'approve_and_add_to_device_whitelist' })).toEqual([
      { id: web.id, action: 'error', error: 'AC055' },
    ]);
  });

  it("answers another account's thread as an unknown one and changes nothing", async () => {
    const th = await newThread();
    const res = await act(family, { id: [th.id], action: 'deny' });
    const missing = await act(family, { id: [2_000_000_000], action: 'deny' });
    expect([res.statusCode, res.body]).toEqual([404, missing.body]);
    expect((await row(th.id)).state).toBe('pending');
    void rf;
  });
});

describe('block requests and lookups', () => {
  const body = (extra: Record<string, unknown>) => ({
    url: `https://blocked-${Date.now()}-${++n}.example`,
    reason: 'Not for school',
    for: 'global',
    notify: { name: 'Alex Morgan', email: 'alex@example.com' },
    ...extra,
  });

  it('lists the targets of the account', async () => {
    const res = await call(t.app, 'GET', '/requests/block', { session: teacher });
    const l = res.json<BlockLookupsResponse>();
    expect(l.machines.length).toBeGreaterThan(0);
    expect(l.server_connections.length).toBeGreaterThan(0);
    expect(JSON.stringify(l)).not.toContain('RIVERSIDE');
  });

  it('blocks for the account and a device; blocking twice answers AC058', async () => {
    const b = body({});
    const first = await call(t.app, 'POST', '/requests/block', { session: admin, payload: b });
    expect(first.json<BlockResult>()).toEqual({ success: true });
    const again = await call(t.app, 'POST', '/requests/block', { session: admin, payload: b });
    expect(again.json<BlockResult>()).toMatchObject({ success: false, error: 'AC058' });
    const serial = (
      await t.db.execute<{ serial: string }>(
        sql`SELECT serial FROM devices WHERE account_id = ${nf} AND kind = 'machine' ORDER BY id LIMIT 1`,
      )
    ).rows[0]!.serial;
    const batch = await call(t.app, 'POST', '/requests/block/batch', {
      session: reviewer,
      payload: body({
        for: 'device',
        items: [
          { id: serial, type: 'machine' },
          { id: 1, type: 'connection' },
        ],
      }),
    });
    const map = batch.json<BlockBatchResponse>();
    expect(map[`machine:${serial}`]).toEqual({ success: true });
    expect(map['connection:1']).toMatchObject({ success: false, error: 'AC056' });
  });

  it('validates the form with the texts of 001 §5', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: '' }, BLOCK_MSG.urlRequired],
      [{ url: 'not a url' }, BLOCK_MSG.urlInvalid],
      [{ reason: '' }, BLOCK_MSG.reasonRequired],
      [{ reason: 'ab' }, BLOCK_MSG.reasonShort],
      [{ notify: { name: '', email: 'a@example.com' } }, BLOCK_MSG.nameRequired],
      [{ notify: { name: 'A', email: 'bad' } }, BLOCK_MSG.emailInvalid],
      [{ for: 'device' }, BLOCK_MSG.targetMissing],
    ];
    for (const [extra, message] of cases) {
      const res = await call(t.app, 'POST', '/requests/block', { session: admin, payload: body(extra) });
      expect([JSON.stringify(extra), res.statusCode, res.body.includes(message)]).toEqual([
        JSON.stringify(extra),
        400,
        true,
      ]);
    }
    const teacherRes = await call(t.app, 'POST', '/requests/block', { session: teacher, payload: body({}) });
    expect(teacherRes.statusCode).toBe(403);
  });

  it("answers another account's device as unknown", async () => {
    const serial = (
      await t.db.execute<{ serial: string }>(
        sql`SELECT serial FROM devices WHERE account_id = ${rf} ORDER BY id LIMIT 1`,
      )
    ).rows[0]!.serial;
    const res = await call(t.app, 'POST', '/requests/block', {
      session: admin,
      payload: body({ for: 'device', device: { id: serial, type: 'machine' } }),
    });
    expect(res.statusCode).toBe(404);
  });
});
