/**
 * POST /node/web_access/impact for the approval scopes besides the account, a category, a website group
 * and the requesters' connections (issue 26: every approval scope has a preview): the devices that
 * asked (`requesters_devices`, 'Approve for this device'), the users who asked (`requesters_users`,
 * 'Approve for this user' / 'these users'), chosen devices (`devices`, 'Approve for selected devices',
 * 'Allow for other selected devices'); what each reaches and which sites it also unblocks; refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CATEGORIES, WEB_ACCESS_MSG, type ImpactResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accountOf, addRule, addWebsite, clearWebAccess } from '../../test/web-access-data.js';

let t: TestApp;
let admin: Session;
let nf: number;
let rf: number;
const GAMES = CATEGORIES.find((c) => c.key === 'games')!.id;
type Device = {
  id: number;
  serial: string;
  kind: 'machine' | 'mobile';
  user_kind: string | null;
  user_ref_id: number | null;
};
let ofServerUser: Device;
let other: Device;
let foreign: Device;

const devicesOf = async (accountId: number, where = sql``) =>
  (
    await t.db.execute<Device>(sql`SELECT id, serial, kind, user_kind, user_ref_id FROM devices
      WHERE account_id = ${accountId} AND deactivated_date IS NULL ${where} ORDER BY id`)
  ).rows;
const count = async (q: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(q)).rows[0]!.n);

let n = 0;
/** A thread for a new site blocked by its category (Games) at the account, and a site its allow also covers. */
async function newThread(): Promise<{ id: number; site: number }> {
  const host = `zq-scope-${++n}.example`;
  const site = await addWebsite(t.db, nf, { name: host, categoryId: GAMES });
  await addWebsite(t.db, nf, { name: `x.${host}`, categoryId: GAMES });
  const r = await t.db.execute<{ id: number }>(sql`INSERT INTO access_requests
    (account_id, kind, state, website, subject_key, website_id, category_id)
    VALUES (${nf}, 'website', 'pending', ${host}, ${host}, ${site}, ${GAMES}) RETURNING id`);
  return { id: r.rows[0]!.id, site };
}
/** An ask of the thread, as the device API records it. */
const ask = (threadId: number, a: { device?: number; kind?: string; requester?: number }) =>
  t.db.execute(sql`INSERT INTO access_request_asks (account_id, request_id, device_id, requester_kind, requester_id,
    requester_name, notes, asked_at) VALUES (${nf}, ${threadId}, ${a.device ?? null}, ${a.kind ?? null},
    ${a.requester ?? null}, 'zq pupil', '', now())`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  nf = await accountOf(t.db, 'NF-100245');
  rf = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts WHERE id <> ${nf} ORDER BY id LIMIT 1`)).rows[0]!
    .id;
  await clearWebAccess(t.db, nf);
  await t.db.execute(sql`UPDATE accounts SET web_default_mode = 'allow_unless_blocked' WHERE id = ${nf}`);
  await addRule(t.db, nf, { scope: 'account', subject: 'category', subjectId: GAMES, action: 'BLOCK' });
  const all = await devicesOf(nf);
  ofServerUser = all.find((d) => d.user_kind === 'server_user' && d.user_ref_id !== null)!;
  other = all.find((d) => d.id !== ofServerUser.id)!;
  foreign = (await devicesOf(rf))[0]!;
  expect([ofServerUser, other, foreign].every(Boolean)).toBe(true);
});
afterAll(async () => t.close());

const preview = async (scope: Record<string, unknown>, request_ids: number[]) => {
  const res = await call(t.app, 'POST', '/node/web_access/impact', {
    session: admin,
    payload: { scope, rule: 'allow', request_ids },
  });
  return res;
};
const ok = async (scope: Record<string, unknown>, request_ids: number[]) => {
  const res = await preview(scope, request_ids);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImpactResponse>();
};

describe('the impact of approving for the devices that asked', () => {
  it('reaches those devices (no user), and says which sites the allow also unblocks', async () => {
    const th = await newThread();
    await ask(th.id, { device: ofServerUser.id });
    await ask(th.id, { device: other.id });
    expect(await ok({ kind: 'requesters_devices' }, [th.id])).toEqual({
      devices_changed: 2,
      users_changed: 0,
      devices_in_scope: 2,
      users_in_scope: 0,
      also_unblocked: {
        websites: 1,
        with_pending_requests: 0,
        sample: [{ id: expect.any(Number), name: `x.zq-scope-${n}.example` }],
        partial: false,
      },
    });
    // A device that allows the site already does not change.
    await addRule(t.db, nf, {
      scope: 'device',
      scopeId: other.id,
      subject: 'website',
      subjectId: th.site,
      action: 'ALLOW',
    });
    expect(await ok({ kind: 'requesters_devices' }, [th.id])).toMatchObject({
      devices_changed: 1,
      devices_in_scope: 2,
    });
  });

  it('a thread no device asked reaches nothing; request_ids are needed', async () => {
    const th = await newThread();
    expect(await ok({ kind: 'requesters_devices' }, [th.id])).toMatchObject({
      devices_in_scope: 0,
      users_in_scope: 0,
      also_unblocked: { websites: 0 },
    });
    const res = await call(t.app, 'POST', '/node/web_access/impact', {
      session: admin,
      payload: { scope: { kind: 'requesters_devices' }, rule: 'allow', website_id: th.site },
    });
    expect([res.statusCode, res.json<{ error: string }>().error]).toEqual([400, WEB_ACCESS_MSG.requestersNeedRequests]);
  });
});

describe('the impact of approving for chosen devices', () => {
  it('reaches the chosen devices', async () => {
    const th = await newThread();
    const chosen = [ofServerUser, other].map((d) => ({ id: d.serial, type: d.kind }));
    expect(await ok({ kind: 'devices', devices: chosen }, [th.id])).toMatchObject({
      devices_changed: 2,
      devices_in_scope: 2,
      users_in_scope: 0,
      also_unblocked: { websites: 1 },
    });
  });

  it("answers another account's device as unknown", async () => {
    const th = await newThread();
    const res = await preview({ kind: 'devices', devices: [{ id: foreign.serial, type: foreign.kind }] }, [th.id]);
    expect([res.statusCode, res.body.includes(WEB_ACCESS_MSG.devicesNotFound)]).toEqual([404, true]);
  });
});

describe('the impact of approving for the users who asked', () => {
  it('reaches a server user and their devices', async () => {
    const th = await newThread();
    const su = ofServerUser.user_ref_id!;
    await ask(th.id, { device: ofServerUser.id, kind: 'server_user', requester: su });
    const theirs = await count(sql`SELECT count(*) AS n FROM devices WHERE account_id = ${nf}
      AND deactivated_date IS NULL AND user_kind = 'server_user' AND user_ref_id = ${su}`);
    expect(theirs).toBeGreaterThan(0);
    expect(await ok({ kind: 'requesters_users' }, [th.id])).toMatchObject({
      devices_changed: theirs,
      devices_in_scope: theirs,
      users_changed: 1,
      users_in_scope: 1,
      also_unblocked: { websites: 1 },
    });
  });

  it('reaches console users who asked, with their devices', async () => {
    const th = await newThread();
    const users = (
      await t.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE account_id = ${nf} AND status <> 'deactivated'
        ORDER BY id LIMIT 2`)
    ).rows;
    for (const u of users) await ask(th.id, { kind: 'user', requester: u.id });
    const theirs = await count(sql`SELECT count(*) AS n FROM devices WHERE account_id = ${nf}
      AND deactivated_date IS NULL AND user_kind = 'user' AND user_ref_id = ANY(${`{${users.map((u) => u.id).join(',')}}`}::int[])`);
    expect(await ok({ kind: 'requesters_users' }, [th.id])).toMatchObject({
      users_changed: 2,
      users_in_scope: 2,
      devices_in_scope: theirs,
    });
  });
});
