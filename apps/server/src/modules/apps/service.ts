/**
 * App request actions (001 §4 'Apps', §7 POST /app_requests and POST /app_requests/app; issue 12). Each
 * call runs in one transaction: the account's app counts are locked first (in one order, so two actions
 * never lock them in opposite orders), then the threads named, each checked against its list's actions
 * (contracts apps/actions.ts), changed by a conditional UPDATE (... AND state = <the state read>) and
 * audited. Of two administrators acting on one thread the second waits, then gets the code of the state
 * it finds (AC010 / AC011 / AC020 / AC021). A package the account has no thread of answers 404.
 * Approving assigns the app (to every user with auto assign, or to the chosen users) and queues an
 * install command on each of their mobiles; denying an approved app takes every assignment away and
 * queues an uninstall command on each mobile that had it (lib/apps/install.ts).
 */
import { sql } from 'drizzle-orm';
import { personNameSql } from '../../lib/sql/person-name.js';
import {
  APP_LIST_ACTIONS,
  APP_MSG,
  listOf,
  type AppApprovalResponse,
  type AppRequestActionResponse,
  type AppRequestDevicesResponse,
  type RequestErrorCode,
} from '@wayguard/contracts';
import type { z } from 'zod';
import type { appApprovalBody, appRequestActionBody } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { byActor, type Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notInAccount } from '../../lib/http-errors.js';
import { installOn, mobilesOf, uninstallFrom, type Mobile } from '../../lib/apps/install.js';
import { lockAppCounts } from '../../lib/apps/locks.js';
import { sqlArray } from '../../lib/sql-array.js';
import { appRequestsChanged, threadDevices, threadsByPackages, type AppThread } from './repository.js';

type ActionBody = z.output<typeof appRequestActionBody>;
type ApprovalBody = z.output<typeof appApprovalBody>;
type Result = AppRequestActionResponse[number];

/** The code of a thread that is not in a list offering the action: the state it is in. */
function stateCode(t: Pick<AppThread, 'state' | 'status'>): RequestErrorCode {
  if (t.state === 'approved') return 'AC020';
  if (t.state === 'denied') return t.status === 'tech' ? 'AC011' : 'AC021';
  return 'AC010';
}

async function lockedThreads(tx: DbOrTx, a: Actor, packages: readonly string[]): Promise<Map<string, AppThread>> {
  await lockAppCounts(tx, a.accountId);
  const threads = new Map((await threadsByPackages(tx, a.accountId, packages, true)).map((t) => [t.package_name, t]));
  // Audited when another account has a thread of the package (a cross-account probe); the same 404 either way.
  const unknown = packages.find((p) => !threads.has(p));
  if (unknown !== undefined) throw notInAccount('app_package', unknown, APP_MSG.requestNotFound);
  return threads;
}

const audited = (tx: DbOrTx, a: Actor, t: AppThread, action: string, details: Record<string, unknown> = {}) =>
  audit(tx, {
    ...byActor(a),
    action: `app_request.${action}`,
    targetType: 'app_request',
    targetId: t.id,
    details: { package: t.package_name, from: `${t.state}:${t.status}`, ...details },
  });

/** Every mobile the app reaches in the account: assigned (to its user or itself) or reporting it installed. */
async function mobilesWithApp(tx: DbOrTx, accountId: number, t: AppThread, now: Date): Promise<Mobile[]> {
  const r = await tx.execute<{ user_id: number | null; device_id: number | null }>(sql`
    SELECT user_id, device_id FROM app_assignments WHERE account_id = ${accountId} AND app_id = ${t.app_id}
    UNION SELECT NULL, device_id FROM device_apps WHERE account_id = ${accountId} AND package_name = ${t.package_name}`);
  return mobilesOf(
    tx,
    accountId,
    {
      userIds: r.rows.flatMap((x) => (x.user_id === null ? [] : [x.user_id])),
      deviceIds: r.rows.flatMap((x) => (x.device_id === null ? [] : [x.device_id])),
    },
    now,
  );
}

/** POST /app_requests: deny (and cancel) or request review, per package, each with its result. */
export async function actOnApps(db: Db, a: Actor, b: ActionBody, now = new Date()): Promise<AppRequestActionResponse> {
  const results = await db.transaction((tx) => actInTx(tx, a, b, now));
  appRequestsChanged(a.accountId);
  return results;
}

/** POST /app_requests inside the caller's transaction (the demo seed acts through it too). */
export async function actInTx(tx: DbOrTx, a: Actor, b: ActionBody, now: Date): Promise<AppRequestActionResponse> {
  const packages = [...new Set(b.package_name)];
  const threads = await lockedThreads(tx, a, packages);
  const out: Result[] = [];
  for (const p of packages) out.push(await actOne(tx, a, threads.get(p)!, b, now));
  return out;
}

