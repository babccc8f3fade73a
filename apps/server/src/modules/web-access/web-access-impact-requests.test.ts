/**
 * POST /node/web_access/impact for request approvals (issue 11 'Impact preview'): the subjects of
 * request threads (`request_ids`, one or a batch), a website joining a website group (`join_group_id`),
 * and what else a change unblocks (`also_unblocked`: other blocked websites the new rule covers, the
 * ones with pending requests, the first by name); the requesters' server connections (scope
 * `requesters_connections`, 'Approve for this server connection'); refusals of each new field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CATEGORIES, IMPACT_SAMPLE_MAX, WEB_ACCESS_MSG, type ImpactResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { sqlArray } from '../../lib/sql-array.js';
import { accountOf, addGroup, addRule, addWebsite, clearWebAccess } from '../../test/web-access-data.js';

let t: TestApp;
let admin: Session;
let teacher: Session;
let nf: number;
let rf: number;
let devices = 0;
let users = 0;
const GAMES = CATEGORIES.find((c) => c.key === 'games')!.id;
const SPORTS = CATEGORIES.find((c) => c.key === 'sports')!.id;

/** Sites of the tests, blocked for the whole account by their category (Games) unless told otherwise. */
const site: Record<string, number> = {};
const thread: Record<string, number> = {};

