/**
 * The rules kept in the process (domain/web-access/scope-rules.ts) never hide a change: a rule set or
 * removed at the device through the console, or at the account through the rule writer (as the request
 * workflow sets them), is seen at once by the websites list (and its "blocked only"), "Test a website"
 * and the compiled policy,
 * each of which had read (and kept) the rules before. Its own file: no earlier write holds a scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestWebsiteResponse, WebAccessListResponse } from '@wayguard/contracts';
import type { Actor } from '../../domain/access/actor.js';
import { loadPolicy } from '../../domain/devices/device-policy.js';
import { setRule } from '../../domain/web-access/rule-writer.js';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accountOf, addWebsite, clearWebAccess, deviceOf } from '../../test/web-access-data.js';

let t: TestApp;
let admin: Session;
let actor: Actor;
let nf: number;
let device: { id: number };
let site = 0;
const NODE = { node_id: 'NFPC1001', node_type: 'machine' } as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  nf = await accountOf(t.db, 'NF-100245');
  device = await deviceOf(t.db, 'NFPC1001');
  await clearWebAccess(t.db, nf);
  site = await addWebsite(t.db, nf, { name: 'zqkept.example' });
  const u = (await t.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`)).rows[0]!;
  actor = {
    userId: u.id,
    accountId: nf,
    username: 'admin',
    name: 'Alex Morgan',
    role: 'console_admin',
    ip: '127.0.0.1',
    sessionIdHash: '',
  };
});
afterAll(async () => t.close());

/** What the list, "Test a website" and the compiled policy say of the site now. */
async function seen() {
  const list = await call(t.app, 'GET', '/node/web_access/websites/list', {
    session: admin,
    query: { id: NODE.node_id, type: NODE.node_type, query: 'zqkept' },
  });
  const test = await call(t.app, 'POST', '/node/web_access/test', {
    session: admin,
    payload: { ...NODE, url: 'https://www.zqkept.example/page' },
  });
  const blocked = await call(t.app, 'GET', '/node/web_access/websites/list', {
    session: admin,
    query: { id: NODE.node_id, type: NODE.node_type, access_filters: 'blocked' },
  });
  const policy = (await loadPolicy(t.db, nf, device.id))!.policy.web_access;
  const rule = policy.rules.find((r) => r.subject.kind === 'website' && r.subject.id === site);
  const row = list.json<WebAccessListResponse>().result[0]!;
  return {
    list: row.access,
    inherited: row.block_inherited ? 'BLOCK' : 'ALLOW',
    test: test.json<TestWebsiteResponse>().decision,
    blockedOnly: blocked.json<WebAccessListResponse>().result.some((r) => r.id === site) ? 'BLOCK' : 'ALLOW',
    policy: rule ? `${rule.scope} ${rule.action}` : 'none',
  };
}

const setAccess = (rule: 'block' | 'inherit') =>
  call(t.app, 'POST', '/node/web_access/websites/access', {
    session: admin,
    payload: { ...NODE, rule, website_id: site },
  });
const atAccount = (rule: 'block' | 'inherit') =>
  t.db.transaction((tx) =>
    setRule(tx, actor, {
      scope: { kind: 'account' },
      subject: { kind: 'website', id: site },
      rule,
      schedule: null,
      expiresAt: null,
    }),
  );

describe('a rule change with the rules kept', () => {
  it('is seen at once by the list, "Test a website" and the compiled policy', async () => {
    const none = { list: 'ALLOW', inherited: 'ALLOW', test: 'ALLOW', blockedOnly: 'ALLOW', policy: 'none' };
    expect(await seen()).toEqual(none);
    expect(await seen()).toEqual(none);

    // At the account (the chain's rules of every scope were read and kept above).
    await atAccount('block');
    expect(await seen()).toEqual({
      list: 'BLOCK',
      inherited: 'BLOCK',
      test: 'BLOCK',
      blockedOnly: 'BLOCK',
      policy: 'account BLOCK',
    });

    // At the device, through the console.
    expect((await setAccess('block')).statusCode).toBe(200);
    expect(await seen()).toMatchObject({ list: 'BLOCK', test: 'BLOCK', blockedOnly: 'BLOCK' });
    await atAccount('inherit');
    expect(await seen()).toEqual({
      list: 'BLOCK',
      inherited: 'ALLOW',
      test: 'BLOCK',
      blockedOnly: 'BLOCK',
      policy: 'device BLOCK',
    });
    expect((await setAccess('inherit')).statusCode).toBe(200);
    expect(await seen()).toEqual(none);
  });
});