async function actOne(tx: DbOrTx, a: Actor, t: AppThread, b: ActionBody, now: Date): Promise<Result> {
  const fail = (error: RequestErrorCode): Result => ({ package_name: t.package_name, action: 'error', error });
  const list = listOf(t.state, t.status);
  const at = now.toISOString();
  if (b.action === 'request_review') {
    // One rule with websites and media (docs/decisions/requests.md "Request review: one rule (issue 26)"): a
    // denied thread, once (AC014); else AC013. One the team denied after a review answers AC011 (001 §8).
    if (t.state === 'pending' && t.review_requested) return fail('AC014');
    if (t.state !== 'denied') return fail('AC013');
    if (t.reviewed) return fail('AC011');
    if (t.review_requested) return fail('AC014');
    const r = await tx.execute(sql`UPDATE app_requests SET state = 'pending', status = 'tech', review_requested = true,
        review_notes = ${b.reason ?? ''}, review_requested_at = ${at}, review_requested_by = ${a.name}
      WHERE account_id = ${a.accountId} AND id = ${t.id} AND state = 'denied'
        AND NOT review_requested AND NOT reviewed RETURNING id`);
    if (r.rows.length === 0) return fail('AC014');
    await audited(tx, a, t, 'review_requested', { reason: b.reason });
    return { package_name: t.package_name, action: 'requested' };
  }
  if (!APP_LIST_ACTIONS[list].includes('deny')) return fail(stateCode(t));
  const r = await tx.execute(sql`UPDATE app_requests SET state = 'denied', status = 'admin',
      reason = ${b.reason ?? null}, processor_id = ${a.userId}, processor_name = ${a.name}, processed_at = ${at},
      auto_assign = false, mandatory = false
    WHERE account_id = ${a.accountId} AND id = ${t.id} AND state = ${t.state} AND status = ${t.status} RETURNING id`);
  if (r.rows.length === 0) return fail('AC010');
  let uninstalled: string[] = [];
  if (t.state === 'approved') {
    const mobiles = await mobilesWithApp(tx, a.accountId, t, now);
    await tx.execute(sql`DELETE FROM app_assignments WHERE account_id = ${a.accountId} AND app_id = ${t.app_id}`);
    uninstalled = await uninstallFrom(tx, a.accountId, { package_name: t.package_name, name: t.title }, mobiles, {
      name: a.name,
      now,
    });
  }
  await audited(tx, a, t, 'denied', { reason: b.reason ?? null, uninstall_on: uninstalled });
  return { package_name: t.package_name, action: 'removed' };
}

/** The account's active console users that have a mobile: whom auto assign reaches, whom the dialog offers. */
export async function assignableUsers(db: DbOrTx, accountId: number): Promise<{ id: number; name: string }[]> {
  const r = await db.execute<{ id: number; name: string }>(sql`
    SELECT u.id, ${personNameSql('u')} AS name FROM users u
    WHERE u.account_id = ${accountId} AND u.status <> 'deactivated' AND EXISTS (SELECT 1 FROM devices d
      WHERE d.account_id = u.account_id AND d.kind = 'mobile' AND d.user_kind = 'user' AND d.user_ref_id = u.id
        AND d.deactivated_date IS NULL)
    ORDER BY name, u.id`);
  return r.rows;
}

/** Assigns the app to these users (made by auto assign or chosen), each once; answers the users newly assigned. */
export async function assignToUsers(
  tx: DbOrTx,
  a: Actor,
  appId: number,
  userIds: readonly number[],
  auto: boolean,
  now: Date,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const r = await tx.execute<{ user_id: number }>(sql`
    INSERT INTO app_assignments (account_id, app_id, user_id, auto, assigned_on, assigned_by_id, assigned_by_name)
    SELECT ${a.accountId}, ${appId}, u, ${auto}, ${now.toISOString()}, ${a.userId || null}, ${a.name}
    FROM unnest(${sqlArray([...userIds])}::int[]) AS u
    ON CONFLICT (account_id, app_id, user_id) WHERE user_id IS NOT NULL DO NOTHING RETURNING user_id`);
  return r.rows.map((x) => x.user_id);
}

/**
 * Auto assign's assignments of the thread's asking mobiles that are not lent to a console user (whose
 * mobiles the user's assignment reaches), each once; answers the devices newly assigned.
 */
