/**
 * The nodes of the web-access calls beyond devices (issue 26): the account's own web access (type
 * account: its websites, categories and media with the account's rules, set and removed there, "Test
 * a website"), and a deleted (deactivated) server user, whose pages read but whose rules cannot be
 * written (409 with its message, nothing changed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACCOUNT_NODE_ID,
  WEB_ACCESS_MSG,
  type CategoriesResponse,
  type TestWebsiteResponse,
  type WebAccessListResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accountOf, addWebsite, clearWebAccess } from '../../test/web-access-data.js';

let t: TestApp;
let admin: Session;
let family: Session;
let nf: number;
let site = 0;
let deleted = 0;
const ACCOUNT = { id: ACCOUNT_NODE_ID, type: 'account' } as const;
const GAMES = 50;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  admin = await signInAs(t, 'admin');
  family = await signInAs(t, 'family');
  nf = await accountOf(t.db, 'NF-100245');
  await clearWebAccess(t.db, nf);
  site = await addWebsite(t.db, nf, { name: 'zwsite.example' });
  const r = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM server_users WHERE account_id = ${nf} ORDER BY id LIMIT 1`,
  );
  deleted = r.rows[0]!.id;
  await t.db.execute(sql`UPDATE server_users SET status = 'deactivated' WHERE id = ${deleted}`);
});
afterAll(async () => t.close());

const websites = async (session = admin, query: Record<string, string> = ACCOUNT) => {
  const res = await call(t.app, 'GET', '/node/web_access/websites/list', {
    session,
    query: { ...query, query: 'zw' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WebAccessListResponse>().result;
};
const setAccess = (payload: Record<string, unknown>, session = admin) =>
  call(t.app, 'POST', '/node/web_access/websites/access', { session, payload });

describe('the account node', () => {
  it('sets a rule at the account, which its list shows as its own and a device inherits', async () => {
    const res = await setAccess({ node_id: ACCOUNT_NODE_ID, node_type: 'account', website_id: site, rule: 'block' });
    expect(res.statusCode, res.body).toBe(200);
    const rule = await t.db.execute<{ scope_kind: string; scope_id: number; action: string }>(
      sql`SELECT scope_kind, scope_id, action FROM web_access_rules WHERE account_id = ${nf} AND subject_id = ${site}`,
    );
    expect(rule.rows).toEqual([{ scope_kind: 'account', scope_id: 0, action: 'BLOCK' }]);
    expect((await websites())[0]).toMatchObject({ name: 'zwsite.example', own_access: 'BLOCK', access: 'BLOCK' });
    expect((await websites(admin, { id: 'NFPC1001', type: 'machine' }))[0]).toMatchObject({
      own_access: 'INHERIT',
      access: 'BLOCK',
      block_inherited: true,
    });
  });

  it('answers its categories, media and "Test a website"', async () => {
    const cats = await call(t.app, 'GET', '/node/web_access/categories/list', { session: admin, query: ACCOUNT });
    expect(cats.statusCode).toBe(200);
    expect(cats.json<CategoriesResponse>().total_count).toBeGreaterThan(0);
    const media = await call(t.app, 'GET', '/node/web_access/media/list', { session: admin, query: ACCOUNT });
    expect(media.statusCode).toBe(200);
    const test = await call(t.app, 'POST', '/node/web_access/test', {
      session: admin,
      payload: { node_id: ACCOUNT_NODE_ID, node_type: 'account', url: 'https://zwsite.example/' },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json<TestWebsiteResponse>().decision).toBe('BLOCK');
  });

  it("is the session's own account: another account's rules are not its", async () => {
    const cats = await call(t.app, 'POST', '/node/web_access/websites/access', {
      session: family,
      payload: { node_id: ACCOUNT_NODE_ID, node_type: 'account', category_id: GAMES, rule: 'block' },
    });
    expect(cats.statusCode).toBe(200);
    const nfGames = await t.db.execute(
      sql`SELECT 1 FROM web_access_rules WHERE account_id = ${nf} AND subject_kind = 'category' AND subject_id = ${GAMES}`,
    );
    expect(nfGames.rows).toHaveLength(0);
    expect(await websites(family)).toEqual([]);
  });

  it('refuses an unknown node type with its message', async () => {
    const res = await call(t.app, 'GET', '/node/web_access/websites/list', {
      session: admin,
      query: { id: 'x', type: 'company' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error_message: string }>().error_message).toBe(WEB_ACCESS_MSG.nodeTypeUnknown);
  });
});

describe('a deleted server user', () => {
  it('reads, but refuses a rule with 409 and its message, writing nothing', async () => {
    await websites(admin, { id: String(deleted), type: 'server_user' });
    for (const rule of ['block', 'allow', 'inherit']) {
      const res = await setAccess({ node_id: String(deleted), node_type: 'server_user', website_id: site, rule });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error_message: string }>().error_message).toBe(WEB_ACCESS_MSG.nodeDeleted);
    }
    const rules = await t.db.execute(
      sql`SELECT 1 FROM web_access_rules WHERE account_id = ${nf} AND scope_kind = 'user' AND scope_id = ${deleted}`,
    );
    expect(rules.rows).toHaveLength(0);
  });

  it('takes rules again once restored', async () => {
    await t.db.execute(sql`UPDATE server_users SET status = 'activated' WHERE id = ${deleted}`);
    const res = await setAccess({
      node_id: String(deleted),
      node_type: 'server_user',
      website_id: site,
      rule: 'allow',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
