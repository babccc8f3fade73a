/**
 * GET /node/web_access/websites/list, /media/list, their exports, /categories/list and /count, and
 * media_info (002 §2.3-2.5, §3, §7): rows decided by the one resolver with their explanations, search
 * modes, access filters, media types and sorts, another account's node or item as 404, bad parameters
 * as 400 with their messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  WEB_ACCESS_MSG,
  type CategoriesCountResponse,
  type CategoriesResponse,
  type MediaInfoResponse,
  type WebAccessListResponse,
} from '@wayguard/contracts';
import ExcelJS from 'exceljs';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accountOf, addGroup, addRule, addWebsite, clearWebAccess, deviceOf } from '../../test/web-access-data.js';

let t: TestApp;
let admin: Session;
let family: Session;
let nf: number;
let device: { id: number; user_kind: string | null; user_ref_id: number | null };
const ids = { games: 0, gamesSub: 0, homework: 0, bad: 0, plain: 0, video: 0, channel: 0, group: 0 };
const GAMES = 50;
const MALWARE = 1;
const DEVICE = { id: 'NFPC1001', type: 'machine' } as const;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  admin = await signInAs(t, 'admin');
  family = await signInAs(t, 'family');
  nf = await accountOf(t.db, 'NF-100245');
  device = await deviceOf(t.db, 'NFPC1001');
  await clearWebAccess(t.db, nf);
  ids.games = await addWebsite(t.db, nf, { name: 'zqgames.example', categoryId: GAMES });
  ids.gamesSub = await addWebsite(t.db, nf, { name: 'play.zqgames.example', match: 'exact', categoryId: GAMES });
  ids.homework = await addWebsite(t.db, nf, { name: 'zqhomework.example', categoryId: 71 });
  ids.bad = await addWebsite(t.db, nf, { name: 'zqbad.example', categoryId: MALWARE });
  ids.plain = await addWebsite(t.db, nf, { name: 'zqplain.example' });
  ids.video = await addWebsite(t.db, nf, {
    name: 'zqtube.example/watch?v=1',
    kind: 'media',
    mediaType: 'video',
    match: 'exact',
  });
  ids.channel = await addWebsite(t.db, nf, {
    name: 'zqtube.example/c/kids',
    kind: 'media',
    mediaType: 'channel',
    match: 'exact',
  });
  ids.group = await addGroup(t.db, nf, 'Zq homework sites', [ids.homework]);
  // The account blocks Games and the group; the device allows play.zqgames.example and blocks
  // zqplain.example on Sundays.
  await addRule(t.db, nf, { scope: 'account', subject: 'category', subjectId: GAMES, action: 'BLOCK' });
  await addRule(t.db, nf, {
    scope: 'device',
    scopeId: device.id,
    subject: 'website',
    subjectId: ids.gamesSub,
    action: 'ALLOW',
  });
  await addRule(t.db, nf, { scope: 'account', subject: 'website_group', subjectId: ids.group, action: 'BLOCK' });
  await addRule(t.db, nf, {
    scope: 'device',
    scopeId: device.id,
    subject: 'website',
    subjectId: ids.plain,
    action: 'BLOCK',
    schedule: { windows: [{ day: 0, from_minute: 0, to_minute: 1440 }] },
  });
});
afterAll(async () => t.close());

const list = async (query: Record<string, string>, session = admin, path = '/node/web_access/websites/list') => {
  const res = await call(t.app, 'GET', path, { session, query: { ...DEVICE, query: 'zq', ...query } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<WebAccessListResponse>();
};
const rowOf = (r: WebAccessListResponse, id: number) => r.result.find((x) => x.id === id)!;

describe('GET /node/web_access/websites/list', () => {
  it('shows a website changed or added since the last page, straight in the database (kept pages by version)', async () => {
    const before = await list({});
    await t.db.execute(sql`UPDATE websites SET description = 'Changed elsewhere' WHERE id = ${ids.homework}`);
    expect(rowOf(await list({}), ids.homework).description).toBe('Changed elsewhere');
    const added = await addWebsite(t.db, nf, { name: 'zqadded.example' });
    expect((await list({})).result.map((x) => x.id)).toContain(added);
    await t.db.execute(sql`DELETE FROM websites WHERE id = ${added}`);
    await t.db.execute(sql`UPDATE websites SET description = ${rowOf(before, ids.homework).description}
      WHERE id = ${ids.homework}`);
    expect(await list({})).toEqual(before);
  });

  it('answers the rows sorted by name with total_count, each decided for the device with its sentence', async () => {
    const r = await list({});
    expect(r.result.map((x) => x.name)).toEqual([
      'play.zqgames.example',
      'zqbad.example',
      'zqgames.example',
      'zqhomework.example',
      'zqplain.example',
    ]);
    expect(r.total_count).toBe(5);
    expect(rowOf(r, ids.games)).toMatchObject({
      access: 'BLOCK',
      own_access: 'INHERIT',
      allow: false,
      block: false,
      block_inherited: true,
      allow_inherited: false,
      explain_allow: '',
      category_id: GAMES,
      category_group: 'entertainment',
      type: 'website',
      match_mode: 'ends_with',
    });
    expect(rowOf(r, ids.games).explain_block).toMatch(
      /^Blocked for the whole account by test\.admin's rule for the category Games/,
    );
    expect(rowOf(r, ids.gamesSub)).toMatchObject({
      access: 'ALLOW',
      own_access: 'ALLOW',
      allow: true,
      block_inherited: true,
    });
    expect(rowOf(r, ids.gamesSub).explain_allow).toContain('because a website rule is more specific');
    expect(rowOf(r, ids.bad)).toMatchObject({ access: 'BLOCK', locked: true });
    expect(rowOf(r, ids.bad).explain_block).toContain('Malware is always blocked by the provider');
    expect(rowOf(r, ids.homework)).toMatchObject({ access: 'BLOCK', own_access: 'INHERIT' });
    expect(rowOf(r, ids.homework).explain_block).toContain('website group Zq homework sites');
  });

  it('reverses, pages and answers a page past the end with the true total', async () => {
    const r = await list({ reverse_order: '1', count: '25' });
    expect(r.result[0]!.name).toBe('zqplain.example');
    const past = await list({ page: '9' });
    expect(past).toEqual({ result: [], total_count: 5 });
  });

  it.each([
    ['includes', 'zqgames', ['play.zqgames.example', 'zqgames.example']],
    ['starts_with', 'zqgames', ['zqgames.example']],
    ['ends_with', 'games.example', ['play.zqgames.example', 'zqgames.example']],
    ['exact', 'zqgames.example', ['zqgames.example']],
  ])('search_mode %s finds %s', async (mode, query, names) => {
    const r = await list({ query, search_mode: mode });
    expect(r.result.map((x) => x.name)).toEqual(names);
  });

  it('filters by access: blocked, allowed, scheduled and not-scheduled', async () => {
    const names = async (f: string) => (await list({ access_filters: f })).result.map((x) => x.name);
    expect(await names('blocked')).toEqual(
      expect.arrayContaining(['zqbad.example', 'zqgames.example', 'zqhomework.example']),
    );
    expect(await names('blocked')).not.toContain('play.zqgames.example');
    expect(await names('allowed')).toContain('play.zqgames.example');
    expect(await names('allowed')).not.toContain('zqgames.example');
    expect(await names('scheduled')).toEqual(['zqplain.example']);
    expect(await names('not-scheduled')).not.toContain('zqplain.example');
    const scheduled = rowOf(await list({ access_filters: 'scheduled' }), ids.plain);
    expect(scheduled).toMatchObject({ scheduled: true, own_access: 'BLOCK' });
    expect(scheduled.schedule).toEqual({ windows: [{ day: 0, from_minute: 0, to_minute: 1440 }] });
  });

  it('refuses unknown filters, search modes and node types with their messages (400)', async () => {
    for (const [query, message] of [
      [{ access_filters: 'maybe' }, WEB_ACCESS_MSG.accessFilterUnknown],
      [{ search_mode: 'fuzzy' }, WEB_ACCESS_MSG.matchModeUnknown],
      [{ type: 'printer' }, WEB_ACCESS_MSG.nodeTypeUnknown],
    ] as const) {
      const res = await call(t.app, 'GET', '/node/web_access/websites/list', {
        session: admin,
        query: { ...DEVICE, ...query },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it("answers another account's device or an unknown one as 404, and another account sees none of these rows", async () => {
    for (const id of ['RFPC0001', 'NOSUCH01']) {
      const res = await call(t.app, 'GET', '/node/web_access/websites/list', {
        session: admin,
        query: { id, type: 'machine' },
      });
      expect(res.statusCode).toBe(404);
    }
    const riverside = await call(t.app, 'GET', '/node/web_access/websites/list', {
      session: family,
      query: { id: 'RFPC0001', type: 'machine', query: 'zq' },
    });
    expect(riverside.json()).toEqual({ result: [], total_count: 0 });
  });

  it('lists for a server user too (type server_user)', async () => {
    if (device.user_kind !== 'server_user' && device.user_kind !== 'local_user') return;
    const r = await list({ id: String(device.user_ref_id), type: 'server_user' });
    // The device's own allow is not the user's: the user inherits the account's block of Games.
    expect(rowOf(r, ids.gamesSub)).toMatchObject({ access: 'BLOCK', own_access: 'INHERIT' });
  });
});

describe('GET /node/web_access/media/list and media_info', () => {
  it('filters by media type and sorts by media_type', async () => {
    const all = await list({ sort_by: 'media_type' }, admin, '/node/web_access/media/list');
    expect(all.result.map((x) => x.media_type)).toEqual(['channel', 'video']);
    const videos = await list({ media_types: 'video' }, admin, '/node/web_access/media/list');
    expect(videos.result.map((x) => x.id)).toEqual([ids.video]);
    const bad = await call(t.app, 'GET', '/node/web_access/media/list', {
      session: admin,
      query: { ...DEVICE, media_types: 'video,podcast' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(WEB_ACCESS_MSG.mediaTypeUnknown);
  });

  it('answers media info with empty strings for what is missing; another account’s item is 404', async () => {
    const res = await call(t.app, 'GET', '/node/web_access/websites/media_info', {
      session: admin,
      query: { website_id: String(ids.video) },
    });
    expect(res.json<MediaInfoResponse>()).toEqual({
      thumbnail: '',
      title: 'Title of zqtube.example/watch?v=1',
      type: 'video',
      category: '',
      url: 'https://zqtube.example/watch?v=1',
      referer: '',
      description: '',
    });
    const cross = await call(t.app, 'GET', '/node/web_access/websites/media_info', {
      session: family,
      query: { website_id: String(ids.video) },
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe('GET /node/web_access/categories/list and /count', () => {
  it('answers the groups sorted by title, custom categories among them, each decided for the node', async () => {
    const res = await call(t.app, 'GET', '/node/web_access/categories/list', { session: admin, query: DEVICE });
    const body = res.json<CategoriesResponse>();
    const titles = body.groups.map((g) => g.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    const games = body.groups.flatMap((g) => g.categories).find((c) => c.id === GAMES && !c.is_custom)!;
    expect(games).toMatchObject({ access: 'BLOCK', own_access: 'INHERIT', inherited_block: true, type: 'category' });
    const custom = body.groups.find((g) => g.key === 'custom')!;
    expect(custom.title).toBe('Custom categories');
    expect(custom.categories.find((c) => c.id === ids.group)).toMatchObject({ is_custom: true, access: 'BLOCK' });
    const malware = body.groups.flatMap((g) => g.categories).find((c) => c.id === MALWARE && !c.is_custom)!;
    expect(malware).toMatchObject({ access: 'BLOCK', locked: true });
  });

  it('searches names and descriptions; counts what it lists', async () => {
    const res = await call(t.app, 'GET', '/node/web_access/categories/list', {
      session: admin,
      query: { ...DEVICE, query: 'gambl' },
    });
    const names = res.json<CategoriesResponse>().groups.flatMap((g) => g.categories.map((c) => c.name));
    expect(names).toEqual(['Gambling']);
    const count = await call(t.app, 'GET', '/node/web_access/categories/count', { session: admin, query: DEVICE });
    const c = count.json<CategoriesCountResponse>();
    expect(c.total_count).toBe(c.allowed_count + c.blocked_count);
    expect(c.blocked_count).toBeGreaterThanOrEqual(4);
  });
});

describe('exports', () => {
  it('exports every selected row with its access as XLSX', async () => {
    const res = await call(t.app, 'GET', '/node/web_access/websites/export', {
      session: admin,
      query: { ...DEVICE, query: 'zq' },
    });
    expect(res.statusCode).toBe(200);
    const { content, filename } = res.json<{ content: string; filename: string }>();
    expect(filename).toMatch(/^websites-.+\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(content, 'base64') as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    const byName = new Map(rows.map((r) => [r[1], r[4]]));
    expect(byName.get('zqgames.example')).toBe('Blocked');
    expect(byName.get('play.zqgames.example')).toBe('Allowed');
    expect(rows).toHaveLength(5);
  });
});
