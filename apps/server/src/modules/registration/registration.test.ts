import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_30_DAYS_MS,
  MSG,
  USER_TILE_FILTERS,
  type News,
  type RegistrationInfo,
  type Stats,
  type UsersListResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { auditRows, userByName } from '../../test/helpers.js';
import {
  accessRequests,
  accounts,
  agreementAcceptances,
  agreements,
  appRequests,
  apps,
  countryCodes,
  deviceAlerts,
  devices,
  newsItems,
  serverUsers,
  users,
} from '../../db/schema/index.js';
import { fillerUsers, NORTHFIELD_USERS, RIVERSIDE_USERS, type DemoUser } from '../../seed/demo-users.js';

let t: TestApp;
let admin: Session;
let teacher: Session;
let family: Session;
let northfieldId = 0;
let riversideId = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  teacher = await signInAs(t, 'teacher');
  family = await signInAs(t, 'family');
  northfieldId = (await userByName(t.db, 'admin')).accountId;
  riversideId = (await userByName(t.db, 'family')).accountId;
});
afterAll(async () => t.close());

const info = async (s: Session) => {
  const res = await call(t.app, 'GET', '/registration_info', { session: s });
  expect(res.statusCode).toBe(200);
  return res.json<RegistrationInfo>();
};
const stats = async (s: Session) => {
  const res = await call(t.app, 'GET', '/stats', { session: s });
  expect(res.statusCode).toBe(200);
  return res.json<Stats>();
};
/**
 * The user tiles as USER_TILE_FILTERS defines them, counted straight from the tables: pending console
 * users (from the seed's plan), everyone active within 30 days and everyone deactivated, console users
 * and server/local users alike (the users list shows both).
 */
const userCounts = async (accountId: number, plan: DemoUser[]) => {
  const monthAgo = new Date(Date.now() - ACTIVITY_30_DAYS_MS);
  const n = async (rows: Promise<unknown[]>) => (await rows).length;
  const both = async (u: SQL | undefined, s: SQL | undefined) =>
    (await n(
      t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.accountId, accountId), u)),
    )) +
    (await n(
      t.db
        .select({ id: serverUsers.id })
        .from(serverUsers)
        .where(and(eq(serverUsers.accountId, accountId), s)),
    ));
  return {
    pending_users: plan.filter((u) => u.status === 'awaiting_activation' || u.status === 'password_reset').length,
    active_users: await both(gte(users.lastActive, monthAgo), gte(serverUsers.lastActive, monthAgo)),
    deactivated_users: await both(eq(users.status, 'deactivated'), eq(serverUsers.status, 'deactivated')),
  };
};
const currentTerms = async () => {
  const [terms] = await t.db
    .select()
    .from(agreements)
    .where(eq(agreements.kind, 'terms_of_use'))
    .orderBy(desc(agreements.publishedAt), desc(agreements.id))
    .limit(1);
  if (!terms) throw new Error('no terms');
  return terms;
};

