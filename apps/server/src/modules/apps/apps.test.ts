import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  APP_MSG,
  appRequestsListQuery,
  appRequestsListResponse,
  mobileAppsResponse,
  ROLE_MSG,
  type AgentCommandsResponse,
  type AppApprovalResponse,
  type AppAssignResponse,
  type AppDetail,
  type AppRequestActionResponse,
  type AppRequestsListResponse,
  type MobileAppsResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { enrolDevice, newEnrolmentToken } from '../../test/agent.js';
import { appRequestsChanged, listAppRequests } from './repository.js';

let t: TestApp;
let admin: Session;
let reviewer: Session;
let teacherS: Session;
let family: Session;
let token: string;
let nf: number;
let rf: number;
let teacher: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  reviewer = await signInAs(t, 'reviewer');
  teacherS = await signInAs(t, 'teacher');
  family = await signInAs(t, 'family');
  token = (await newEnrolmentToken(t, admin)).secret;
  const ids = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id`)).rows;
  nf = ids[0]!.id;
  rf = ids[1]!.id;
  teacher = (
    await t.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE account_id = ${nf} AND username = 'teacher'`)
  ).rows[0]!.id;
});
afterAll(async () => t.close());

type Mobile = { id: number; serial: string; secret: string };
let m = 0;
/** A new mobile of Northfield, lent to the console user `userId` (an administrator's link) when given. */
async function newMobile(userId: number | null = null): Promise<Mobile> {
  const serial = `APPS-M-${++m}-${Date.now()}`;
  const d = await enrolDevice(t, token, { kind: 'mobile', serial, name: `Tablet ${m}` });
  if (userId !== null)
    await t.db.execute(sql`UPDATE devices SET user_kind = 'user', user_ref_id = ${userId}, last_online = now()
      WHERE id = ${d.device_id}`);
  return { id: d.device_id, serial, secret: d.device_secret };
}
const agent = (d: Mobile, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${AGENT_BASE}${url}`,
    headers: { authorization: `Bearer ${d.secret}` },
    payload,
  });
let r = 0;
/** The mobile asks for the package (a Play Store app named after it); answers the device API's answer. */
async function ask(d: Mobile, pkg: string, requestId = `ask-${++r}`) {
  const res = await agent(d, 'POST', '/requests', {
    request_id: requestId,
    kind: 'app',
    notes: 'For class',
    app: { package_name: pkg, name: `App ${pkg}`, version: '1.0', source: 'Google Play Store' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ status: string; request_id: number | null }>();
}
let p = 0;
const newPackage = () => `com.apptest.p${++p}x${Date.now()}`;

const list = async (s: Session, query: Record<string, string>) => {
  const res = await call(t.app, 'GET', '/app_requests', { session: s, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AppRequestsListResponse>();
};
const act = (s: Session, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/app_requests', { session: s, payload });
const results = async (s: Session, payload: Record<string, unknown>) => {
  const res = await act(s, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AppRequestActionResponse>();
};
const approve = (s: Session, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/app_requests/app', { session: s, payload });
const thread = async (pkg: string, account = nf) =>
  (
    await t.db.execute<{ id: number; state: string; status: string; device_count: number; for_name: string }>(sql`
      SELECT id, state, status, device_count, for_name FROM app_requests WHERE account_id = ${account} AND package_name = ${pkg}`)
  ).rows[0];
const openCommands = async (d: Mobile) =>
  (
    await t.db.execute<{
      type: string;
      pkg: string;
    }>(sql`SELECT type, payload->>'package_name' AS pkg FROM device_commands
      WHERE device_id = ${d.id} AND state IN ('pending', 'delivered', 'acknowledged') ORDER BY id`)
  ).rows;

describe('POST /api/agent/v1/requests (kind app)', () => {
  it('opens one thread per package, joined by other devices, idempotent by request_id', async () => {
    const pkg = newPackage();
    const [a, b] = [await newMobile(), await newMobile()];
    const first = await ask(a, pkg, 'same-id');
    expect(first.status).toBe('created');
    expect(await ask(a, pkg, 'same-id')).toEqual({ ...first, status: 'duplicate', server_time: expect.any(Number) });
    const joined = await ask(b, pkg);
    expect(joined).toMatchObject({ status: 'joined', request_id: first.request_id });
    expect(await thread(pkg)).toMatchObject({
      state: 'pending',
      status: 'admin',
      device_count: 2,
      for_name: '2 devices',
    });
    // The device's description is its account's (issue 25); the shared catalogue holds the package alone.
    const app = (
      await t.db.execute<{ name: string; source: string; confirmed: boolean }>(sql`SELECT x.name, x.source,
        p.confirmed FROM apps p JOIN app_reports x ON x.package_name = p.package_name WHERE p.package_name = ${pkg}`)
    ).rows;
    expect(app).toEqual([{ name: `App ${pkg}`, source: 'Google Play Store', confirmed: false }]);
  });

  it('makes one thread of asks at once: one created, the others joined; an ask and an approval at once both end', async () => {
    const pkg = newPackage();
    const devices = [await newMobile(), await newMobile(), await newMobile()];
    const answers = await Promise.all(devices.map((d) => ask(d, pkg)));
    expect(answers.map((x) => x.status).sort()).toEqual(['created', 'joined', 'joined']);
    expect(new Set(answers.map((x) => x.request_id)).size).toBe(1);
    expect(await thread(pkg)).toMatchObject({ device_count: 3 });
    await results(admin, { package_name: [pkg], action: 'deny' });
    // A denied app asked for again while an administrator approves it: no deadlock, and one of two outcomes.
    const [again, approved] = await Promise.all([ask(devices[0]!, pkg), approve(admin, { package_name: pkg })]);
    expect(approved.statusCode).toBe(200);
    expect(['created', 'not_blocked']).toContain(again.status);
  });

  it('refuses an app ask without its app, and a bad package name', async () => {
    const d = await newMobile();
    expect((await agent(d, 'POST', '/requests', { request_id: 'x1', kind: 'app' })).statusCode).toBe(400);
    const bad = await agent(d, 'POST', '/requests', {
      request_id: 'x2',
      kind: 'app',
      app: { package_name: 'no spaces' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers not_blocked for an approved app, and reopens a denied one as pending', async () => {
    const pkg = newPackage();
    const d = await newMobile(teacher);
    await ask(d, pkg);
    expect((await approve(admin, { package_name: pkg })).json<AppApprovalResponse>().success).toBe(true);
    expect((await ask(d, pkg)).status).toBe('not_blocked');
    await results(admin, { package_name: [pkg], action: 'deny' });
    expect((await ask(d, pkg)).status).toBe('created');
    expect(await thread(pkg)).toMatchObject({ state: 'pending', status: 'admin' });
  });
});

describe('GET /app_requests', () => {
  it('lists the pending admin rows with the spec fields and the counts', async () => {
    const pkg = newPackage();
    await ask(await newMobile(teacher), pkg);
    const page = await list(admin, { query: pkg });
    expect(page.total_count).toBe(1);
    expect(page.requests[0]).toMatchObject({
      package_name: pkg,
      title: `App ${pkg}`,
      requester: 'Taylor Brooks',
      requester_id: teacher,
      status: 'admin',
      state: 'pending',
      approve_warn: false,
      can_request_review: false,
      notes: 'For class',
      for: { isPopup: false },
    });
    const all = await list(admin, {});
    expect(all.counts.total_pending_admin_count).toBe(all.total_count);
    const stats = (await call(t.app, 'GET', '/stats', { session: admin })).json<{ mobile_app_requests: number }>();
    expect(stats.mobile_app_requests).toBe(all.counts.total_pending_admin_count);
  });

  it('pages, sorts by name and merges the statuses of the denied list', async () => {
    const first = await list(admin, { sort_by: 'name', count: '25' });
    const names = first.requests.map((x) => x.title);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const denied = await list(admin, { state: 'denied', status: 'all' });
    expect(denied.requests.map((x) => x.status)).toEqual(expect.arrayContaining(['admin', 'tech']));
    expect(denied.total_count).toBe(denied.counts.total_denied_count);
    const past = await list(admin, { page: '999' });
    expect(past.requests).toEqual([]);
  });

  it('keeps each account to its own rows', async () => {
    const mine = await list(family, {});
    expect(mine.total_count).toBe(1);
    expect(mine.requests[0]!.requester).toBe('riverside-parent');
  });

  it('refuses a sort the contract lacks', async () => {
    const res = await call(t.app, 'GET', '/app_requests', { session: admin, query: { sort_by: 'url' } });
    expect(res.statusCode).toBe(400);
  });

  it('exports the list as XLSX', async () => {
    const res = await call(t.app, 'GET', '/app_requests/export', {
      session: admin,
      query: { state: 'approved', status: 'all' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ content: string; filename: string }>();
    expect(body.filename).toMatch(/^app-requests-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(Buffer.from(body.content, 'base64').subarray(0, 2).toString()).toBe('PK');
  });

  it("answers a thread's devices, and 404 for another account's thread", async () => {
    const pkg = newPackage();
    const d = await newMobile();
    const { request_id } = await ask(d, pkg);
    const res = await call(t.app, 'GET', '/app_requests/devices', {
      session: admin,
      query: { id: String(request_id) },
    });
    expect(res.json()).toEqual({ devices: [{ id: d.serial, type: 'mobile', name: `Tablet ${m}` }] });
    const theirs = await call(t.app, 'GET', '/app_requests/devices', {
      session: family,
      query: { id: String(request_id) },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(APP_MSG.requestNotFound);
  });
});

describe('POST /app_requests', () => {
  it('denies a pending request once (AC021 after), and says why not for the others', async () => {
    const pkg = newPackage();
    await ask(await newMobile(), pkg);
    expect(await results(admin, { package_name: [pkg], action: 'request_review', reason: 'Please look' })).toEqual([
      { package_name: pkg, action: 'error', error: 'AC013' },
    ]);
    expect(await results(admin, { package_name: [pkg], action: 'deny', reason: 'Not now' })).toEqual([
      { package_name: pkg, action: 'removed' },
    ]);
    expect(await results(admin, { package_name: [pkg], action: 'deny' })).toEqual([
      { package_name: pkg, action: 'error', error: 'AC021' },
    ]);
  });

  it('sends an app the administrator denied for review, as a website (one rule, issue 26): once, AC014 after', async () => {
    const pkg = newPackage();
    await ask(await newMobile(), pkg);
    await results(admin, { package_name: [pkg], action: 'deny', reason: 'Not now' });
    const denied = await list(admin, { state: 'denied', status: 'all', query: pkg });
    expect(denied.requests[0]).toMatchObject({ status: 'admin', can_request_review: true });
    expect(await results(admin, { package_name: [pkg], action: 'request_review', reason: 'Please look' })).toEqual([
      { package_name: pkg, action: 'requested' },
    ]);
    expect(await thread(pkg)).toMatchObject({ state: 'pending', status: 'tech' });
    // Cancelled by the administrator, then asked again: once only.
    await results(admin, { package_name: [pkg], action: 'deny', status: 'tech' });
    expect((await list(admin, { state: 'denied', status: 'all', query: pkg })).requests[0]).toMatchObject({
      can_request_review: false,
    });
    expect(await results(admin, { package_name: [pkg], action: 'request_review', reason: 'Again' })).toEqual([
      { package_name: pkg, action: 'error', error: 'AC014' },
    ]);
  });

  it('sends a denial of the provider team for review once (AC014 after)', async () => {
    expect(
      await results(admin, { package_name: ['com.discord'], action: 'request_review', reason: 'Please look again' }),
    ).toEqual([{ package_name: 'com.discord', action: 'requested' }]);
    expect(await thread('com.discord')).toMatchObject({ state: 'pending', status: 'tech' });
    expect(await results(admin, { package_name: ['com.discord'], action: 'request_review', reason: 'Again' })).toEqual([
      { package_name: 'com.discord', action: 'error', error: 'AC014' },
    ]);
    // Pending tech: cancelled (a deny).
    expect(await results(admin, { package_name: ['com.discord'], action: 'deny', status: 'tech' })).toEqual([
      { package_name: 'com.discord', action: 'removed' },
    ]);
  });

  it('answers each validation message', async () => {
    const msg = async (payload: Record<string, unknown>) => {
      const res = await act(admin, payload);
      expect(res.statusCode).toBe(400);
      return res.json<{ error: string }>().error;
    };
    expect(await msg({ package_name: [], action: 'deny' })).toBe(APP_MSG.packageRequired);
    expect(await msg({ package_name: ['not a package'], action: 'deny' })).toBe(APP_MSG.packageInvalid);
    expect(await msg({ package_name: ['com.x.y'], action: 'request_review', reason: 'abc' })).toBe(
      APP_MSG.reviewReasonShort,
    );
    expect(await msg({ package_name: ['com.x.y'], action: 'deny', reason: 'x'.repeat(501) })).toBe(
      APP_MSG.reasonTooLong,
    );
    expect((await act(admin, { package_name: ['com.x.y'], action: 'approve' })).statusCode).toBe(400);
  });

  it("answers 404 for another account's package and for one never asked for", async () => {
    // Riverside's pending Duolingo is not Northfield's to deny (Northfield has its own thread: Riverside acts on Riverside's).
    const pkg = newPackage();
    await ask(await newMobile(), pkg);
    const res = await act(family, { package_name: [pkg], action: 'deny' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(APP_MSG.requestNotFound);
    expect((await thread(pkg))!.state).toBe('pending');
  });

  it('refuses a Console User (403) before it acts', async () => {
    const pkg = newPackage();
    await ask(await newMobile(), pkg);
    const res = await act(teacherS, { package_name: [pkg], action: 'deny' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(ROLE_MSG.requestAdminsOnly);
    expect((await approve(teacherS, { package_name: pkg })).statusCode).toBe(403);
    expect((await thread(pkg))!.state).toBe('pending');
  });

  it('of two administrators acting at once, exactly one wins', async () => {
    const pkg = newPackage();
    await ask(await newMobile(teacher), pkg);
    const [x, y] = await Promise.all([
      approve(admin, { package_name: pkg, auto_assign: true }),
      approve(reviewer, { package_name: pkg, assign_users: [teacher] }),
    ]);
    const both = [x.json<AppApprovalResponse>(), y.json<AppApprovalResponse>()];
    expect(both.filter((b) => b.success)).toHaveLength(1);
    expect(both.find((b) => !b.success)!.result).toEqual({ package_name: pkg, action: 'error', error: 'AC020' });
    const other = newPackage();
    await ask(await newMobile(), other);
    const [d1, d2] = await Promise.all([
      results(admin, { package_name: [other], action: 'deny' }),
      results(reviewer, { package_name: [other], action: 'deny' }),
    ]);
    expect([d1[0]!, d2[0]!].map((r) => r.error ?? r.action).sort()).toEqual(['AC021', 'removed']);
  });
});

describe('POST /app_requests/app (approval)', () => {
  it('approves with auto assign: every user with a mobile gets an install command, delivered and reported', async () => {
    const pkg = newPackage();
    const tablet = await newMobile(teacher);
    await ask(tablet, pkg);
    const res = await approve(admin, { package_name: pkg, auto_assign: true, mandatory: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AppApprovalResponse>();
    expect(body).toMatchObject({ success: true, result: { package_name: pkg, action: 'added' } });
    expect(body.assigned_users).toBeGreaterThanOrEqual(1);
    expect(await openCommands(tablet)).toEqual([{ type: 'install_app', pkg }]);
    // The device takes it at its next check-in, runs it and reports the app installed.
    const cmds = (await agent(tablet, 'GET', '/commands')).json<AgentCommandsResponse>().commands;
    const install = cmds.find((c) => c.type === 'install_app')!;
    expect(install.payload).toMatchObject({ package_name: pkg, mandatory: true });
    expect((await agent(tablet, 'POST', `/commands/${install.id}/result`, { state: 'completed' })).statusCode).toBe(
      200,
    );
    const inv = await agent(tablet, 'PUT', '/inventory', {
      mobile: { apps: [{ package_name: pkg, version: '2.3.4' }] },
    });
    expect(inv.statusCode, inv.body).toBe(200);
    const page = await call(t.app, 'GET', '/devices/mobile_apps', { session: admin, query: { id: tablet.serial } });
    const row = page.json<MobileAppsResponse>().apps.find((a) => a.package_name === pkg)!;
    expect(row).toMatchObject({
      is_assigned: true,
      version: '2.3.4',
      mandatory: true,
      auto_assigned: true,
      pending: null,
    });
    expect(row.installed_on).toBeGreaterThan(0);
    const user = await call(t.app, 'GET', '/devices/mobile_apps', {
      session: admin,
      query: { user_id: String(teacher) },
    });
    const urow = user.json<MobileAppsResponse>().apps.find((a) => a.package_name === pkg)!;
    expect(urow).toMatchObject({ is_assigned: true, version: '2.3.4', installed_count: 1 });
    const detail = (
      await call(t.app, 'GET', '/app_requests/app', { session: admin, query: { package_name: pkg } })
    ).json<AppDetail>();
    expect(detail).toMatchObject({ enable_auto_assign: true, mandatory: true, request: { state: 'approved' } });
    expect(detail.assigned_users).toContain(teacher);
    // Approving again: already approved.
    const again = (await approve(admin, { package_name: pkg })).json<AppApprovalResponse>();
    expect(again).toMatchObject({ success: false, result: { action: 'error', error: 'AC020' } });
  });

  it('auto assign reaches the asking mobiles not lent to a console user (their own assignment), not others', async () => {
    const pkg = newPackage();
    const pupils = await newMobile();
    const other = await newMobile();
    await ask(pupils, pkg);
    const res = await approve(admin, { package_name: pkg, auto_assign: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await openCommands(pupils)).toEqual([{ type: 'install_app', pkg }]);
    expect(await openCommands(other)).toEqual([]);
    const own = await t.db.execute<{ auto: boolean }>(sql`SELECT a.auto FROM app_assignments a
      JOIN apps p ON p.id = a.app_id WHERE p.package_name = ${pkg} AND a.device_id = ${pupils.id}`);
    expect(own.rows).toEqual([{ auto: true }]);
    // Without auto assign, an asking mobile gets nothing by itself.
    const pkg2 = newPackage();
    await ask(other, pkg2);
    await approve(admin, { package_name: pkg2, assign_users: [] });
    expect(await openCommands(other)).toEqual([]);
  });

  it('denying an approved app uninstalls it from the mobiles', async () => {
    const pkg = newPackage();
    const tablet = await newMobile(teacher);
    await ask(tablet, pkg);
    await approve(admin, { package_name: pkg, assign_users: [teacher] });
    expect(await results(admin, { package_name: [pkg], action: 'deny' })).toEqual([
      { package_name: pkg, action: 'removed' },
    ]);
    expect(await openCommands(tablet)).toEqual([{ type: 'uninstall_app', pkg }]);
    const n = await t.db.execute(
      sql`SELECT 1 FROM app_assignments a JOIN apps p ON p.id = a.app_id WHERE p.package_name = ${pkg}`,
    );
    expect(n.rows).toHaveLength(0);
  });

  it('wants the warning accepted, refuses auto assign where prevented, and users of the account only', async () => {
    const tiktok = 'com.zhiliaoapp.musically';
    const msg = async (payload: Record<string, unknown>, status = 400) => {
      const res = await approve(admin, payload);
      expect(res.statusCode, res.body).toBe(status);
      return res.json<{ error: string }>().error;
    };
    expect(await msg({ package_name: tiktok })).toBe(APP_MSG.warningNotAccepted);
    expect(await msg({ package_name: tiktok, warning_accepted: true, auto_assign: true })).toBe(
      'Auto Assign cannot be enabled for this mobile app. You can still manually assign on each user that requires it',
    );
    const theirs = (await t.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE account_id = ${rf} LIMIT 1`))
      .rows[0]!.id;
    expect(await msg({ package_name: tiktok, warning_accepted: true, assign_users: [theirs] }, 404)).toBe(
      APP_MSG.userNotFound,
    );
    expect(await msg({ package_name: 'not a package' })).toBe(APP_MSG.packageInvalid);
    expect(await msg({ package_name: 'com.never.asked' }, 404)).toBe(APP_MSG.requestNotFound);
    expect((await thread(tiktok))!.state).toBe('pending');
  });
});

