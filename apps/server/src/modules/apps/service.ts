/**
 * App request actions (001 §4 'Apps', §7 POST /app_requests and POST /app_requests/app; issue 12). Each
 * call runs in one transaction: the account's app counts are locked first (in one order, so two actions
 * never lock them in opposite orders), then the threads named, each checked against its list's actions
 * (contracts apps/actions.ts), changed by a conditional UPDATE (... AND state = <the state read>) and
 * audited. Of two administrators acting on one thread the second waits, then gets the code of the state
 * it finds (AC010 / AC011 / AC020 / AC021). A package the account has no thread of answers 404.
 * Approving assigns the app (to every user with auto assign, or to the chosen users) and queues an
 * install command on each of their mobiles; denying an approved app takes every assignment away and
 * queues an uninstall command on each mobile that had it (domain/apps/install.ts).
 */
import {
  APP_LIST_ACTIONS,
  APP_MSG,
  listOf,
  type AppApprovalResponse,
  type AppDetail,
  type AppRequestsListQuery,
  type AppRequestActionResponse,
  type AppRequestDevicesResponse,
  type RequestErrorCode,
} from '@wayguard/contracts';
import type { z } from 'zod';
import type { appApprovalBody, appRequestActionBody } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { audit } from '../../domain/access/audit.js';
import { badRequest, notInAccount } from '../../lib/http-errors.js';
import { installOn, mobilesOf, uninstallFrom, type Mobile } from '../../domain/apps/install.js';
import { lockAppCounts } from '../../domain/apps/locks.js';
import { markReviewRequested } from '../../domain/requests/review.js';
import { toAppDetail } from './present.js';
import {
  appOfAccount,
  appRequestsChanged,
  assignedUserIds,
  keptListAnswer,
  listAppRequests,
  threadDevices,
  threadsByPackages,
  type AppThread,
} from './repository.js';
import {
  appFlags,
  assignableUsers,
  deleteAppAssignments,
  holdersOfApp,
  insertAskingMobileAssignments,
  insertUserAssignments,
  markApproved,
  markDenied,
  threadExists,
  userIdsIn,
} from './sql/actions.js';

type ActionBody = z.output<typeof appRequestActionBody>;
type ApprovalBody = z.output<typeof appApprovalBody>;
type Result = AppRequestActionResponse[number];

/**
 * GET /app_requests: the list's answer as the JSON bytes to send, kept while the account's app threads
 * are unchanged (repository.ts keptListAnswer), else built from the repository's page.
 */
export function list(db: Db, a: Actor, q: AppRequestsListQuery): Promise<Buffer> {
  return keptListAnswer(db, a.accountId, q, () => listAppRequests(db, a.accountId, q));
}

/**
 * GET /app_requests/app (001 §2.4 'App accordion', §3 'App detail'; 002 §2.6): the catalogue's app (or
 * the account's own report of an app the catalogue has not confirmed: issue 25) and, for the session's
 * account, its thread, its auto assign and mandatory install, the users it may be assigned to and those
 * it is assigned to, and the approval warning when the app is flagged.
 */
export async function appDetail(db: Db, a: Actor, packageName: string): Promise<AppDetail> {
  const app = await appOfAccount(db, a.accountId, packageName);
  if (!app) throw notInAccount('app_package', packageName, APP_MSG.appNotFound);
  const [users, assigned] = await Promise.all([
    assignableUsers(db, a.accountId),
    assignedUserIds(db, a.accountId, app.id),
  ]);
  return toAppDetail(app, users, assigned);
}

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

/** Who assigns or approves, as recorded (the demo seed acts with no user: null). */
const assigner = (a: Actor) => ({ id: a.userId || null, name: a.name });

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
  const rows = await holdersOfApp(tx, accountId, t.app_id, t.package_name);
  return mobilesOf(
    tx,
    accountId,
    {
      userIds: rows.flatMap((x) => (x.user_id === null ? [] : [x.user_id])),
      deviceIds: rows.flatMap((x) => (x.device_id === null ? [] : [x.device_id])),
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
    if (!(await markReviewRequested(tx, 'app_requests', a.accountId, t.id, { notes: b.reason ?? '', by: a.name, at })))
      return fail('AC014');
    await audited(tx, a, t, 'review_requested', { reason: b.reason });
    return { package_name: t.package_name, action: 'requested' };
  }
  if (!APP_LIST_ACTIONS[list].includes('deny')) return fail(stateCode(t));
  const denied = await markDenied(tx, a.accountId, t, {
    reason: b.reason ?? null,
    processor: { id: a.userId, name: a.name },
    at,
  });
  if (!denied) return fail('AC010');
  let uninstalled: string[] = [];
  if (t.state === 'approved') {
    const mobiles = await mobilesWithApp(tx, a.accountId, t, now);
    await deleteAppAssignments(tx, a.accountId, t.app_id);
    uninstalled = await uninstallFrom(tx, a.accountId, { package_name: t.package_name, name: t.title }, mobiles, {
      name: a.name,
      now,
    });
  }
  await audited(tx, a, t, 'denied', { reason: b.reason ?? null, uninstall_on: uninstalled });
  return { package_name: t.package_name, action: 'removed' };
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
  return insertUserAssignments(tx, a.accountId, appId, userIds, { auto, by: assigner(a), at: now.toISOString() });
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
  return insertAskingMobileAssignments(tx, a.accountId, t, { by: assigner(a), at: now.toISOString() });
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
  const flags = await appFlags(tx, t.app_id);
  if (flags.is_admin_warning && b.warning_accepted !== true) throw badRequest(APP_MSG.warningNotAccepted);
  if (flags.is_prevent_autoassign && b.auto_assign) throw badRequest(APP_MSG.warnAutoAssignPrevented);
  const chosen = [...new Set(b.assign_users)];
  if (!b.auto_assign && chosen.length > 0) {
    const ids = await userIdsIn(tx, a.accountId, chosen);
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
  const approved = await markApproved(tx, a.accountId, t, {
    processor: assigner(a),
    at: now.toISOString(),
    autoAssign: b.auto_assign,
    mandatory: b.mandatory,
  });
  if (!approved) return fail('AC010');
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
  if (!(await threadExists(db, a.accountId, id))) throw notInAccount('app_request', id, APP_MSG.requestNotFound);
  return { devices: await threadDevices(db, a.accountId, id) };
}
