/**
 * The Apps pages and their switches (002 §2.6, §3 'App', §4.4, §7; issue 12): GET /devices/mobile_apps
 * lists the account's approved apps for one mobile or one user, each with its install (the mobiles'
 * inventories) and its assignment; POST /apps/user and POST /devices/mobile_apps/assigned assign and
 * unassign. A user's assignment reaches every mobile of the user, and a device's switch on a mobile with
 * a user is its user's (the 'Assignment Confirmation' lists their mobiles); a mobile without a user has
 * its own. Assigning queues install commands, unassigning uninstall commands on the mobiles that no
 * other assignment still gives the app (domain/apps/install.ts). Each change locks the app's thread, so it
 * never crosses a denial of the app, and is conditional: of two administrators, one makes the change.
 */
import { APP_MSG, type AppAssignResponse, type MobileAppsResponse } from '@wayguard/contracts';
import type { z } from 'zod';
import type { deviceAppAssignBody, mobileAppsQuery, userAppAssignBody } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { audit } from '../../domain/access/audit.js';
import { badRequest, notFound, notInAccount } from '../../lib/http-errors.js';
import { installOn, mobilesOf, stillAssigned, uninstallFrom, type Mobile } from '../../domain/apps/install.js';
import { likePattern, listPage, pageWindow, searchText } from '../../lib/lists/paging.js';
import { executeBuilt } from '../../lib/named-statements.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import { appsCountSql, appsPageSql } from './sql/apps-page.js';
import {
  approvedAppLocked,
  deleteAssignment,
  deviceBySerial as findDevice,
  insertAssignment,
  onlineSince,
  userById as findUser,
  userWithMobiles,
  type ApprovedApp,
  type DeviceRow,
  type Target,
} from './sql/assignments.js';

type ListQuery = z.output<typeof mobileAppsQuery>;

const pageStatements = createStatementTemplates();

/** The account's device by serial (a mobile, or the machine that has the serial), or 404. */
async function deviceBySerial(db: DbOrTx, accountId: number, serial: string, now: Date): Promise<DeviceRow> {
  const d = await findDevice(db, accountId, serial, now);
  if (!d) throw notInAccount('device', serial, APP_MSG.deviceNotFound);
  return d;
}

async function userById(db: DbOrTx, accountId: number, id: number) {
  const u = await findUser(db, accountId, id);
  if (!u) throw notInAccount('user', id, APP_MSG.userNotFound);
  return u;
}

type AppPageRow = {
  id: number;
  package_name: string;
  name: string;
  image: string | null;
  is_warning: boolean;
  mandatory: boolean;
  version: string | null;
  installed_on: number;
  installed_count: number;
  assigned_on: number;
  assigned_by_id: number | null;
  assigned_by_name: string | null;
  auto: boolean | null;
  pending: 'install_app' | 'uninstall_app' | null;
  total?: number;
};

/** GET /devices/mobile_apps: one page of the account's approved apps for the mobile or the user. */
export async function mobileApps(db: Db, a: Actor, q: ListQuery, now = new Date()): Promise<MobileAppsResponse> {
  const text = searchText(q);
  const search = text !== null;
  const values = (offset: number, userId: number | null, deviceIds: number[], device: number | null) => ({
    account: a.accountId,
    devices: deviceIds,
    user: userId,
    device,
    pattern: text === null ? null : likePattern(text.toLowerCase()),
    offset,
    since: onlineSince(now),
  });
  if (q.user_id !== undefined && !search) {
    // A user page without a search: its mobiles, the kept total and the rows in one statement; an unknown
    // user or a page past the end reads nothing and takes the way below.
    const w = pageWindow(q);
    const shape = { search, reverse: Boolean(q.reverse_order), limit: w.limit, first: w.offset === 0, userPage: true };
    const s = pageStatements.fill(
      JSON.stringify(shape),
      () => appsPageSql(shape),
      values(w.offset, q.user_id, [], null),
    )!;
    const rows = (await executeBuilt<AppPageRow & { mobiles: string | null }>(db, s, true)).rows;
    if (rows.length > 0) {
      const mobiles = JSON.parse(rows[0]!.mobiles ?? '[]') as Mobile[];
      return pageAnswer(rows, rows[0]!.total ?? 0, mobiles, null);
    }
  }
  let mobiles: Mobile[];
  let user: { id: number; name: string } | null = null;
  let userId: number | null;
  let deviceOnly: number | null = null;
  if (q.user_id === undefined) {
    const d = await deviceBySerial(db, a.accountId, q.id!, now);
    if (d.kind !== 'mobile') throw badRequest(APP_MSG.notMobile);
    mobiles = [{ id: d.id, serial: d.serial, name: d.name, online: d.online, user_id: d.user_id }];
    userId = d.user_id;
    deviceOnly = d.id;
    if (d.user_id !== null) {
      const u = await userById(db, a.accountId, d.user_id);
      user = { id: u.id, name: u.name };
    }
  } else {
    // The user and their mobiles in one round trip.
    const u = await userWithMobiles(db, a.accountId, q.user_id, now);
    if (!u) throw notInAccount('user', q.user_id, APP_MSG.userNotFound);
    userId = u.id;
    mobiles = u.mobiles ?? [];
  }
  const deviceIds = mobiles.map((m) => m.id);
  const count = async () => {
    const s = pageStatements.fill(
      `count:${search}`,
      () => appsCountSql(search),
      values(0, userId, deviceIds, deviceOnly),
    )!;
    return Number((await executeBuilt<{ n: number }>(db, s, !search)).rows[0]!.n);
  };
  const page = async (w: { limit: number; offset: number }) => {
    const shape = { search, reverse: Boolean(q.reverse_order), limit: w.limit, first: w.offset === 0 };
    const s = pageStatements.fill(
      JSON.stringify(shape),
      () => appsPageSql(shape),
      values(w.offset, userId, deviceIds, deviceOnly),
    )!;
    return (await executeBuilt<AppPageRow>(db, s, !search)).rows;
  };
  let rows: AppPageRow[];
  let total: number;
  if (!search) {
    // The page carries the kept total: one round trip.
    const w = pageWindow(q);
    rows = await page(w);
    total = rows[0]?.total ?? (await count());
    if (w.offset >= total) rows = [];
  } else ({ rows, total } = await listPage(q, count, page));
  return pageAnswer(rows, total, mobiles, user);
}