describe('GET /app_requests/app', () => {
  it('answers the app detail of 001 §3 with the warning texts', async () => {
    const res = await call(t.app, 'GET', '/app_requests/app', {
      session: teacherS,
      query: { package_name: 'com.mojang.minecraftpe' },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json<AppDetail>();
    expect(d).toMatchObject({
      name: 'Minecraft',
      vendor: 'Mojang',
      package_id: 'com.mojang.minecraftpe',
      product_pricing: 'paid',
      price: '£6.99',
      source: 'Google Play Store',
      platform: 'Android',
      is_admin_warning: true,
      admin_warning_message: { heading: 'This app may contain unsuitable content' },
    });
    expect(d.rating).toBe(4.5);
    expect(d.assign_users).toContainEqual({ id: teacher, name: expect.any(String) });
  });
  it('answers 404 for an unknown package and 400 for a malformed one', async () => {
    const q = (package_name: string) =>
      call(t.app, 'GET', '/app_requests/app', { session: admin, query: { package_name } });
    expect((await q('com.no.such.app')).statusCode).toBe(404);
    expect((await q('x')).statusCode).toBe(400);
  });
});

describe('Apps pages: GET /devices/mobile_apps, POST /apps/user, POST /devices/mobile_apps/assigned', () => {
  const approvedApp = async () => {
    const pkg = newPackage();
    await ask(await newMobile(), pkg);
    await approve(admin, { package_name: pkg });
    return (await t.db.execute<{ id: number }>(sql`SELECT id FROM apps WHERE package_name = ${pkg}`)).rows[0]!.id;
  };

  it('assigns to a user (an install command on each of their mobiles) and unassigns (uninstall)', async () => {
    const appId = await approvedApp();
    const [a, b] = [await newMobile(teacher), await newMobile(teacher)];
    const res = await call(t.app, 'POST', '/apps/user', {
      session: admin,
      payload: { app_id: appId, action: 'assign', user_id: teacher },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AppAssignResponse>();
    expect(body.is_assigned).toBe(true);
    expect(body.devices).toEqual(expect.arrayContaining([a.serial, b.serial]));
    expect((await openCommands(a)).map((c) => c.type)).toEqual(['install_app']);
    // Again: nothing more to send.
    const again = (
      await call(t.app, 'POST', '/apps/user', {
        session: admin,
        payload: { app_id: appId, action: 'assign', user_id: teacher },
      })
    ).json<AppAssignResponse>();
    expect(again.devices).toEqual([]);
    const off = (
      await call(t.app, 'POST', '/apps/user', {
        session: admin,
        payload: { app_id: appId, action: 'unassign', user_id: teacher },
      })
    ).json<AppAssignResponse>();
    expect(off.is_assigned).toBe(false);
    expect((await openCommands(a)).map((c) => c.type)).toEqual(['uninstall_app']);
  });

  it("assigns on a device page: its user's assignment, or the lone mobile's own", async () => {
    const appId = await approvedApp();
    const lone = await newMobile();
    const res = await call(t.app, 'POST', '/devices/mobile_apps/assigned', {
      session: admin,
      payload: { app_id: appId, action: 'add', id: lone.serial },
    });
    expect(res.json<AppAssignResponse>()).toEqual({ success: true, is_assigned: true, devices: [lone.serial] });
    const page = (
      await call(t.app, 'GET', '/devices/mobile_apps', { session: admin, query: { id: lone.serial } })
    ).json<MobileAppsResponse>();
    expect(page.user).toBeNull();
    expect(page.devices).toEqual([{ id: lone.serial, name: expect.any(String), online: true }]);
    const row = page.apps.find((x) => x.id === appId)!;
    expect(row).toMatchObject({
      is_assigned: true,
      installed_on: 0,
      pending: 'install',
      assigned_by_name: 'Alex Morgan',
    });
    const lent = await newMobile(teacher);
    const viaUser = (
      await call(t.app, 'POST', '/devices/mobile_apps/assigned', {
        session: admin,
        payload: { app_id: appId, action: 'add', id: lent.serial },
      })
    ).json<AppAssignResponse>();
    expect(viaUser.devices).toContain(lent.serial);
    const own = await t.db.execute(sql`SELECT 1 FROM app_assignments WHERE app_id = ${appId} AND user_id = ${teacher}`);
    expect(own.rows).toHaveLength(1);
  });

  it('refuses: an app not approved (404), another account (404), a machine (400), a Console User (403)', async () => {
    const appId = await approvedApp();
    const post = (s: Session, path: string, payload: Record<string, unknown>) =>
      call(t.app, 'POST', path, { session: s, payload });
    const pending = (
      await t.db.execute<{ app_id: number }>(sql`SELECT app_id FROM app_requests WHERE account_id = ${nf}
      AND state = 'pending' LIMIT 1`)
    ).rows[0]!.app_id;
    const notApproved = await post(admin, '/apps/user', { app_id: pending, action: 'assign', user_id: teacher });
    expect(notApproved.statusCode).toBe(404);
    expect(notApproved.json().error).toBe(APP_MSG.appNotApproved);
    const otherUser = await post(family, '/apps/user', { app_id: appId, action: 'assign', user_id: teacher });
    expect(otherUser.statusCode).toBe(404);
    expect(otherUser.json().error).toBe(APP_MSG.userNotFound);
    const d = await newMobile();
    expect(
      (await post(family, '/devices/mobile_apps/assigned', { app_id: appId, action: 'add', id: d.serial })).statusCode,
    ).toBe(404);
    const machine = await enrolDevice(t, token, { kind: 'machine', serial: `APPS-PC-${Date.now()}` });
    const pc = (await t.db.execute<{ serial: string }>(sql`SELECT serial FROM devices WHERE id = ${machine.device_id}`))
      .rows[0]!.serial;
    const onPc = await post(admin, '/devices/mobile_apps/assigned', { app_id: appId, action: 'add', id: pc });
    expect(onPc.statusCode).toBe(400);
    expect(onPc.json().error).toBe(APP_MSG.notMobile);
    const user = await post(teacherS, '/apps/user', { app_id: appId, action: 'assign', user_id: teacher });
    expect(user.statusCode).toBe(403);
    const bad = await post(admin, '/apps/user', { app_id: appId, action: 'grant', user_id: teacher });
    expect(bad.statusCode).toBe(400);
    const list = await call(t.app, 'GET', '/devices/mobile_apps', { session: admin, query: {} });
    expect(list.statusCode).toBe(400);
    expect(list.json().error).toBe(APP_MSG.deviceOrUser);
    const theirs = await call(t.app, 'GET', '/devices/mobile_apps', {
      session: family,
      query: { user_id: String(teacher) },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('of two administrators assigning at once, one sends the commands', async () => {
    const appId = await approvedApp();
    const d = await newMobile(teacher);
    const send = (s: Session) =>
      call(t.app, 'POST', '/apps/user', { session: s, payload: { app_id: appId, action: 'assign', user_id: teacher } });
    const [x, y] = await Promise.all([send(admin), send(reviewer)]);
    const sent = [x.json<AppAssignResponse>(), y.json<AppAssignResponse>()].filter((b) => b.devices.includes(d.serial));
    expect(sent).toHaveLength(1);
    expect((await openCommands(d)).filter((c) => c.type === 'install_app')).toHaveLength(1);
  });
});

describe('the lists at scale (ids first, page anchors, kept counts)', () => {
  it('reads deep pages from remembered starts exactly as by offset, and counts from the kept counts', async () => {
    // 80 denied threads of apps Northfield never asked for.
    await t.db.execute(sql`INSERT INTO app_requests (account_id, app_id, title, package_name, state, status,
        requester_name, processor_name, processed_at, requested_at)
      SELECT ${nf}, p.id, p.name, p.package_name, 'denied', CASE WHEN p.id % 4 = 0 THEN 'tech' ELSE 'admin' END,
        'teacher', 'admin', now() - make_interval(mins => p.id), now() - make_interval(days => 1)
      FROM apps p WHERE NOT EXISTS (SELECT 1 FROM app_requests r WHERE r.account_id = ${nf} AND r.app_id = p.id)
      ORDER BY p.id LIMIT 80`);
    appRequestsChanged(nf);
    const q = (page: number, sort_by?: 'name' | 'processed') =>
      appRequestsListQuery.parse({
        state: 'denied',
        status: 'all',
        page: String(page),
        ...(sort_by ? { sort_by } : {}),
      });
    for (const sort of [undefined, 'name'] as const) {
      const byOffset = [];
      for (let page = 1; page <= 4; page++)
        byOffset.push(...(await listAppRequests(t.db, nf, q(page, sort), 1_000_000)).requests.map((r) => r.id));
      const bySeek = [];
      for (let page = 1; page <= 4; page++)
        bySeek.push(...(await listAppRequests(t.db, nf, q(page, sort), 1)).requests.map((r) => r.id));
      expect(bySeek).toEqual(byOffset);
      expect(new Set(byOffset).size).toBe(byOffset.length);
    }
    const all = await listAppRequests(t.db, nf, q(1));
    const counted = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM app_requests
      WHERE account_id = ${nf} AND state = 'denied'`);
    expect(all.total_count).toBe(counted.rows[0]!.n);
    expect(all.total_count).toBeGreaterThanOrEqual(80);
  });
});

describe('answers written by JSON.stringify', () => {
  it('are exactly what their contracts make of them', async () => {
    const user = (
      await call(t.app, 'GET', '/devices/mobile_apps', { session: admin, query: { user_id: String(teacher) } })
    ).json();
    expect(mobileAppsResponse.parse(user)).toEqual(user);
    expect(user.apps.length).toBeGreaterThan(0);
    const searched = (
      await call(t.app, 'GET', '/devices/mobile_apps', {
        session: admin,
        query: { user_id: String(teacher), query: 'khan' },
      })
    ).json<MobileAppsResponse>();
    expect(searched.apps.map((a) => a.name)).toEqual(['Khan Academy']);
    expect(searched.total_count).toBe(1);
    const past = (
      await call(t.app, 'GET', '/devices/mobile_apps', {
        session: admin,
        query: { user_id: String(teacher), page: '400' },
      })
    ).json<MobileAppsResponse>();
    expect(past.apps).toEqual([]);
    expect(past.total_count).toBe(user.total_count);
    const list = (
      await call(t.app, 'GET', '/app_requests', { session: admin, query: { state: 'approved', status: 'all' } })
    ).json();
    expect(appRequestsListResponse.parse(list)).toEqual(list);
  });
});
