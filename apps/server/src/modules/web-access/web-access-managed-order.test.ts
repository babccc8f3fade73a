/**
 * The websites and media lists' 'managed' order (issue 26, docs/decisions/web-access.md
 * "What a node's lists show first (issue 26)"): the rows with a rule at the node, then those asked for from it, then
 * the rest, each part by name, paged across the parts; the spec's name order stays available; the export follows the
 * order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WebAccessListResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accountOf, addRule, addWebsite, clearWebAccess, deviceOf } from '../../test/web-access-data.js';

let t: TestApp;
let admin: Session;
let nf: number;
const DEVICE = { id: 'NFPC1001', type: 'machine' } as const;
const ids: Record<string, number> = {};

/** A pending thread for the website with one ask from the device. */
async function ask(accountId: number, websiteId: number, name: string, deviceId: number) {
  const r = await t.db.execute<{ id: number }>(sql`INSERT INTO access_requests
    (account_id, kind, website, subject_key, website_id) VALUES (${accountId}, 'website', ${name}, ${name}, ${websiteId})
    RETURNING id`);
  await t.db.execute(sql`INSERT INTO access_request_asks (account_id, request_id, device_id)
    VALUES (${accountId}, ${r.rows[0]!.id}, ${deviceId})`);
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  admin = await signInAs(t, 'admin');
  nf = await accountOf(t.db, 'NF-100245');
  await clearWebAccess(t.db, nf);
  await t.db.execute(sql`DELETE FROM access_requests WHERE account_id = ${nf}`);
  const device = await deviceOf(t.db, 'NFPC1001');
  const other = await deviceOf(t.db, 'NFPC1002');
  for (const name of ['aaa', 'bbb', 'ccc', 'ddd', 'eee', 'fff'])
    ids[name] = await addWebsite(t.db, nf, { name: `zm${name}.example` });
  // Enough rows past the parts for a second page of 25 (the smallest page size).
  for (let i = 0; i < 24; i++) await addWebsite(t.db, nf, { name: `zn${String(i).padStart(2, '0')}.example` });
  // A rule at this device (ddd, fff), a rule elsewhere (aaa at the account), an ask from this device
  // (eee, and fff which its rule already puts first), an ask from another device (ccc).
  for (const name of ['ddd', 'fff'])
    await addRule(t.db, nf, {
      scope: 'device',
      scopeId: device.id,
      subject: 'website',
      subjectId: ids[name]!,
      action: 'ALLOW',
    });
  await addRule(t.db, nf, { scope: 'account', subject: 'website', subjectId: ids.aaa!, action: 'BLOCK' });
  await ask(nf, ids.eee!, 'zmeee.example', device.id);
  await ask(nf, ids.fff!, 'zmfff.example', device.id);
  await ask(nf, ids.ccc!, 'zmccc.example', other.id);
});
afterAll(async () => t.close());

const names = async (query: Record<string, string>) => {
  const res = await call(t.app, 'GET', '/node/web_access/websites/list', {
    session: admin,
    query: { ...DEVICE, query: 'zm', ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<WebAccessListResponse>();
  return { names: body.result.map((r) => r.name.replace(/^zm|\.example$/g, '')), total: body.total_count };
};

describe('the managed order of a node list', () => {
  it('puts the rules at the node first, then what the node asked for, then the rest, each by name', async () => {
    expect(await names({ sort_by: 'managed' })).toEqual({
      names: ['ddd', 'fff', 'eee', 'aaa', 'bbb', 'ccc'],
      total: 6,
    });
  });

  it('pages across the parts, and reverses the names inside each part', async () => {
    const page = async (p: number) => (await names({ sort_by: 'managed', query: 'example', page: String(p) })).names;
    const rest = Array.from({ length: 24 }, (_, i) => `zn${String(i).padStart(2, '0')}`);
    expect(await page(1)).toEqual(['ddd', 'fff', 'eee', 'aaa', 'bbb', 'ccc', ...rest.slice(0, 19)]);
    expect(await page(2)).toEqual(rest.slice(19));
    expect((await names({ sort_by: 'managed', reverse_order: 'true' })).names).toEqual([
      'fff',
      'ddd',
      'eee',
      'ccc',
      'bbb',
      'aaa',
    ]);
  });

  it('keeps the filters: a search leaves each part its matching rows', async () => {
    expect((await names({ sort_by: 'managed', query: 'zmf' })).names).toEqual(['fff']);
    expect((await names({ sort_by: 'managed', access_filters: 'blocked' })).names).toEqual(['aaa']);
  });

  it('moves a site up when the device asks for it (a kept page is not served again)', async () => {
    await ask(nf, ids.bbb!, 'zmbbb.example', (await deviceOf(t.db, 'NFPC1001')).id);
    expect((await names({ sort_by: 'managed' })).names).toEqual(['ddd', 'fff', 'bbb', 'eee', 'aaa', 'ccc']);
  });

  it("keeps the spec's name order, and the default of a call without sort_by (002 §9)", async () => {
    const byName = ['aaa', 'bbb', 'ccc', 'ddd', 'eee', 'fff'];
    expect((await names({ sort_by: 'name' })).names).toEqual(byName);
    expect((await names({})).names).toEqual(byName);
  });
});