/** The page's answer from its rows. */
function pageAnswer(
  rows: AppPageRow[],
  total: number,
  mobiles: Mobile[],
  user: { id: number; name: string } | null,
): MobileAppsResponse {
  return {
    apps: rows.map((r) => ({
      id: r.id,
      package_name: r.package_name,
      name: r.name,
      image: r.image,
      version: r.version ?? '',
      installed_on: r.installed_on,
      assigned_on: r.assigned_on,
      assigned_by_id: r.assigned_by_id,
      assigned_by_name: r.assigned_by_name ?? '',
      is_assigned: r.assigned_on !== 0,
      is_warning: r.is_warning,
      mandatory: r.mandatory,
      auto_assigned: r.auto === true,
      installed_count: r.installed_count,
      pending: r.pending === 'install_app' ? 'install' : r.pending === 'uninstall_app' ? 'uninstall' : null,
    })),
    total_count: total,
    devices: mobiles.map((m) => ({ id: m.serial, name: m.name, online: m.online })),
    user,
  };
}

/** The account's approved app, its thread locked (an assignment never crosses the app's denial), or 404. */
async function approvedApp(tx: DbOrTx, accountId: number, appId: number): Promise<ApprovedApp> {
  const app = await approvedAppLocked(tx, accountId, appId);
  if (!app) throw notFound(APP_MSG.appNotApproved);
  return app;
}

/** Assigns or unassigns the app for a user or a lone mobile; answers the mobiles sent a command. */
async function change(
  tx: DbOrTx,
  a: Actor,
  app: ApprovedApp,
  target: Target,
  assign: boolean,
  warningAccepted: boolean | undefined,
  now: Date,
): Promise<AppAssignResponse> {
  if (assign && app.is_admin_warning && warningAccepted !== true) throw badRequest(APP_MSG.warningNotAccepted);
  const mobiles = await mobilesOf(
    tx,
    a.accountId,
    target.userId !== null ? { userIds: [target.userId] } : { deviceIds: [target.deviceId] },
    now,
  );
  if (assign && mobiles.length === 0) throw badRequest(APP_MSG.userHasNoDevices);
  const by = { name: a.name, now };
  let devices: string[] = [];
  if (assign) {
    const made = await insertAssignment(tx, a.accountId, app.app_id, target, {
      by: { id: a.userId || null, name: a.name },
      at: now.toISOString(),
    });
    if (made) devices = await installOn(tx, a.accountId, app, mobiles, app.mandatory, by);
  } else {
    if (await deleteAssignment(tx, a.accountId, app.app_id, target)) {
      const left: Mobile[] = [];
      for (const m of mobiles) if (!(await stillAssigned(tx, a.accountId, app.app_id, m))) left.push(m);
      devices = await uninstallFrom(tx, a.accountId, app, left, by);
    }
  }
  if (devices.length > 0 || assign)
    await audit(tx, {
      ...byActor(a),
      action: assign ? 'app.assigned' : 'app.unassigned',
      targetType: target.userId !== null ? 'user' : 'device',
      targetId: target.userId ?? target.deviceId ?? '',
      details: { package: app.package_name, devices },
    });
  return { success: true, is_assigned: assign, devices };
}

/** POST /apps/user. */
export async function assignToUser(
  db: Db,
  a: Actor,
  b: z.output<typeof userAppAssignBody>,
  now = new Date(),
): Promise<AppAssignResponse> {
  return db.transaction(async (tx) => {
    const u = await userById(tx, a.accountId, b.user_id);
    const assign = b.action === 'assign';
    if (assign && u.status === 'deactivated') throw badRequest(APP_MSG.userDeactivated);
    const app = await approvedApp(tx, a.accountId, b.app_id);
    return change(tx, a, app, { userId: u.id, deviceId: null }, assign, b.warning_accepted, now);
  });
}

/** POST /devices/mobile_apps/assigned: a mobile with a user changes its user's assignment. */
export async function assignToDevice(
  db: Db,
  a: Actor,
  b: z.output<typeof deviceAppAssignBody>,
  now = new Date(),
): Promise<AppAssignResponse> {
  return db.transaction(async (tx) => {
    const d = await deviceBySerial(tx, a.accountId, b.id, now);
    if (d.kind !== 'mobile') throw badRequest(APP_MSG.notMobile);
    const app = await approvedApp(tx, a.accountId, b.app_id);
    const assign = b.action === 'add';
    if (d.user_id === null)
      return change(tx, a, app, { userId: null, deviceId: d.id }, assign, b.warning_accepted, now);
    const out = await change(tx, a, app, { userId: d.user_id, deviceId: null }, assign, b.warning_accepted, now);
    if (assign) return out;
    // Unassigning on the device page also takes away a device assignment of its own, if any.
    const own = await change(tx, a, app, { userId: null, deviceId: d.id }, false, undefined, now);
    return { ...out, devices: [...new Set([...out.devices, ...own.devices])] };
  });
}
