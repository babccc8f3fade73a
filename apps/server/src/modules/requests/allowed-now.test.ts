/**
 * Pending threads nothing blocks now (issue 26): GET /requests marks a pending thread whose address
 * its asking device's web access allows now (a rule at the device or at the account), with the
 * resolver's explanation; a thread still blocked, and a thread whose device is not the account's, are
 * not marked. A page of 50 rows is decided in one pass: as many statements as a page of 2.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { CATEGORIES, requestsListResponse, type RequestItem } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { countStatements } from '../../test/db.js';
import { decideAddress } from '../../domain/web-access/decide-address.js';
import { loadDeviceNode } from '../../domain/web-access/nodes.js';
import { withAllowedNow } from './allowed-now.js';

let t: TestApp;
let admin: Session;
let nf: number;
let other: number;
let device: number;
let foreignDevice: number;
let n = 0;
const SOCIAL = CATEGORIES.find((c) => c.key === 'social_networks')!.id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  const accountIds = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id`)).rows;
  nf = accountIds[0]!.id;
  other = accountIds[1]!.id;
  device = (await t.db.execute<{ id: number }>(sql`SELECT id FROM devices WHERE account_id = ${nf} ORDER BY id`))
    .rows[0]!.id;
  foreignDevice = (
    await t.db.execute<{ id: number }>(sql`SELECT id FROM devices WHERE account_id = ${other} ORDER BY id`)
  ).rows[0]!.id;
  // Social networks blocked for the whole Northfield account: the threads' hosts start blocked.
  await t.db
    .execute(sql`INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action)
    VALUES (${nf}, 'account', 0, 'category', ${SOCIAL}, 'BLOCK') ON CONFLICT DO NOTHING`);
});
afterAll(async () => t.close());

/** A new social-network host of Northfield: its website row id and host. */
async function socialHost(): Promise<{ id: number; host: string }> {
  const host = `marker-${++n}-${Date.now()}.example`;
  const r = await t.db.execute<{ id: number }>(sql`INSERT INTO websites (account_id, kind, name, url, pattern,
      match_mode, host, path, category_id)
    VALUES (${nf}, 'website', ${host}, ${'https://' + host}, ${host}, 'ends_with', ${host}, '/', ${SOCIAL})
    RETURNING id`);
  return { id: r.rows[0]!.id, host };
}

/** A pending website thread of Northfield asked on `deviceId`. */
async function pendingThread(host: string, deviceId: number): Promise<number> {
  const r = await t.db.execute<{ id: number }>(sql`INSERT INTO access_requests (account_id, kind, state, status,
      website, title, subject_key, requester_name, association_type, association_id, device_id, for_name,
      requested_at, last_asked_at)
    VALUES (${nf}, 'website', 'pending', 'admin', ${'https://' + host + '/'}, ${host}, ${host}, 'pupil', 'machine',
      ${deviceId}, ${deviceId}, 'A device', now(), now())
    RETURNING id`);
  return r.rows[0]!.id;
}

async function allow(scope: 'device' | 'account', websiteId: number) {
  await t.db
    .execute(sql`INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action)
    VALUES (${nf}, ${scope}, ${scope === 'device' ? device : 0}, 'website', ${websiteId}, 'ALLOW')`);
}

async function pendingRows(): Promise<Map<number, RequestItem>> {
  const res = await call(t.app, 'GET', '/requests', {
    session: admin,
    query: { type: 'website', state: 'pending', status: 'admin', count: '100' },
  });
  expect(res.statusCode).toBe(200);
  return new Map(requestsListResponse.parse(res.json()).requests.map((r) => [r.id, r]));
}

