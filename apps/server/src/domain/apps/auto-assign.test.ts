/**
 * Auto assign after the approval (docs/decisions/apps.md "Apps: the team's review and late auto assign"): a
 * mobile enrolled with a token made for a console user, or linked to one later by an administrator
 * (POST /devices/mobile_user; issue 25: never by what the device reports), gets the
 * account's approved auto-assign apps (its user assigned, an install command queued), once; a mobile
 * lent to no console user, or to a deactivated one, gets none. A mobile handed to another user, or given
 * back, loses the apps only its previous user's assignments gave it (domain/apps/hand-over.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AGENT_BASE, type AgentCommandsResponse, type MobileAppsResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { enrolDevice, newEnrolmentToken } from '../../test/agent.js';
import { applyAutoAssignments } from './auto-assign.js';

let t: TestApp;
let admin: Session;
let token: string;
let nf: number;
let late: number;
const AUTO = `com.lateauto.auto${Date.now()}`;
const CHOSEN = `com.lateauto.chosen${Date.now()}`;

type Mobile = { id: number; secret: string; serial: string };
let m = 0;
/** A new mobile; with a console user's id, enrolled with a token made for that user. */
async function enrol(userId?: number): Promise<Mobile> {
  const serial = `LATE-${++m}-${Date.now()}`;
  const with_ = userId === undefined ? token : (await newEnrolmentToken(t, admin, { user_id: userId })).secret;
  const d = await enrolDevice(t, with_, { kind: 'mobile', serial, name: `Late tablet ${m}` });
  return { id: d.device_id, secret: d.device_secret, serial };
}
/** An administrator links the mobile to a console user (null: unlinks it). */
const link = async (d: Mobile, userId: number | null) => {
  const res = await call(t.app, 'POST', '/devices/mobile_user', {
    session: admin,
    payload: { id: d.serial, user_id: userId },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const agent = (d: Mobile, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `${AGENT_BASE}${url}`, headers: { authorization: `Bearer ${d.secret}` }, payload });
const inventory = async (d: Mobile, mobile: Record<string, unknown>) => {
  const res = await agent(d, 'PUT', '/inventory', { mobile });
  expect(res.statusCode, res.body).toBe(200);
};
/** Every install or uninstall command of the device for this file's apps (the demo has auto apps too). */
const appCommands = async (d: Mobile) =>
  (
    await t.db.execute<{ type: string; state: string; pkg: string; mandatory: boolean | null; by: string }>(sql`
      SELECT type, state, payload->>'package_name' AS pkg, (payload->>'mandatory')::boolean AS mandatory,
        created_by_name AS by
      FROM device_commands WHERE device_id = ${d.id} AND type IN ('install_app', 'uninstall_app')
        AND payload->>'package_name' IN (${AUTO}, ${CHOSEN}) ORDER BY id`)
  ).rows;
const lentTo = async (d: Mobile) =>
  (
    await t.db.execute<{ user_kind: string | null; user_ref_id: number | null }>(sql`SELECT user_kind, user_ref_id
    FROM devices WHERE id = ${d.id}`)
  ).rows[0]!;
const assignments = async (userId: number) =>
  (
    await t.db.execute<{ pkg: string; auto: boolean; by: string }>(sql`SELECT p.package_name AS pkg, s.auto,
      s.assigned_by_name AS by FROM app_assignments s JOIN apps p ON p.id = s.app_id
      WHERE s.account_id = ${nf} AND s.user_id = ${userId} AND p.package_name IN (${AUTO}, ${CHOSEN}) ORDER BY 1`)
  ).rows;

async function newUser(username: string, status: 'activated' | 'deactivated') {
  return (
    await t.db.execute<{ id: number }>(sql`INSERT INTO users (account_id, username, email, first_name, last_name, type,
      status) VALUES (${nf}, ${username}, ${username + '@example.test'}, 'Late', 'Comer', 'console_user', ${status})
      RETURNING id`)
  ).rows[0]!.id;
}

/** A pupil's tablet (lent to no console user) asks for the app; the administrator approves it. */
async function approved(pkg: string, auto: boolean) {
  const asker = await enrol();
  const ask = await agent(asker, 'POST', '/requests', {
    request_id: `ask-${pkg}`,
    kind: 'app',
    app: { package_name: pkg, name: `Late ${pkg.slice(-12)}`, version: '1.0', source: 'Google Play Store' },
  });
  expect(ask.statusCode, ask.body).toBe(200);
  const res = await call(t.app, 'POST', '/app_requests/app', {
    session: admin,
    payload: { package_name: pkg, auto_assign: auto, mandatory: auto, assign_users: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  token = (await newEnrolmentToken(t, admin)).secret;
  nf = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id LIMIT 1`)).rows[0]!.id;
  // Approved before the user had any mobile: auto assign did not reach them then.
  late = await newUser(`late.comer.${Date.now()}`, 'activated');
  await approved(AUTO, true);
  await approved(CHOSEN, false);
  expect(await assignments(late)).toEqual([]);
});
afterAll(async () => t.close());

const username = async (id: number) =>
  (await t.db.execute<{ username: string }>(sql`SELECT username FROM users WHERE id = ${id}`)).rows[0]!.username;

describe('auto assign reaches mobiles lent after the approval', () => {
  it('a mobile enrolled for a console user: the user is assigned, the mobile gets the install (mandatory) once', async () => {
    const tablet = await enrol(late);
    expect(await lentTo(tablet)).toEqual({ user_kind: 'user', user_ref_id: late });
    expect(await assignments(late)).toEqual([{ pkg: AUTO, auto: true, by: 'Alex Morgan' }]);
    expect(await appCommands(tablet)).toEqual([
      { type: 'install_app', state: 'pending', pkg: AUTO, mandatory: true, by: 'Alex Morgan' },
    ]);
    const delivered = (await agent(tablet, 'GET', '/commands')).json<AgentCommandsResponse>().commands;
    expect(delivered.map((c) => [c.type, c.payload.package_name])).toContainEqual(['install_app', AUTO]);
    // Again: the same call, the same link by an administrator.
    const again = await t.db.transaction((tx) => applyAutoAssignments(tx, nf, [tablet.id], new Date()));
    expect(again).toEqual({ assigned: [], installs: [] });
    await link(tablet, late);
    expect(await appCommands(tablet)).toHaveLength(1);
    expect((await appCommands(tablet))[0]!.state).toBe('delivered');
    // The user's Apps page shows the app assigned by auto assign, its install waiting.
    const page = await call(t.app, 'GET', '/devices/mobile_apps', {
      session: admin,
      query: { user_id: String(late), query: AUTO },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<MobileAppsResponse>().apps).toMatchObject([{ package_name: AUTO, pending: 'install' }]);
  });

  it('a mobile linked later by an administrator gets the user’s apps; one reporting the app installed gets no command', async () => {
    const tablet = await enrol();
    expect(await appCommands(tablet)).toEqual([]);
    await link(tablet, late);
    expect(await lentTo(tablet)).toEqual({ user_kind: 'user', user_ref_id: late });
    expect((await appCommands(tablet)).map((c) => c.pkg)).toEqual([AUTO]);
    await link(tablet, late);
    expect((await appCommands(tablet)).map((c) => c.pkg)).toEqual([AUTO]);
    const has = await enrol();
    await inventory(has, { apps: [{ package_name: AUTO, name: 'Late', version: '1.0', installed_at: 0 }] });
    await link(has, late);
    expect(await appCommands(has)).toEqual([]);
    // The link is on the user's devices (user_ref_id and the device_users row) until the device ends it.
    const linked = await t.db
      .execute(sql`SELECT 1 FROM device_users WHERE device_id = ${has.id} AND user_ref_id = ${late}
      AND user_kind = 'user'`);
    expect(linked.rows).toHaveLength(1);
    await link(has, null);
    expect(await lentTo(has)).toEqual({ user_kind: null, user_ref_id: null });
    expect((await t.db.execute(sql`SELECT 1 FROM device_users WHERE device_id = ${has.id}`)).rows).toEqual([]);
  });

  it('a console user whose first mobile comes later is assigned the auto apps, also the chosen ones reach it', async () => {
    const other = await newUser(`second.late.${Date.now()}`, 'activated');
    // An administrator chose the user for the other app (as the user-selection dialog does).
    await t.db.execute(sql`INSERT INTO app_assignments (account_id, app_id, user_id, auto, assigned_by_name)
      SELECT ${nf}, id, ${other}, false, 'Alex Morgan' FROM apps WHERE package_name = ${CHOSEN}`);
    const tablet = await enrol();
    await link(tablet, other);
    expect(await assignments(other)).toEqual([
      { pkg: AUTO, auto: true, by: 'Alex Morgan' },
      { pkg: CHOSEN, auto: false, by: 'Alex Morgan' },
    ]);
    expect((await appCommands(tablet)).map((c) => [c.pkg, c.mandatory])).toEqual([
      [AUTO, true],
      [CHOSEN, false],
    ]);
  });

  it('a mobile handed to another user loses the apps only its previous user had; given back, its user’s apps', async () => {
    const first = await newUser(`hand.first.${Date.now()}`, 'activated');
    const second = await newUser(`hand.second.${Date.now()}`, 'activated');
    await t.db.execute(sql`INSERT INTO app_assignments (account_id, app_id, user_id, auto, assigned_by_name)
      SELECT ${nf}, id, ${first}, false, 'Alex Morgan' FROM apps WHERE package_name = ${CHOSEN}`);
    const tablet = await enrol();
    await link(tablet, first);
    expect((await appCommands(tablet)).map((c) => [c.type, c.pkg])).toEqual([
      ['install_app', AUTO],
      ['install_app', CHOSEN],
    ]);
    // Installed, as the tablet reports.
    await inventory(tablet, {
      apps: [
        { package_name: AUTO, name: 'Late', version: '1.0', installed_at: 0 },
        { package_name: CHOSEN, name: 'Late', version: '1.0', installed_at: 0 },
      ],
    });
    // Handed to the second user: auto assign gives them AUTO; CHOSEN was the first user's only.
    await link(tablet, second);
    const uninstalls = async () =>
      (await appCommands(tablet)).filter((c) => c.type === 'uninstall_app').map((c) => [c.pkg, c.by]);
    expect(await uninstalls()).toEqual([[CHOSEN, 'Alex Morgan']]);
    // Reported again: nothing new.
    await link(tablet, second);
    expect(await uninstalls()).toEqual([[CHOSEN, 'Alex Morgan']]);
    // Given back: the mobile's own assignments give it nothing.
    await link(tablet, null);
    expect(await uninstalls()).toEqual([
      [CHOSEN, 'Alex Morgan'],
      [AUTO, 'Alex Morgan'],
    ]);
  });

  it('reaches no mobile lent to no console user, nor one lent to a deactivated user; nor one that names a user itself', async () => {
    const alone = await enrol();
    expect(await t.db.transaction((tx) => applyAutoAssignments(tx, nf, [alone.id], new Date()))).toEqual({
      assigned: [],
      installs: [],
    });
    expect(await appCommands(alone)).toEqual([]);
    const gone = await newUser(`gone.${Date.now()}`, 'deactivated');
    const theirs = await enrol(gone);
    expect(await lentTo(theirs)).toEqual({ user_kind: 'user', user_ref_id: gone });
    expect(await assignments(gone)).toEqual([]);
    expect(await appCommands(theirs)).toEqual([]);
    // What a mobile reports never links it (issue 25): not at enrolment, not in its inventory.
    const reported = await enrolDevice(t, token, {
      kind: 'mobile',
      serial: `LATE-R-${Date.now()}`,
      name: 'Says',
      user: await username(late),
    });
    const says: Mobile = { id: reported.device_id, secret: reported.device_secret, serial: '' };
    await inventory(says, { user_name: await username(late) });
    expect(await lentTo(says)).toEqual({ user_kind: null, user_ref_id: null });
    expect(await appCommands(says)).toEqual([]);
  });
});