describe('GET /registration_info', () => {
  it('describes the signed-in user and their account from the database', async () => {
    const r = await info(admin);
    const u = await userByName(t.db, 'admin');
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, u.accountId));
    expect(r).toMatchObject({
      user_id: u.id,
      user_full_name: 'Alex Morgan',
      user_email: 'admin@northfield.example',
      company_name: 'Northfield Academy',
      company_id: u.accountId,
      classic_console_url: t.config.CLASSIC_CONSOLE_URL,
      has_confirmed_details: true,
      user_type: 'console_admin',
    });
    expect(r.access_permissions).toEqual(account?.accessPermissions);
  });

  it('reports each user’s own type and whether their details are confirmed', async () => {
    expect(await info(teacher)).toMatchObject({
      user_type: 'console_user',
      has_confirmed_details: false,
      user_full_name: 'Taylor Brooks',
    });
    const reviewer = await signInAs(t, 'reviewer');
    expect((await info(reviewer)).user_type).toBe('requests_admin');
  });

  it('carries the current agreements, the pending Terms of Use, country codes and time zones', async () => {
    const r = await info(admin);
    const terms = await currentTerms();
    expect(r.agreement).toEqual({ id: terms.id, title: terms.title });
    const latest = async (kind: 'terms_of_use' | 'eula' | 'privacy_policy') => {
      const [a] = await t.db
        .select()
        .from(agreements)
        .where(eq(agreements.kind, kind))
        .orderBy(desc(agreements.publishedAt))
        .limit(1);
      return { title: a?.title, content: a?.content };
    };
    expect(r.agreements).toEqual({
      terms_of_use: await latest('terms_of_use'),
      eula: await latest('eula'),
      privacy_policy: await latest('privacy_policy'),
    });
    expect(r.agreements.eula.title).toBe('Wayguard License Agreement');

    const codes = await t.db.select().from(countryCodes).orderBy(asc(countryCodes.countryName));
    expect(r.country_codes).toEqual(codes.map((c) => ({ id: c.id, country_name: c.countryName, digits: c.digits })));
    expect(r.country_codes.length).toBe(20);

    expect(r.time_zones).toHaveLength(Intl.supportedValuesOf('timeZone').length);
    expect(r.time_zones.find((z) => z.name === 'Europe/London')?.display_name).toMatch(
      /^\(UTC[+-]\d\d:\d\d\) Europe\/London$/,
    );
    expect(r.time_zones.find((z) => z.name === 'America/New_York')?.display_name).toMatch(
      /^\(UTC-0[45]:00\) America\/New York$/,
    );
  });

  it('shows no pending agreement to a user who accepted the current one', async () => {
    expect((await info(teacher)).agreement).toBeNull();
  });

  it('counts the seeded Northfield data exactly', async () => {
    const r = await info(admin);
    expect(r).toMatchObject({
      // The seed's plan: pending website 7 admin + 2 tech, media 4 + 1, app 3 + 1.
      website_requests: 7,
      website_requests_tech: 2,
      media_requests: 4,
      media_requests_tech: 1,
      mobile_app_requests: 3,
      mobile_app_requests_tech: 1,
      // Open alerts on devices that are not deactivated: critical on 2 devices, important on 3.
      critical_alert_count: 2,
      important_alert_count: 3,
      ...(await userCounts(northfieldId, [...NORTHFIELD_USERS, ...fillerUsers()])),
    });
  });

  it('moves each count with the rows behind it, and only with this account’s rows', async () => {
    const before = await info(admin);
    const riversideBefore = await info(family);
    // Apps no account has asked for: one thread per (account, app).
    const unasked = await t.db
      .select()
      .from(apps)
      .where(sql`${apps.id} NOT IN (SELECT app_id FROM app_requests)`)
      .orderBy(asc(apps.id))
      .limit(3);
    const app = unasked[0];
    const nfDevices = await t.db
      .select()
      .from(devices)
      .where(eq(devices.accountId, northfieldId))
      .orderBy(asc(devices.id));
    const [rfDevice] = await t.db.select().from(devices).where(eq(devices.accountId, riversideId));
    const quiet = nfDevices[1];
    if (!app || !quiet || !rfDevice) throw new Error('seed changed');
    let made = 0;
    const req = (
      accountId: number,
      kind: 'website' | 'media',
      state: 'pending' | 'approved',
      status: 'admin' | 'tech',
    ) => ({ accountId, kind, state, status, website: 'https://example.org', subjectKey: `example-${++made}.org` });
    await t.db
      .insert(accessRequests)
      .values([
        req(northfieldId, 'website', 'pending', 'admin'),
        req(northfieldId, 'website', 'pending', 'tech'),
        req(northfieldId, 'media', 'pending', 'admin'),
        req(northfieldId, 'media', 'pending', 'tech'),
        req(northfieldId, 'website', 'approved', 'admin'),
        req(northfieldId, 'media', 'approved', 'tech'),
        req(riversideId, 'website', 'pending', 'admin'),
      ]);
    const thread = (accountId: number, a: typeof app) => ({
      accountId,
      appId: a.id,
      title: a.name,
      packageName: a.packageName,
    });
    await t.db.insert(appRequests).values([
      { ...thread(northfieldId, unasked[0]!), status: 'admin' },
      { ...thread(northfieldId, unasked[1]!), status: 'tech' },
      { ...thread(northfieldId, unasked[2]!), state: 'denied' },
      { ...thread(riversideId, unasked[0]!), status: 'tech' },
    ]);
    const alert = (
      deviceId: number,
      accountId: number,
      severity: 'critical' | 'important',
      clearedAt: Date | null = null,
    ) => ({
      accountId,
      deviceId,
      code: 200,
      severity,
      groupId: 'critical_warning' as const,
      title: 'Test alert',
      clearedAt,
    });
    await t.db.insert(deviceAlerts).values([
      alert(quiet.id, northfieldId, 'critical'),
      alert(quiet.id, northfieldId, 'critical'), // same device: still one device
      alert(quiet.id, northfieldId, 'important'),
      alert(nfDevices[2]?.id ?? 0, northfieldId, 'critical', new Date()), // cleared: not counted
      alert(rfDevice.id, riversideId, 'important'),
    ]);
    const deactivate = fillerUsers().find((u) => u.status === 'activated');
    await t.db
      .update(users)
      .set({ status: 'deactivated' })
      .where(eq(users.username, deactivate?.username ?? ''));
    // A user not seen for 30 days (or never) signs in: one more active user.
    const [idle] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.accountId, northfieldId),
          eq(users.status, 'activated'),
          or(isNull(users.lastActive), lt(users.lastActive, new Date(Date.now() - ACTIVITY_30_DAYS_MS))),
        ),
      )
      .limit(1);
    if (!idle) throw new Error('seed changed: no idle activated user');
    await t.db.update(users).set({ lastActive: new Date() }).where(eq(users.id, idle.id));

    const after = await info(admin);
    expect(after).toMatchObject({
      website_requests: before.website_requests + 1,
      website_requests_tech: before.website_requests_tech + 1,
      media_requests: before.media_requests + 1,
      media_requests_tech: before.media_requests_tech + 1,
      mobile_app_requests: before.mobile_app_requests + 1,
      mobile_app_requests_tech: before.mobile_app_requests_tech + 1,
      critical_alert_count: before.critical_alert_count + 1,
      important_alert_count: before.important_alert_count + 1,
      pending_users: before.pending_users,
      active_users: before.active_users + 1,
      deactivated_users: before.deactivated_users + 1,
    });
    // The Riverside rows moved Riverside's counts only.
    expect(await info(family)).toMatchObject({
      website_requests: riversideBefore.website_requests + 1,
      mobile_app_requests_tech: riversideBefore.mobile_app_requests_tech + 1,
      important_alert_count: riversideBefore.important_alert_count + 1,
    });

    // Deactivating a device takes its alerts out of the counts.
    await t.db.update(devices).set({ deactivatedDate: new Date() }).where(eq(devices.id, quiet.id));
    expect(await info(admin)).toMatchObject({
      critical_alert_count: before.critical_alert_count,
      important_alert_count: before.important_alert_count,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/registration_info')).statusCode).toBe(401);
  });
});

