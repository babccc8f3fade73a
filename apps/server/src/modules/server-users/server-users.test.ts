import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SERVER_USER_MSG, USER_MSG, type ServerUserDetails, type ServerUserOptions } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { auditRows, userByName } from '../../test/helpers.js';
import { accounts, serverConnections, serverUsers } from '../../db/schema/index.js';

let t: TestApp;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let family: Session;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  reviewer = await signInAs(t, 'reviewer');
  teacher = await signInAs(t, 'teacher');
  family = await signInAs(t, 'family');
  adminId = (await userByName(t.db, 'admin')).id;
});
afterAll(async () => t.close());

const NOT_FOUND = { success: false, error: 'Not found', error_message: 'Not found' };
const OFF: ServerUserOptions = {
  disable_media_requests: false,
  disable_website_requests: false,
  disallow_facebook_access: false,
  disallow_twitter_access: false,
  disallow_youtube_access: false,
  disallow_instagram_access: false,
  disallow_pinterest_access: false,
};

async function serverUser(username: string) {
  const [u] = await t.db.select().from(serverUsers).where(eq(serverUsers.username, username));
  if (!u) throw new Error(`no server user ${username}`);
  return u;
}
const details = (session: Session, id: number | string) =>
  call(t.app, 'GET', '/server_users/details', { session, query: { id: String(id) } });
const act = (session: Session, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/server_users/server_user', { session, payload });
/** POST /server_users/options with the body 002 §7 reads: the id and all the options side by side. */
const setOptions = (session: Session, { options, ...rest }: { options?: object; [key: string]: unknown }) =>
  call(t.app, 'POST', '/server_users/options', { session, payload: { ...rest, ...options } });

async function setPermissions(accountNumber: string, patch: Record<string, boolean>) {
  const [acc] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber));
  await t.db
    .update(accounts)
    .set({ accessPermissions: { ...acc!.accessPermissions, ...patch } })
    .where(eq(accounts.id, acc!.id));
  return async () => {
    await t.db.update(accounts).set({ accessPermissions: acc!.accessPermissions }).where(eq(accounts.id, acc!.id));
  };
}

describe('GET /server_users/details', () => {
  it('returns a domain user with its connection, devices and options', async () => {
    const u = await serverUser('year7.ahmed@northfield.local');
    const [dc] = await t.db.select().from(serverConnections).where(eq(serverConnections.name, 'NORTHFIELD-DC01'));
    const res = await details(admin, u.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ServerUserDetails>()).toEqual({
      id: u.id,
      username: 'year7.ahmed@northfield.local',
      first_name: 'Ahmed',
      last_name: 'Pupil',
      type: 'server_user',
      status: 'activated',
      date_created: Math.floor(u.createdAt.getTime() / 1000),
      last_active: Math.floor(u.lastActive!.getTime() / 1000),
      connection: 'NORTHFIELD-DC01',
      connection_type: 'Active Directory',
      last_sync: Math.floor(dc!.lastSync!.getTime() / 1000),
      // Machines 1 and 8 of the lab are this pupil's (device_users).
      devices: [
        { id: 'NFPC1001', name: 'NF-LAB-PC01', type: 'machine' },
        { id: 'NFPC1008', name: 'NF-LAB-PC08', type: 'machine' },
      ],
      options: OFF,
    });
  });

  it('returns a local user without connection', async () => {
    const u = await serverUser('student@NF-LAB01');
    const d = (await details(admin, u.id)).json<ServerUserDetails>();
    expect(d).toMatchObject({
      type: 'local_user',
      connection: null,
      connection_type: null,
      last_sync: 0,
      devices: [],
      first_name: '',
      last_name: '',
    });
  });

  it('shows a deleted user as deactivated', async () => {
    const u = await serverUser('staff.library@northfield.local');
    expect((await details(admin, u.id)).json<ServerUserDetails>().status).toBe('deactivated');
  });

  it('is readable by every role of the account', async () => {
    const u = await serverUser('year8.carlos@northfield.local');
    expect((await details(reviewer, u.id)).statusCode).toBe(200);
    expect((await details(teacher, u.id)).statusCode).toBe(200);
  });

  it("answers another account's id exactly like a missing one", async () => {
    const kid = await serverUser('kid@RIVERSIDE-MARKER-PC');
    const pupil = await serverUser('year7.ahmed@northfield.local');
    const cross = await details(admin, kid.id);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual(NOT_FOUND);
    expect((await details(admin, 2_000_000_000)).json()).toEqual(cross.json());
    const back = await details(family, pupil.id);
    expect(back.statusCode).toBe(404);
    expect(back.json()).toEqual(NOT_FOUND);
  });

  it.each(['', 'x', '0', '3000000000'])('refuses id=%s with 400', async (id) => {
    expect((await details(admin, id)).statusCode).toBe(400);
  });
});