async function newThread(accountId: number, host: string, websiteId: number | null, state = 'pending') {
  const r = await t.db.execute<{ id: number }>(sql`INSERT INTO access_requests
    (account_id, kind, state, website, subject_key, website_id, category_id)
    VALUES (${accountId}, 'website', ${state}, ${host}, ${host}, ${websiteId}, ${GAMES}) RETURNING id`);
  return r.rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  teacher = await signInAs(t, 'teacher');
  nf = await accountOf(t.db, 'NF-100245');
  rf = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts WHERE id <> ${nf} ORDER BY id LIMIT 1`)).rows[0]!
    .id;
  await clearWebAccess(t.db, nf);
  await t.db.execute(sql`DELETE FROM access_requests WHERE account_id = ${nf}`);
  await t.db.execute(sql`UPDATE accounts SET web_default_mode = 'allow_unless_blocked' WHERE id = ${nf}`);
  for (const name of ['zq-play.example', 'a.zq-play.example', 'b.zq-play.example', 'zq-arcade.example'])
    site[name] = await addWebsite(t.db, nf, { name, categoryId: GAMES });
  // Allowed on its own: not 'also unblocked' by anything.
  site['c.zq-play.example'] = await addWebsite(t.db, nf, { name: 'c.zq-play.example', categoryId: GAMES });
  await addRule(t.db, nf, {
    scope: 'account',
    subject: 'website',
    subjectId: site['c.zq-play.example']!,
    action: 'ALLOW',
  });
  // Blocked by a more specific rule than the subject's: stays blocked.
  site['d.zq-play.example'] = await addWebsite(t.db, nf, { name: 'd.zq-play.example', categoryId: SPORTS });
  await addRule(t.db, nf, {
    scope: 'account',
    subject: 'website',
    subjectId: site['d.zq-play.example']!,
    action: 'BLOCK',
  });
  await addRule(t.db, nf, { scope: 'account', subject: 'category', subjectId: GAMES, action: 'BLOCK' });
  thread.play = await newThread(nf, 'zq-play.example', site['zq-play.example']!);
  thread.arcade = await newThread(nf, 'zq-arcade.example', site['zq-arcade.example']!);
  // A pending request for a covered host: 'with pending requests'.
  thread.a = await newThread(nf, 'a.zq-play.example', site['a.zq-play.example']!);
  const one = async (q: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(q)).rows[0]!.n);
  devices = await one(sql`SELECT count(*) AS n FROM devices WHERE account_id = ${nf} AND deactivated_date IS NULL`);
  users = await one(sql`SELECT (SELECT count(*) FROM server_users WHERE account_id = ${nf} AND status = 'activated')
    + (SELECT count(*) FROM users WHERE account_id = ${nf} AND status <> 'deactivated') AS n`);
});
afterAll(async () => t.close());

const preview = (payload: Record<string, unknown>, session = admin) =>
  call(t.app, 'POST', '/node/web_access/impact', { session, payload: { scope: { kind: 'account' }, ...payload } });
const ok = async (payload: Record<string, unknown>) => {
  const res = await preview(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImpactResponse>();
};
const refusal = async (payload: Record<string, unknown>) => {
  const res = await preview(payload);
  return [res.statusCode, res.json<{ error: string }>().error];
};

describe('the impact of approving request threads', () => {
  it('a thread for the whole account: every device and user, and the blocked subdomains its pattern covers', async () => {
    const body = await ok({ rule: 'allow', request_ids: [thread.play] });
    expect(body).toMatchObject({ devices_changed: devices, users_changed: users });
    // a. and b. are blocked by Games and covered by the ends_with pattern; c. is allowed already; d.
    // is blocked by its own (more specific) rule.
    expect(body.also_unblocked).toEqual({
      websites: 2,
      with_pending_requests: 1,
      sample: [
        { id: site['a.zq-play.example'], name: 'a.zq-play.example' },
        { id: site['b.zq-play.example'], name: 'b.zq-play.example' },
      ],
      partial: false,
    });
    // The same as naming the website itself.
    expect(await ok({ rule: 'allow', website_id: site['zq-play.example'] })).toEqual(body);
  });

  it('a batch: a member counts once; the batch subjects are not "also" unblocked', async () => {
    const body = await ok({ rule: 'allow', request_ids: [thread.play, thread.arcade, thread.a] });
    expect(body.devices_changed).toBe(devices);
    expect(body.users_changed).toBe(users);
    expect(body.also_unblocked.sample.map((s) => s.name)).toEqual(['b.zq-play.example']);
    expect(body.also_unblocked.with_pending_requests).toBe(0);
  });

  it('a category: its blocked websites, named in order, at most IMPACT_SAMPLE_MAX', async () => {
    for (let i = 0; i < IMPACT_SAMPLE_MAX + 2; i++)
      await addWebsite(t.db, nf, { name: `zq-more-${i}.example`, categoryId: GAMES });
    const body = await ok({ rule: 'allow', category_id: GAMES });
    expect(body.devices_changed).toBe(devices);
    // Every Games site but c. (its own allow): the four, and the new ones.
    expect(body.also_unblocked.websites).toBe(4 + IMPACT_SAMPLE_MAX + 2);
    expect(body.also_unblocked.sample).toHaveLength(IMPACT_SAMPLE_MAX);
    expect(body.also_unblocked.sample[0]!.name).toBe('a.zq-play.example');
    expect(body.also_unblocked.with_pending_requests).toBe(3);
  });

  it('joining a website group: what its rules make of the website, and of what its pattern covers', async () => {
    const allowed = await addGroup(t.db, nf, 'zq allowed games', []);
    await addRule(t.db, nf, { scope: 'account', subject: 'website_group', subjectId: allowed, action: 'ALLOW' });
    const joined = await ok({ rule: 'allow', request_ids: [thread.arcade], join_group_id: allowed });
    expect(joined).toMatchObject({ devices_changed: devices, users_changed: users });
    expect(joined.also_unblocked.websites).toBe(0);
    const wide = await ok({ rule: 'allow', request_ids: [thread.play], join_group_id: allowed });
    expect(wide.also_unblocked.sample.map((s) => s.name)).toEqual(['a.zq-play.example', 'b.zq-play.example']);
    // A group without rules changes nothing.
    const bare = await addGroup(t.db, nf, 'zq bare', []);
    expect(await ok({ rule: 'allow', request_ids: [thread.arcade], join_group_id: bare })).toMatchObject({
      devices_changed: 0,
      users_changed: 0,
      also_unblocked: { websites: 0, sample: [] },
    });
  });

  it('a thread without its websites row yet takes no part: nothing changes', async () => {
    const orphan = await newThread(nf, 'zq-orphan.example', null);
    expect(await ok({ rule: 'allow', request_ids: [orphan] })).toMatchObject({ devices_changed: 0, users_changed: 0 });
  });

  it('refuses unknown and foreign threads and groups, a join that is not an allow or not of websites, two subjects', async () => {
    expect(await refusal({ rule: 'allow', request_ids: [2_000_000_000] })).toEqual([
      404,
      WEB_ACCESS_MSG.requestsNotFound,
    ]);
    const foreign = await newThread(rf, 'zq-foreign.example', null);
    expect(await refusal({ rule: 'allow', request_ids: [thread.play, foreign] })).toEqual([
      404,
      WEB_ACCESS_MSG.requestsNotFound,
    ]);
    const g = await addGroup(t.db, nf, 'zq refusals', []);
    expect(await refusal({ rule: 'block', request_ids: [thread.play], join_group_id: g })).toEqual([
      400,
      WEB_ACCESS_MSG.joinGroupAllowOnly,
    ]);
    expect(await refusal({ rule: 'allow', request_ids: [thread.play], join_group_id: 2_000_000_000 })).toEqual([
      404,
      WEB_ACCESS_MSG.groupNotFound,
    ]);
    const media = await addWebsite(t.db, nf, { name: 'zq-video.example/watch', match: 'exact', kind: 'media' });
    expect(await refusal({ rule: 'allow', media_id: media, join_group_id: g })).toEqual([
      400,
      WEB_ACCESS_MSG.joinGroupWebsitesOnly,
    ]);
    expect(await refusal({ rule: 'allow', request_ids: [thread.play], website_id: site['zq-arcade.example'] })).toEqual(
      [400, WEB_ACCESS_MSG.oneSubject],
    );
    expect((await preview({ rule: 'allow', request_ids: [] })).statusCode).toBe(400);
    expect((await preview({ rule: 'allow', request_ids: [thread.play] }, teacher)).statusCode).toBe(403);
  });
});

describe("the impact of approving for the requesters' server connections", () => {
  const count = async (q: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(q)).rows[0]!.n);
  /** A server user of the connection asks for the thread (as the device API records an ask). */
  const askAs = async (threadId: number, serverUserId: number) =>
    t.db.execute(sql`INSERT INTO access_request_asks (account_id, request_id, requester_kind, requester_id,
      requester_name, notes, asked_at) VALUES (${nf}, ${threadId}, 'server_user', ${serverUserId}, 'zq pupil', '', now())`);
  const members = async (connections: number[]) => ({
    devices: await count(sql`SELECT count(*) AS n FROM devices d JOIN server_users su ON su.id = d.user_ref_id
      AND su.account_id = d.account_id WHERE d.account_id = ${nf} AND d.deactivated_date IS NULL
      AND d.user_kind IN ('server_user', 'local_user') AND su.connection_id = ANY(${sqlArray(connections)}::int[])`),
    users: await count(sql`SELECT count(*) AS n FROM server_users WHERE account_id = ${nf} AND status = 'activated'
      AND connection_id = ANY(${sqlArray(connections)}::int[])`),
  });
  const connections = async () =>
    (
      await t.db.execute<{ id: number; su: number }>(sql`SELECT c.id, min(su.id) AS su FROM server_connections c
        JOIN server_users su ON su.connection_id = c.id AND su.account_id = c.account_id
        WHERE c.account_id = ${nf} GROUP BY c.id ORDER BY c.id`)
    ).rows;
  const viaConnections = (request_ids: number[]) =>
    preview({ scope: { kind: 'requesters_connections' }, rule: 'allow', request_ids });

  it("counts the members of the requester's connection only, and what the allow there also unblocks", async () => {
    const [first] = await connections();
    const th = await newThread(
      nf,
      'zq-conn.example',
      await addWebsite(t.db, nf, { name: 'zq-conn.example', categoryId: GAMES }),
    );
    await addWebsite(t.db, nf, { name: 'x.zq-conn.example', categoryId: GAMES });
    await askAs(th, first!.su);
    const m = await members([first!.id]);
    expect(m.devices).toBeGreaterThan(0);
    expect(m.devices).toBeLessThan(devices);
    const res = await viaConnections([th]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImpactResponse>()).toEqual({
      devices_changed: m.devices,
      users_changed: m.users,
      devices_in_scope: m.devices,
      users_in_scope: m.users,
      also_unblocked: {
        websites: 1,
        with_pending_requests: 0,
        sample: [{ id: expect.any(Number), name: 'x.zq-conn.example' }],
        partial: false,
      },
    });
    // A connection that allows the site already: its members do not change, and neither does x.
    await addRule(t.db, nf, {
      scope: 'connection',
      scopeId: first!.id,
      subject: 'category',
      subjectId: GAMES,
      action: 'ALLOW',
    });
    const kept = (await viaConnections([th])).json<ImpactResponse>();
    expect(kept).toMatchObject({ devices_changed: 0, users_changed: 0, devices_in_scope: m.devices });
    expect(kept.also_unblocked.websites).toBe(0);
    await t.db.execute(sql`DELETE FROM web_access_rules WHERE account_id = ${nf} AND scope_kind = 'connection'`);
  });

  it('a thread asked from two connections counts the members of both', async () => {
    const [first] = await connections();
    // A second connection takes one server user of the first, with its devices.
    const second = await count(sql`INSERT INTO server_connections (account_id, name, connection_type)
      VALUES (${nf}, 'zq second', 'ad') RETURNING id AS n`);
    const moved =
      await count(sql`SELECT min(su.id) AS n FROM server_users su JOIN devices d ON d.account_id = su.account_id
      AND d.user_kind = 'server_user' AND d.user_ref_id = su.id AND d.deactivated_date IS NULL
      WHERE su.account_id = ${nf} AND su.connection_id = ${first!.id} AND su.status = 'activated'
        AND su.id <> ${first!.su}`);
    await t.db.execute(sql`UPDATE server_users SET connection_id = ${second} WHERE id = ${moved}`);
    try {
      const th = await newThread(
        nf,
        'zq-two.example',
        await addWebsite(t.db, nf, { name: 'zq-two.example', categoryId: GAMES }),
      );
      await askAs(th, first!.su);
      await askAs(th, moved);
      const both = await members([first!.id, second]);
      const one = await members([first!.id]);
      expect(both.devices).toBeGreaterThan(one.devices);
      expect((await viaConnections([th])).json<ImpactResponse>()).toMatchObject({
        devices_changed: both.devices,
        users_changed: both.users,
        devices_in_scope: both.devices,
        users_in_scope: both.users,
      });
    } finally {
      await t.db.execute(sql`UPDATE server_users SET connection_id = ${first!.id} WHERE id = ${moved}`);
    }
  });

  it('a thread no server user asked for has no connection: nothing changes', async () => {
    expect((await viaConnections([thread.arcade!])).json<ImpactResponse>()).toMatchObject({
      devices_changed: 0,
      users_changed: 0,
      devices_in_scope: 0,
      users_in_scope: 0,
    });
  });

  it('refuses it without request threads, and a foreign thread', async () => {
    const res = await preview({
      scope: { kind: 'requesters_connections' },
      rule: 'allow',
      website_id: site['zq-play.example'],
    });
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([
      400,
      WEB_ACCESS_MSG.requestersConnectionsNeedRequests,
    ]);
    const foreign = await newThread(rf, 'zq-foreign-conn.example', null);
    const gone = await viaConnections([foreign]);
    expect([gone.statusCode, gone.json<{ error: string }>().error]).toEqual([404, WEB_ACCESS_MSG.requestsNotFound]);
  });
});