async function assignToAskingMobiles(
  tx: DbOrTx,
  a: Actor,
  t: { id: number; app_id: number },
  now: Date,
): Promise<number[]> {
  const r = await tx.execute<{ device_id: number }>(sql`
    INSERT INTO app_assignments (account_id, app_id, device_id, auto, assigned_on, assigned_by_id, assigned_by_name)
    SELECT DISTINCT ${a.accountId}::int, ${t.app_id}::int, d.id, true, ${now.toISOString()}::timestamptz,
      ${a.userId || null}::int, ${a.name}
    FROM app_request_asks k
    JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${a.accountId} AND k.request_id = ${t.id} AND d.kind = 'mobile'
      AND d.deactivated_date IS NULL AND d.user_kind IS DISTINCT FROM 'user'
    ON CONFLICT (account_id, app_id, device_id) WHERE device_id IS NOT NULL DO NOTHING RETURNING device_id`);
  return r.rows.map((x) => x.device_id);
}

/** POST /app_requests/app: the approval dialog's answer. */
export async function approveApp(db: Db, a: Actor, b: ApprovalBody, now = new Date()): Promise<AppApprovalResponse> {
  const answer = await db.transaction((tx) => approveInTx(tx, a, b, now));
  appRequestsChanged(a.accountId);
  return answer;
}

/** POST /app_requests/app inside the caller's transaction (the demo seed approves through it too). */
export async function approveInTx(tx: DbOrTx, a: Actor, b: ApprovalBody, now: Date): Promise<AppApprovalResponse> {
  const t = (await lockedThreads(tx, a, [b.package_name])).get(b.package_name)!;
  const flags = (
    await tx.execute<{ is_admin_warning: boolean; is_prevent_autoassign: boolean }>(
      sql`SELECT is_admin_warning, is_prevent_autoassign FROM apps WHERE id = ${t.app_id}`,
    )
  ).rows[0]!;
  if (flags.is_admin_warning && b.warning_accepted !== true) throw badRequest(APP_MSG.warningNotAccepted);
  if (flags.is_prevent_autoassign && b.auto_assign) throw badRequest(APP_MSG.warnAutoAssignPrevented);
  const chosen = [...new Set(b.assign_users)];
  if (!b.auto_assign && chosen.length > 0) {
    const found = await tx.execute<{ id: number }>(sql`SELECT id FROM users
      WHERE account_id = ${a.accountId} AND id = ANY(${sqlArray(chosen)}::int[])`);
    const ids = new Set(found.rows.map((x) => x.id));
    const missing = chosen.find((id) => !ids.has(id));
    if (missing !== undefined) throw notInAccount('user', missing, APP_MSG.userNotFound);
  }
  const fail = (error: RequestErrorCode): AppApprovalResponse => ({
    success: false,
    result: { package_name: t.package_name, action: 'error', error },
    assigned_users: 0,
    install_commands: 0,
  });
  const list = listOf(t.state, t.status);
  if (!APP_LIST_ACTIONS[list].includes('approve') || (t.state === 'denied' && t.status === 'tech'))
    return fail(stateCode(t));
  const r = await tx.execute(sql`UPDATE app_requests SET state = 'approved', status = 'admin', reason = NULL,
      processor_id = ${a.userId || null}, processor_name = ${a.name}, processed_at = ${now.toISOString()},
      auto_assign = ${b.auto_assign}, mandatory = ${b.mandatory}
    WHERE account_id = ${a.accountId} AND id = ${t.id} AND state = ${t.state} AND status = ${t.status} RETURNING id`);
  if (r.rows.length === 0) return fail('AC010');
  const userIds = b.auto_assign ? (await assignableUsers(tx, a.accountId)).map((u) => u.id) : chosen;
  const assigned = await assignToUsers(tx, a, t.app_id, userIds, b.auto_assign, now);
  // Auto assign reaches the mobiles that asked for the app too: those lent to a console user through
  // the user (above), the others (a pupil's or a shared tablet) by an assignment of their own.
  const askers = b.auto_assign ? await assignToAskingMobiles(tx, a, t, now) : [];
  const mobiles = await mobilesOf(tx, a.accountId, { userIds: assigned, deviceIds: askers }, now);
  const sent = await installOn(tx, a.accountId, { package_name: t.package_name, name: t.title }, mobiles, b.mandatory, {
    name: a.name,
    now,
  });
  await audited(tx, a, t, 'approved', {
    auto_assign: b.auto_assign,
    mandatory: b.mandatory,
    users: assigned,
    install_on: sent,
  });
  return {
    success: true,
    result: { package_name: t.package_name, action: 'added' as const },
    assigned_users: assigned.length,
    install_commands: sent.length,
  };
}

/** GET /app_requests/devices: the thread's asking devices. */
export async function appRequestDevices(db: Db, a: Actor, id: number): Promise<AppRequestDevicesResponse> {
  const r = await db.execute(sql`SELECT 1 FROM app_requests WHERE account_id = ${a.accountId} AND id = ${id}`);
  if (r.rows.length === 0) throw notInAccount('app_request', id, APP_MSG.requestNotFound);
  return { devices: await threadDevices(db, a.accountId, id) };
}