describe('dashboard user tiles (000 §2.3)', () => {
  /** Every row GET /users lists with a tile's filters, page by page, and the list's own total. */
  const listed = async (s: Session, tile: keyof typeof USER_TILE_FILTERS) => {
    const filters = Object.fromEntries(USER_TILE_FILTERS[tile].map((k) => [k, '1']));
    let rows = 0;
    for (let page = 1; ; page++) {
      const res = await call(t.app, 'GET', '/users', {
        session: s,
        query: { ...filters, count: '100', page: String(page) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<UsersListResponse>();
      rows += body.users.length;
      if (body.users.length < 100) return { rows, total: body.total_count };
    }
  };

  it('each count is the number of rows its link lists', async () => {
    for (const s of [admin, family]) {
      const r = await info(s);
      for (const tile of Object.keys(USER_TILE_FILTERS) as (keyof typeof USER_TILE_FILTERS)[]) {
        const { rows, total } = await listed(s, tile);
        expect({ tile, count: r[tile] }).toEqual({ tile, count: rows });
        expect(total).toBe(rows);
      }
    }
    // Northfield's lists are not empty, so the equality says something.
    const r = await info(admin);
    expect(r.pending_users).toBeGreaterThan(0);
    expect(r.active_users).toBeGreaterThan(0);
    expect(r.deactivated_users).toBeGreaterThan(0);
  });
});

describe('GET /stats', () => {
  it('answers the request counts of registration_info, for the signed-in account', async () => {
    const r = await info(admin);
    const s = await stats(admin);
    expect(s).toEqual({
      website_requests: r.website_requests,
      website_requests_tech: r.website_requests_tech,
      media_requests: r.media_requests,
      media_requests_tech: r.media_requests_tech,
      mobile_app_requests: r.mobile_app_requests,
      mobile_app_requests_tech: r.mobile_app_requests_tech,
    });
    const f = await info(family);
    expect(await stats(family)).toMatchObject({
      website_requests: f.website_requests,
      mobile_app_requests: f.mobile_app_requests,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/stats')).statusCode).toBe(401);
  });
});

describe('tenant scoping', () => {
  it('shows the Riverside Family admin only Riverside data and counts', async () => {
    const r = await info(family);
    const rf = await userByName(t.db, 'family');
    expect(r).toMatchObject({
      user_id: rf.id,
      user_full_name: 'Jordan Rivers',
      company_name: 'Riverside Family',
      company_id: riversideId,
      agreement: null,
      access_permissions: { allow_screen_capture_access: false },
      ...(await userCounts(riversideId, RIVERSIDE_USERS)),
    });
    const json = JSON.stringify(r);
    expect(json).not.toContain('Northfield');
    expect(json).not.toContain('northfield');
  });

  it('computes Riverside’s counts from Riverside rows only', async () => {
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    const r = await info(family);
    expect(r.website_requests).toBe(
      await count(
        t.db
          .select({ id: accessRequests.id })
          .from(accessRequests)
          .where(
            and(
              eq(accessRequests.accountId, riversideId),
              eq(accessRequests.kind, 'website'),
              eq(accessRequests.state, 'pending'),
              eq(accessRequests.status, 'admin'),
            ),
          ),
      ),
    );
    expect(r.mobile_app_requests).toBe(
      await count(
        t.db
          .select({ id: appRequests.id })
          .from(appRequests)
          .where(
            and(
              eq(appRequests.accountId, riversideId),
              eq(appRequests.state, 'pending'),
              eq(appRequests.status, 'admin'),
            ),
          ),
      ),
    );
    expect(r.critical_alert_count).toBe(1);
  });

  it('never shows Riverside data to the Northfield admin', async () => {
    for (const path of ['/registration_info', '/stats', '/news', '/profile']) {
      const res = await call(t.app, 'GET', path, { session: admin });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('RIVERSIDE-MARKER');
      expect(res.body).not.toContain('Riverside');
    }
  });
});

describe('POST /agreement', () => {
  const answer = (s: Session, payload: Record<string, unknown>) =>
    call(t.app, 'POST', '/agreement', { session: s, payload });

  it.each([
    [{}],
    [{ result: 'accept', captured: 1 }],
    [{ id: 0, result: 'accept', captured: 1 }],
    [{ id: 1, result: 'maybe', captured: 1 }],
    [{ id: 1, result: 'accept' }],
    [{ id: 1, result: 'accept', captured: -1 }],
    [{ id: 1, result: 'accept', captured: 1.5 }],
    [{ id: 1, result: 'accept', captured: 1, geolocation: { longitude: 0, latitude: 91 } }],
    [{ id: 1, result: 'accept', captured: 1, geolocation: { longitude: 181, latitude: 0 } }],
  ])('answers 400 to %j', async (payload) => {
    const res = await answer(teacher, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('refuses an agreement that is not the current Terms of Use, recording nothing', async () => {
    const [eula] = await t.db.select().from(agreements).where(eq(agreements.kind, 'eula'));
    const reviewer = await signInAs(t, 'reviewer');
    const before = await t.db.select().from(agreementAcceptances);
    for (const id of [eula?.id ?? 0, 999_999]) {
      const res = await answer(reviewer, { id, result: 'accept', captured: 1_700_000_000 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: MSG.agreementNotCurrent });
    }
    expect(await t.db.select().from(agreementAcceptances)).toHaveLength(before.length);
    expect((await info(reviewer)).agreement).not.toBeNull();
  });

  it('records an acceptance with its time and location, after which no agreement is pending', async () => {
    const reviewer = await signInAs(t, 'reviewer');
    const u = await userByName(t.db, 'reviewer');
    const terms = await currentTerms();
    const captured = Math.floor(Date.now() / 1000) - 5;
    const res = await answer(reviewer, {
      id: terms.id,
      result: 'accept',
      captured,
      geolocation: { longitude: -2.2426, latitude: 53.4808 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await t.db
      .select()
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.userId, u.id))
      .orderBy(desc(agreementAcceptances.id))
      .limit(1);
    expect(row).toMatchObject({
      accountId: u.accountId,
      agreementId: terms.id,
      result: 'accept',
      longitude: -2.2426,
      latitude: 53.4808,
    });
    expect(row?.capturedAt.getTime()).toBe(captured * 1000);
    expect(row?.ip).toEqual(expect.any(String));
    expect((await info(reviewer)).agreement).toBeNull();
    expect(await auditRows(t.db, 'agreement.accepted', u.id)).toHaveLength(1);
  });

  it('records a decline and ends the session; the agreement stays pending', async () => {
    const s = await signInAs(t, 'admin');
    const u = await userByName(t.db, 'admin');
    const terms = await currentTerms();
    const res = await answer(s, {
      id: terms.id,
      result: 'decline',
      captured: Math.floor(Date.now() / 1000),
      geolocation: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.cookies.find((c) => c.name === 'wg_session')?.value).toBe('');
    expect((await call(t.app, 'GET', '/registration_info', { session: s })).statusCode).toBe(401);
    const [row] = await t.db
      .select()
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.userId, u.id))
      .orderBy(desc(agreementAcceptances.id))
      .limit(1);
    expect(row).toMatchObject({ result: 'decline', longitude: null, latitude: null });
    expect(await auditRows(t.db, 'agreement.declined', u.id)).toHaveLength(1);

    const again = await signInAs(t, 'admin');
    expect((await info(again)).agreement).toEqual({ id: terms.id, title: terms.title });
    // Accepting without a location works too.
    expect(
      (await answer(again, { id: terms.id, result: 'accept', captured: Math.floor(Date.now() / 1000) })).json(),
    ).toEqual({ success: true });
    expect((await info(again)).agreement).toBeNull();
  });

  it('asks everyone again when a newer Terms of Use is published', async () => {
    const [fresh] = await t.db
      .insert(agreements)
      .values({
        kind: 'terms_of_use',
        title: 'Terms of Use, version 2',
        content: 'New terms.',
        publishedAt: new Date(),
      })
      .returning();
    const r = await info(teacher);
    expect(r.agreement).toEqual({ id: fresh?.id, title: 'Terms of Use, version 2' });
    expect(r.agreements.terms_of_use).toEqual({ title: 'Terms of Use, version 2', content: 'New terms.' });
  });

  it('needs a session and the CSRF token', async () => {
    expect(
      (await call(t.app, 'POST', '/agreement', { payload: { id: 1, result: 'accept', captured: 1 } })).statusCode,
    ).toBe(401);
    const res = await call(t.app, 'POST', '/agreement', {
      session: teacher,
      csrf: null,
      payload: { id: 1, result: 'accept', captured: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: MSG.csrfMissing });
  });
});

describe('GET /news', () => {
  it('answers the three newest items, newest first', async () => {
    const res = await call(t.app, 'GET', '/news', { session: teacher });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(newsItems).orderBy(desc(newsItems.publishedAt)).limit(3);
    expect(res.json<News>()).toEqual({
      items: rows.map((n) => ({ id: n.id, title: n.title, body: n.body, link: n.link })),
    });
    expect(res.json<News>().items.map((i) => i.title)).toEqual([
      'Screen captures for school hours',
      'Two-factor sign-in',
      'The new console',
    ]);

    await t.db.insert(newsItems).values({ title: 'Newest item', body: 'Fresh.', publishedAt: new Date() });
    const items = (await call(t.app, 'GET', '/news', { session: teacher })).json<News>().items;
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.title)).toEqual([
      'Newest item',
      'Screen captures for school hours',
      'Two-factor sign-in',
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/news')).statusCode).toBe(401);
  });
});