describe('GET /requests: pending threads nothing blocks now', () => {
  it('marks a thread allowed by a rule at its device or at the account, with what allows it', async () => {
    const [a, b, c] = [await socialHost(), await socialHost(), await socialHost()];
    const onDevice = await pendingThread(a.host, device);
    const onAccount = await pendingThread(b.host, device);
    const blocked = await pendingThread(c.host, device);

    let rows = await pendingRows();
    for (const id of [onDevice, onAccount, blocked]) expect(rows.get(id)?.allowed_now).toBeNull();

    await allow('device', a.id);
    rows = await pendingRows();
    expect(rows.get(onDevice)?.allowed_now).toEqual({
      allowed: true,
      because: expect.stringMatching(/^Allowed for this device by .*, which beats the account's block/),
    });
    expect(rows.get(onAccount)?.allowed_now).toBeNull();

    await allow('account', b.id);
    rows = await pendingRows();
    expect(rows.get(onAccount)?.allowed_now).toEqual({
      allowed: true,
      because: expect.stringMatching(/^Allowed for the whole account by /),
    });
    expect(rows.get(blocked)?.allowed_now).toBeNull();
  });

  it('never consults a device of another account', async () => {
    const site = await socialHost();
    const id = await pendingThread(site.host, foreignDevice);
    await allow('account', site.id);
    expect((await pendingRows()).get(id)?.allowed_now).toBeNull();
  });

  it('moves with the clock: an allow that expires stops marking its thread within a minute', async () => {
    const site = await socialHost();
    const id = await pendingThread(site.host, device);
    const start = Date.now();
    await t.db.execute(sql`INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id,
        action, expires_at)
      VALUES (${nf}, 'account', 0, 'website', ${site.id}, 'ALLOW', ${new Date(start + 20_000).toISOString()})`);
    expect((await pendingRows()).get(id)?.allowed_now).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'], now: start + 61_000 });
    try {
      expect((await pendingRows()).get(id)?.allowed_now).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves decided threads unmarked', async () => {
    const site = await socialHost();
    const id = await pendingThread(site.host, device);
    await allow('account', site.id);
    await t.db.execute(sql`UPDATE access_requests SET state = 'approved', processed_at = now() WHERE id = ${id}`);
    const res = await call(t.app, 'GET', '/requests', {
      session: admin,
      query: { type: 'website', state: 'approved', status: 'all', count: '100' },
    });
    const row = requestsListResponse.parse(res.json()).requests.find((r) => r.id === id);
    expect(row?.allowed_now).toBeNull();
  });
});

describe('withAllowedNow: one pass for a page', () => {
  it('reads a page of 50 pending rows with as many statements as a page of 2', async () => {
    const devices = (
      await t.db.execute<{ id: number }>(sql`SELECT id FROM devices WHERE account_id = ${nf} ORDER BY id LIMIT 50`)
    ).rows.map((r) => r.id);
    const ids: number[] = [];
    const asked: { host: string; deviceId: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const site = await socialHost();
      const deviceId = devices[i % devices.length]!;
      ids.push(await pendingThread(site.host, deviceId));
      asked.push({ host: site.host, deviceId });
      if (i % 2 === 0) await allow('account', site.id);
    }
    const items = (list: number[]) => list.map((id) => ({ id, state: 'pending', allowed_now: null }) as RequestItem);
    let page: RequestItem[] = [];
    const two = await countStatements(t.pool, () => withAllowedNow(t.db, nf, items(ids.slice(0, 2)), new Date()));
    const fifty = await countStatements(t.pool, async () => {
      page = await withAllowedNow(t.db, nf, items(ids), new Date());
    });
    expect(fifty).toBeLessThanOrEqual(Math.max(two, 5));
    // The batch answers what the single path (Test a website's, a device's ask's) answers row by row.
    const single: boolean[] = [];
    for (const { host, deviceId } of asked) {
      const node = (await loadDeviceNode(t.db, nf, deviceId))!;
      const { decision } = await decideAddress(t.db, node, { host, path: '/' }, new Date());
      single.push(decision.decision === 'ALLOW');
    }
    expect(page.map((r) => r.allowed_now !== null)).toEqual(single);
    expect(single.filter(Boolean).length).toBeGreaterThanOrEqual(25);
  });
});