describe('POST /server_users/server_user', () => {
  it('deletes (status deactivated) and undeletes, with audit records', async () => {
    const u = await serverUser('year8.dana@northfield.local');
    const del = await act(admin, { id: u.id, action: 'delete' });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect((await serverUser('year8.dana@northfield.local')).status).toBe('deactivated');
    const listed = (await call(t.app, 'GET', '/users', { session: admin, query: { query: 'dana' } })).json<{
      users: { status: string }[];
    }>();
    expect(listed.users[0]?.status).toBe('deactivated');

    const again = await act(admin, { id: u.id, action: 'delete' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(SERVER_USER_MSG.alreadyDeleted);

    const undo = await act(admin, { id: u.id, action: 'undelete' });
    expect(undo.statusCode).toBe(200);
    expect((await serverUser('year8.dana@northfield.local')).status).toBe('activated');
    const undoAgain = await act(admin, { id: u.id, action: 'undelete' });
    expect(undoAgain.statusCode).toBe(400);
    expect(undoAgain.json().error).toBe(SERVER_USER_MSG.notDeleted);

    expect((await auditRows(t.db, 'server_user.deleted', adminId))[0]).toMatchObject({
      targetType: 'server_user',
      targetId: String(u.id),
    });
    expect((await auditRows(t.db, 'server_user.undeleted', adminId))[0]).toMatchObject({
      targetType: 'server_user',
      targetId: String(u.id),
    });
  });

  it('deletes local users too', async () => {
    const u = await serverUser('student@NF-LAB02');
    expect((await act(admin, { id: u.id, action: 'delete' })).statusCode).toBe(200);
    expect((await act(admin, { id: u.id, action: 'undelete' })).statusCode).toBe(200);
  });

  it('is for Console Admins only', async () => {
    const u = await serverUser('year9.eli@northfield.local');
    for (const s of [reviewer, teacher]) {
      const res = await act(s, { id: u.id, action: 'delete' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(USER_MSG.forbidden);
    }
    expect((await serverUser('year9.eli@northfield.local')).status).toBe('activated');
  });

  it("answers another account's id like a missing one, and changes nothing", async () => {
    const kid = await serverUser('kid@RIVERSIDE-MARKER-PC');
    const cross = await act(admin, { id: kid.id, action: 'delete' });
    const missing = await act(admin, { id: 2_000_000_000, action: 'delete' });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual(NOT_FOUND);
    expect(missing.json()).toEqual(cross.json());
    expect((await serverUser('kid@RIVERSIDE-MARKER-PC')).status).toBe('activated');
    const pupil = await serverUser('year10.farah@northfield.local');
    expect((await act(family, { id: pupil.id, action: 'delete' })).statusCode).toBe(404);
    expect((await serverUser('year10.farah@northfield.local')).status).toBe('activated');
  });

  it.each([
    { action: 'deactivate' },
    { action: undefined },
    { id: 'one', action: 'delete' },
    { id: -4, action: 'delete' },
  ])('refuses %o with 400', async (payload) => {
    const u = await serverUser('year9.eli@northfield.local');
    expect((await act(admin, { id: u.id, ...payload })).statusCode).toBe(400);
  });

  it('lets exactly one of concurrent deletions win', async () => {
    const u = await serverUser('year11.george@northfield.local');
    const results = await Promise.all([1, 2, 3].map(() => act(admin, { id: u.id, action: 'delete' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    await act(admin, { id: u.id, action: 'undelete' });
  });
});

describe('POST /server_users/options', () => {
  it('takes the body 002 §7 reads: the id plus all existing options side by side, one changed', async () => {
    const u = await serverUser('year7.bella@northfield.local');
    const stored = (await details(admin, u.id)).json<ServerUserDetails>().options;
    const flat = { id: u.id, ...stored, disallow_instagram_access: !stored.disallow_instagram_access };
    const res = await call(t.app, 'POST', '/server_users/options', { session: admin, payload: flat });
    expect(res.statusCode, res.body).toBe(200);
    expect((await serverUser('year7.bella@northfield.local')).options.disallow_instagram_access).toBe(
      !stored.disallow_instagram_access,
    );
    // The options nested under a key are not the spec's body.
    const nested = await call(t.app, 'POST', '/server_users/options', {
      session: admin,
      payload: { id: u.id, options: stored },
    });
    expect(nested.statusCode).toBe(400);
    await call(t.app, 'POST', '/server_users/options', { session: admin, payload: { id: u.id, ...stored } });
    expect((await serverUser('year7.bella@northfield.local')).options).toEqual(stored);
  });

  it('writes the changed option and audits it', async () => {
    const u = await serverUser('year7.bella@northfield.local');
    const res = await setOptions(admin, { id: u.id, options: { ...OFF, disable_media_requests: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await serverUser('year7.bella@northfield.local')).options).toEqual({
      ...OFF,
      disable_media_requests: true,
    });
    expect((await details(admin, u.id)).json<ServerUserDetails>().options.disable_media_requests).toBe(true);
    expect((await auditRows(t.db, 'server_user.options_changed', adminId))[0]).toMatchObject({
      targetId: String(u.id),
      details: { disable_media_requests: true },
    });
  });

  it("clears the stored policy version of the user's devices: their policy says what the options say", async () => {
    const u = await serverUser('year7.bella@northfield.local');
    const mine = sql`device_id IN (SELECT id FROM devices WHERE user_kind IN ('server_user', 'local_user') AND user_ref_id = ${u.id})`;
    await t.db.execute(sql`UPDATE device_configs SET policy_version = 'before' WHERE ${mine}`);
    const devicesOfUser = await t.db.execute<{ v: string }>(
      sql`SELECT policy_version AS v FROM device_configs WHERE ${mine}`,
    );
    expect(devicesOfUser.rows.length).toBeGreaterThan(0);
    const stored = (await details(admin, u.id)).json<ServerUserDetails>().options;
    const res = await setOptions(admin, {
      id: u.id,
      options: { ...stored, disable_website_requests: !stored.disable_website_requests },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.db.execute<{ v: string }>(sql`SELECT policy_version AS v FROM device_configs WHERE ${mine}`);
    expect(after.rows.map((r) => r.v)).toEqual(after.rows.map(() => ''));
    await setOptions(admin, { id: u.id, options: stored });
  });

  it("refuses a stale copy (two options differ) instead of undoing another admin's change; no-op when nothing differs", async () => {
    const u = await serverUser('year8.carlos@northfield.local');
    // Someone else turned YouTube off meanwhile; this client still has the old copy.
    await t.db
      .update(serverUsers)
      .set({ options: { ...OFF, disallow_youtube_access: true } })
      .where(eq(serverUsers.id, u.id));
    const stale = await setOptions(admin, { id: u.id, options: { ...OFF, disable_website_requests: true } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe(SERVER_USER_MSG.optionsChangedMeanwhile);
    expect((await serverUser('year8.carlos@northfield.local')).options).toEqual({
      ...OFF,
      disallow_youtube_access: true,
    });
    const fresh = await setOptions(admin, {
      id: u.id,
      options: { ...OFF, disallow_youtube_access: true, disable_website_requests: true },
    });
    expect(fresh.statusCode).toBe(200);
    expect((await serverUser('year8.carlos@northfield.local')).options).toEqual({
      ...OFF,
      disallow_youtube_access: true,
      disable_website_requests: true,
    });
    const before = (await auditRows(t.db, 'server_user.options_changed')).length;
    expect(
      (
        await setOptions(admin, {
          id: u.id,
          options: { ...OFF, disallow_youtube_access: true, disable_website_requests: true },
        })
      ).statusCode,
    ).toBe(200);
    expect((await auditRows(t.db, 'server_user.options_changed')).length).toBe(before);
  });

  it.each([
    ['disable_media_requests', 'allow_disable_media_requests'],
    ['disable_website_requests', 'allow_disable_website_requests'],
    ['disallow_facebook_access', 'allow_social_media'],
    ['disallow_twitter_access', 'allow_social_media'],
    ['disallow_youtube_access', 'allow_social_media'],
    ['disallow_instagram_access', 'allow_social_media'],
    ['disallow_pinterest_access', 'allow_social_media'],
  ] as const)('refuses a change of %s without %s (403)', async (option, permission) => {
    const u = await serverUser('year9.eli@northfield.local');
    const restore = await setPermissions('NF-100245', { [permission]: false });
    try {
      const res = await setOptions(admin, { id: u.id, options: { ...OFF, [option]: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(SERVER_USER_MSG.optionNotPermitted);
      expect((await serverUser('year9.eli@northfield.local')).options).toEqual(OFF);
      // Options that need another permission can still change, with the gated one sent unchanged.
      const other = option === 'disable_media_requests' ? 'disable_website_requests' : 'disable_media_requests';
      const ok = await setOptions(admin, { id: u.id, options: { ...OFF, [other]: true } });
      expect(ok.statusCode).toBe(200);
      await setOptions(admin, { id: u.id, options: OFF });
    } finally {
      await restore();
    }
  });

  it('refuses changes to a deleted user', async () => {
    const u = await serverUser('staff.library@northfield.local');
    const res = await setOptions(admin, { id: u.id, options: { ...OFF, disable_media_requests: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(SERVER_USER_MSG.deletedCannotChange);
  });

  it('is for Console Admins only', async () => {
    const u = await serverUser('year10.farah@northfield.local');
    for (const s of [reviewer, teacher]) {
      const res = await setOptions(s, { id: u.id, options: { ...OFF, disable_media_requests: true } });
      expect(res.statusCode).toBe(403);
    }
    expect((await serverUser('year10.farah@northfield.local')).options).toEqual(OFF);
  });

  it.each([
    [
      'a missing option',
      (() => {
        const { disallow_pinterest_access: _omit, ...six } = OFF;
        return six;
      })(),
    ],
    ['an extra option', { ...OFF, disallow_tiktok_access: true }],
    ['a text boolean', { ...OFF, disable_media_requests: 'true' }],
    ['no options', undefined],
  ])('refuses %s with 400', async (_name, options) => {
    const u = await serverUser('year10.farah@northfield.local');
    expect((await setOptions(admin, { id: u.id, options })).statusCode).toBe(400);
  });

  it("answers another account's id like a missing one, and changes nothing", async () => {
    const kid = await serverUser('kid@RIVERSIDE-MARKER-PC');
    const cross = await setOptions(admin, { id: kid.id, options: { ...OFF, disable_media_requests: true } });
    const missing = await setOptions(admin, { id: 2_000_000_000, options: { ...OFF, disable_media_requests: true } });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual(NOT_FOUND);
    expect(missing.json()).toEqual(cross.json());
    const [k] = await t.db
      .select()
      .from(serverUsers)
      .where(and(eq(serverUsers.id, kid.id)));
    expect(k!.options).toEqual(OFF);
  });
});
