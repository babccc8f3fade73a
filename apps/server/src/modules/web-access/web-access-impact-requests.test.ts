/**
 * POST /node/web_access/impact for request approvals (issue 11 'Impact preview'): the subjects of
 * request threads (`request_ids`, one or a batch), a website joining a website group (`join_group_id`),
 * and what else a change unblocks (`also_unblocked`: other blocked websites the new rule covers, the
 * ones with pending requests, the first by name); refusals of each new field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CATEGORIES, IMPACT_SAMPLE_MAX, WEB_ACCESS_MSG, type ImpactResponse } from '@wayguard/contracts';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/harness.js';
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
  admin = await login(t.app, 'admin', 'DemoAdmin2026!');
  teacher = await login(t.app, 'teacher', 'DemoTeacher2026!');
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
