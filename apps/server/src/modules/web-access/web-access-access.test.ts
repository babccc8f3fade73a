/**
 * POST /node/web_access/websites/access (002 §4.3, §7) and POST /node/web_access/test ("Test a
 * website"): a rule set, replaced and removed at the node, audited with before and after, the policy
 * of the devices it concerns made stale; roles; every refusal with its message and nothing changed;
 * two administrators at once leave one rule; the tool's decision, sentence and trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WEB_ACCESS_MSG, type TestWebsiteResponse, type WebAccessListResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { auditRows } from '../../test/helpers.js';
import { accountOf, addRule, addWebsite, clearWebAccess, deviceOf } from '../../test/web-access-data.js';

let t: TestApp;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let nf: number;
let rf: number;
let device: { id: number };
const ids = { site: 0, games: 0, bad: 0, video: 0, foreign: 0 };
const GAMES = 50;
const MALWARE = 1;
const NODE = { node_id: 'NFPC1001', node_type: 'machine' } as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  reviewer = await signInAs(t, 'reviewer');
  teacher = await signInAs(t, 'teacher');
  nf = await accountOf(t.db, 'NF-100245');
  rf = await accountOf(t.db, 'RF-300871');
  device = await deviceOf(t.db, 'NFPC1001');
  await clearWebAccess(t.db, nf);
  ids.site = await addWebsite(t.db, nf, { name: 'zqsite.example' });
  ids.games = await addWebsite(t.db, nf, { name: 'zqarcade.example', categoryId: GAMES });
  ids.bad = await addWebsite(t.db, nf, { name: 'zqbad.example', categoryId: MALWARE });
  ids.video = await addWebsite(t.db, nf, {
    name: 'zqtube.example/v/1',
    kind: 'media',
    mediaType: 'video',
    match: 'exact',
  });
  ids.foreign = await addWebsite(t.db, rf, { name: 'zqforeign.example' });
  await addRule(t.db, nf, { scope: 'account', subject: 'category', subjectId: GAMES, action: 'BLOCK' });
});
afterAll(async () => t.close());

const setAccess = (payload: Record<string, unknown>, session = admin) =>
  call(t.app, 'POST', '/node/web_access/websites/access', { session, payload: { ...NODE, ...payload } });
const rows = async () =>
  (
    await call(t.app, 'GET', '/node/web_access/websites/list', {
      session: admin,
      query: { id: NODE.node_id, type: NODE.node_type, query: 'zq' },
    })
  ).json<WebAccessListResponse>().result;
const rulesAt = async () =>
  (
    await t.db.execute<{ subject_kind: string; subject_id: number; action: string; schedule: unknown }>(sql`
      SELECT subject_kind, subject_id, action, schedule FROM web_access_rules
      WHERE account_id = ${nf} AND scope_kind = 'device' AND scope_id = ${device.id} ORDER BY id`)
  ).rows;
const storedVersion = async () =>
  (
    await t.db.execute<{ v: string }>(
      sql`SELECT policy_version AS v FROM device_configs WHERE device_id = ${device.id}`,
    )
  ).rows[0]?.v;

describe('POST /node/web_access/websites/access', () => {
  it('blocks, allows and returns to inherited; each change audited with before and after', async () => {
    await t.db.execute(sql`UPDATE device_configs SET policy_version = 'v-before' WHERE device_id = ${device.id}`);
    const blocked = await setAccess({ rule: 'block', website_id: ids.site });
    expect(blocked.json()).toEqual({ success: true });
    expect((await rows()).find((r) => r.id === ids.site)).toMatchObject({
      access: 'BLOCK',
      own_access: 'BLOCK',
      block: true,
    });
    expect(await storedVersion()).toBe('');

    await setAccess({ rule: 'allow', website_id: ids.site });
    expect(await rulesAt()).toEqual([
      { subject_kind: 'website', subject_id: ids.site, action: 'ALLOW', schedule: null },
    ]);
    const games = await setAccess({ rule: 'allow', website_id: ids.games });
    expect(games.statusCode).toBe(200);
    const row = (await rows()).find((r) => r.id === ids.games)!;
    expect(row).toMatchObject({ access: 'ALLOW', own_access: 'ALLOW', block_inherited: true });
    expect(row.explain_allow).toContain("which beats the account's block of the category Games");

    await setAccess({ rule: 'inherit', website_id: ids.games });
    expect((await rows()).find((r) => r.id === ids.games)).toMatchObject({ access: 'BLOCK', own_access: 'INHERIT' });

    const audits = await auditRows(t.db, 'web_access.rule_set');
    const last = audits.find((a) => (a.details as { subject: { id: number } }).subject.id === ids.games)!;
    expect(last.details).toMatchObject({
      scope: { kind: 'device', id: device.id },
      subject: { kind: 'website', id: ids.games, name: 'zqarcade.example' },
      before: null,
      after: { action: 'ALLOW', schedule: null, expires_at: null },
    });
    const [removed] = await auditRows(t.db, 'web_access.rule_removed');
    expect(removed!.details).toMatchObject({ before: { action: 'ALLOW' }, after: null });
  });

  it('keeps a schedule and an expiry with the rule; a scheduled rule reads as scheduled', async () => {
    const schedule = { windows: [{ day: 1, from_minute: 510, to_minute: 930 }] };
    const expires = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await setAccess({ rule: 'block', media_id: ids.video, schedule, expires_at: expires });
    expect(res.statusCode, res.body).toBe(200);
    const media = await call(t.app, 'GET', '/node/web_access/media/list', {
      session: admin,
      query: { id: NODE.node_id, type: NODE.node_type, query: 'zq' },
    });
    const item = media.json<WebAccessListResponse>().result.find((r) => r.id === ids.video)!;
    expect(item).toMatchObject({ own_access: 'BLOCK', scheduled: true, schedule });
    expect(Date.parse(item.expires_at!)).toBe(Date.parse(expires));
  });

  it('allows and blocks categories and custom categories at the node', async () => {
    const res = await setAccess({ rule: 'allow', category_id: GAMES });
    expect(res.statusCode).toBe(200);
    expect((await rows()).find((r) => r.id === ids.games)).toMatchObject({ access: 'ALLOW', own_access: 'INHERIT' });
    await setAccess({ rule: 'inherit', category_id: GAMES });
  });

  it('refuses a Console User and a Request Admin (403), changing nothing', async () => {
    const before = await rulesAt();
    for (const s of [teacher, reviewer])
      expect((await setAccess({ rule: 'block', website_id: ids.site }, s)).statusCode).toBe(403);
    expect(await rulesAt()).toEqual(before);
  });

  it.each([
    [
      'allowing a locked category',
      { rule: 'allow', category_id: MALWARE },
      400,
      WEB_ACCESS_MSG.lockedCategory('Malware'),
    ],
    [
      'allowing a site of a locked category',
      { rule: 'allow', website_id: 0 },
      400,
      WEB_ACCESS_MSG.lockedCategory('Malware'),
    ],
    ['an unknown category', { rule: 'block', category_id: 999 }, 400, WEB_ACCESS_MSG.categoryUnknown],
    ['two subjects', { rule: 'block', website_id: 0, category_id: GAMES }, 400, WEB_ACCESS_MSG.oneSubject],
    ['no subject', { rule: 'block' }, 400, WEB_ACCESS_MSG.oneSubject],
    ['an unknown rule', { rule: 'maybe', category_id: GAMES }, 400, WEB_ACCESS_MSG.ruleUnknown],
    [
      'a schedule on inherit',
      { rule: 'inherit', category_id: GAMES, schedule: { windows: [{ day: 1, from_minute: 0, to_minute: 60 }] } },
      400,
      WEB_ACCESS_MSG.scheduleOnInherit,
    ],
    [
      'an empty time window',
      { rule: 'block', category_id: GAMES, schedule: { windows: [{ day: 1, from_minute: 60, to_minute: 60 }] } },
      400,
      WEB_ACCESS_MSG.scheduleWindowEmpty,
    ],
    [
      'an end in the past',
      { rule: 'block', category_id: GAMES, expires_at: '2020-01-01T00:00:00Z' },
      400,
      WEB_ACCESS_MSG.expiryPast,
    ],
    ["another account's website", { rule: 'block', website_id: -1 }, 404, WEB_ACCESS_MSG.subjectNotFound],
    [
      'an unknown node type',
      { rule: 'block', category_id: GAMES, node_type: 'printer' },
      400,
      WEB_ACCESS_MSG.nodeTypeUnknown,
    ],
    [
      "another account's device",
      { rule: 'block', category_id: GAMES, node_id: 'RFPC0001' },
      404,
      WEB_ACCESS_MSG.nodeNotFound,
    ],
  ])('refuses %s with its message, changing nothing', async (_label, payload, status, message) => {
    const body: Record<string, unknown> = { ...payload };
    if (body.website_id === 0) body.website_id = ids.bad;
    if (body.website_id === -1) body.website_id = ids.foreign;
    const before = await rulesAt();
    const res = await setAccess(body);
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([status, message]);
    expect(await rulesAt()).toEqual(before);
  });

  it('two administrators setting the same rule at once leave one rule, the later one', async () => {
    const [a, b] = await Promise.all([
      setAccess({ rule: 'block', website_id: ids.site }),
      setAccess({ rule: 'allow', website_id: ids.site }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const site = (await rulesAt()).filter((r) => r.subject_kind === 'website' && r.subject_id === ids.site);
    expect(site).toHaveLength(1);
  });
});

describe('POST /node/web_access/test', () => {
  const test = (url: string, session = admin) =>
    call(t.app, 'POST', '/node/web_access/test', { session, payload: { ...NODE, url } });

  it('decides a URL for the device now, with the sentence and the trace', async () => {
    await setAccess({ rule: 'allow', website_id: ids.games });
    const res = await test('https://WWW.zqarcade.example/play?level=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TestWebsiteResponse>();
    expect(body).toMatchObject({
      decision: 'ALLOW',
      decided_by: 'rule',
      host: 'www.zqarcade.example',
      path: '/play?level=2',
      categories: [{ id: GAMES, name: 'Games', locked: false }],
    });
    expect(body.explanation).toContain('Allowed for this device');
    expect(body.trace.map((l) => [l.scope, l.subject, l.action, l.outcome])).toEqual([
      ['this device', 'the website zqarcade.example and its subdomains', 'ALLOW', 'won'],
      ['the whole account', 'the category Games', 'BLOCK', 'lost'],
    ]);
    expect(body.trace[1]!.reason).toBe('A rule for a more specific subject decided');
  });

  it('a site of a locked category is blocked whatever allows it; an unknown site gets the default', async () => {
    const bad = (await test('zqbad.example')).json<TestWebsiteResponse>();
    expect(bad).toMatchObject({ decision: 'BLOCK', decided_by: 'locked' });
    const unknown = (await test('https://nowhere-zq.example/')).json<TestWebsiteResponse>();
    expect(unknown).toMatchObject({ decision: 'ALLOW', decided_by: 'default', trace: [] });
    expect(unknown.explanation).toBe(
      'Allowed because no rule applies and the account allows every site that is not blocked',
    );
  });

  it('refuses an address that normalises to nothing (400) and is open to every role', async () => {
    const res = await test('https://');
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([400, WEB_ACCESS_MSG.patternInvalid]);
    expect((await test('example.com', teacher)).statusCode).toBe(200);
  });
});
