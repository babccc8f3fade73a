/**
 * Website and media requests in the console (001 §2.4-2.6, §4, §7 'Requests', §8; issue 11): the
 * lists and their counts, a thread's devices and asks, bookmarks, and the actions. Each action runs
 * in one transaction: the account's threads named are locked, each is checked against the actions
 * its list offers (contracts requests/actions.ts LIST_ACTIONS), changed by a conditional UPDATE (...
 * AND state = <the state read> RETURNING), its rules written through domain/web-access/rule-writer.ts
 * (audited, the devices' policies made stale) with the thread as their source, and audited itself.
 * Of two administrators acting on one thread the second waits for the first and then gets the code of
 * the state it finds (AC010 / AC020 / AC021). Ids of another account answer AC010 like unknown ones.
 */
import {
  categoryById,
  approvedAllowDisabled,
  deniedApproveOptions,
  isLockedCategory,
  LIST_ACTIONS,
  listOf,
  REQUEST_MSG,
  type RequestActionResponse,
  type RequestDetailsResponse,
  type RequestConnectionsResponse,
  type RequestDevicesResponse,
  type RequestUsersResponse,
  type RequestErrorCode,
  type RequestsListQuery,
  type RequestsListResponse,
  type RuleScope,
  type SuccessResponse,
} from '@wayguard/contracts';
import type { z } from 'zod';
import type { requestActionBody, requestBookmarkBody } from '@wayguard/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { audit } from '../../domain/access/audit.js';
import { databaseFault } from '../../lib/database-faults.js';
import { isConflict } from '../../lib/db-retry.js';
import { HttpError, notInAccount } from '../../lib/http-errors.js';
import {
  ACCOUNT_LIST,
  approveForAccount,
  markApproved,
  noSubjectCode,
  threadSubject,
} from '../../domain/requests/decisions.js';
import { markReviewRequested } from '../../domain/requests/review.js';
import { refreshThreadCounts, requestersConnections } from '../../domain/requests/threads.js';
import { markPoliciesStale, setRule, type SubjectRef } from '../../domain/web-access/rule-writer.js';
import { forgetAccountRules } from '../../domain/web-access/scope-rules.js';
import { allowedNowPeriod, withAllowedNow } from './allowed-now.js';
import { approvalEnd } from './expiry.js';
import { isDeviceAssociation } from './present.js';
import {
  keptListAnswer,
  listRequests as listRows,
  requestsChanged,
  ruleDevices,
  threadAsks,
  threadDevices,
  threadIdsIn,
  threadUsers,
  threadsByIds,
  type RequestRow,
} from './repository.js';
import {
  accountTimeZone,
  addGroupMember,
  askingUsers,
  deviceRuleCount,
  devicesBySerial,
  lockRequestCounts,
  markDenied,
  mergeThreadInto,
  pendingOfSubject,
  rulesOfThread,
  setBookmarks,
  websiteGroupById,
  widenToDevices,
} from './sql/actions.js';

type ActionBody = z.output<typeof requestActionBody>;
type Thread = Awaited<ReturnType<typeof threadsByIds>>[number];
type Result = RequestActionResponse[number];

export async function listRequests(
  db: Db,
  a: Actor,
  q: RequestsListQuery,
  now = new Date(),
): Promise<RequestsListResponse> {
  const list = await listRows(db, a.accountId, q, now);
  return { ...list, requests: await withAllowedNow(db, a.accountId, list.requests, now) };
}

/**
 * GET /requests: the list's answer as the JSON bytes to send, kept while the account's threads are
 * unchanged (repository.ts keptListAnswer), else built by listRequests from the repository's page.
 */
export function list(db: Db, a: Actor, q: RequestsListQuery): Promise<Buffer> {
  const now = new Date();
  return keptListAnswer(db, a.accountId, q, () => listRequests(db, a, q, now), allowedNowPeriod(q, now));
}

async function ownThread(db: DbOrTx, a: Actor, id: number, type: 'website' | 'media') {
  const [row] = await threadsByIds(db, a.accountId, [id]);
  if (!row || row.kind !== type) throw notInAccount('access_request', id, REQUEST_MSG.requestNotFound);
  return row;
}

const deviceOf = (d: { serial: string; kind: 'machine' | 'mobile'; name: string }) => ({
  id: d.serial,
  type: d.kind,
  name: d.name,
});

/**
 * The Request Devices modal: a pending thread's asking devices; an approved or denied thread's devices
 * of its device rules (what its For value counts, issue 26), or its asking devices when it has none
 * (a denial removed them, or the decision was not for devices).
 */
export async function requestDevices(
  db: Db,
  a: Actor,
  q: { id: number; type: 'website' | 'media' },
): Promise<RequestDevicesResponse> {
  const t = await ownThread(db, a, q.id, q.type);
  const ruled = t.state === 'pending' ? [] : await ruleDevices(db, a.accountId, q.id);
  const devices = ruled.length > 0 ? ruled : await threadDevices(db, a.accountId, q.id);
  return { devices: devices.map(deviceOf) };
}

/** The user list modal (issue 26; 001 §2.5): the users the thread's user approval covers. */
export async function requestUsers(
  db: Db,
  a: Actor,
  q: { id: number; type: 'website' | 'media' },
): Promise<RequestUsersResponse> {
  await ownThread(db, a, q.id, q.type);
  return { users: await threadUsers(db, a.accountId, q.id) };
}

/** The server connection list modal (issue 26; 001 §2.5): the connections of the thread's server users. */
export async function requestConnections(
  db: Db,
  a: Actor,
  q: { id: number; type: 'website' | 'media' },
): Promise<RequestConnectionsResponse> {
  await ownThread(db, a, q.id, q.type);
  return { connections: await requestersConnections(db, a.accountId, [q.id]) };
}

export async function requestDetails(
  db: Db,
  a: Actor,
  q: { id: number; type: 'website' | 'media' },
): Promise<RequestDetailsResponse> {
  await ownThread(db, a, q.id, q.type);
  const [devices, asks] = await Promise.all([threadDevices(db, a.accountId, q.id), threadAsks(db, a.accountId, q.id)]);
  return {
    devices: devices.map(deviceOf),
    asks: asks.map((k) => ({
      requester: k.requester_name,
      requester_id: k.requester_id,
      requester_kind: k.requester_kind,
      device: k.serial && k.kind ? { id: k.serial, type: k.kind, name: k.name ?? '' } : null,
      notes: k.notes ?? '',
      asked: k.asked,
    })),
  };
}

export async function bookmark(db: Db, a: Actor, b: z.output<typeof requestBookmarkBody>): Promise<SuccessResponse> {
  const on = b.action === 'add';
  await db.transaction(async (tx) => {
    await requireThreads(
      tx,
      a,
      b.requestList.map((r) => r.id),
    );
    for (const kind of ['website', 'media'] as const) {
      const ids = b.requestList.filter((r) => r.type === kind).map((r) => r.id);
      if (ids.length === 0) continue;
      // Only approved threads carry a bookmark (001 §4); others and other accounts' ids are left alone.
      const changed = await setBookmarks(tx, a.accountId, kind, ids, on);
      if (changed.length > 0)
        await audit(tx, {
          ...byActor(a),
          action: on ? 'request.bookmark_added' : 'request.bookmark_removed',
          targetType: 'access_request',
          targetId: changed.join(','),
        });
    }
  });
  requestsChanged(a.accountId);
  return { success: true };
}

/**
 * Every id is a thread of the account: otherwise the call answers 404 as for an unknown id (and the
 * error handler audits an id of another account). Threads that exist but were processed meanwhile get
 * their per-item code instead.
 */
async function requireThreads(tx: DbOrTx, a: Actor, ids: readonly number[]): Promise<void> {
  const found = await threadIdsIn(tx, a.accountId, ids);
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notInAccount('access_request', missing, REQUEST_MSG.requestNotFound);
}

// --- actions ---------------------------------------------------------------------------------------------

/** The code of a thread that is not in a list offering the action: the state it is in. */
function stateCode(t: Thread): RequestErrorCode {
  return t.state === 'approved' ? 'AC020' : t.state === 'denied' ? 'AC021' : 'AC010';
}

type Target = { scope: RuleScope; association: { type: string; id: number | null; name: string } };

const userScope = (kind: 'user' | 'server_user' | 'local_user', id: number, name: string): RuleScope => ({
  kind: 'user',
  user_kind: kind === 'user' ? 'console' : kind === 'server_user' ? 'server' : 'local',
  id,
  name,
});
const USER_ASSOCIATION = { user: 'user', server_user: 'serveruser', local_user: 'localuser' } as const;

/** Where each approve variant puts the allow, and the association it records; null: nowhere to put it. */
async function approvalTargets(
  tx: DbOrTx,
  a: Actor,
  t: Thread,
  action: ActionBody['action'],
  b: ActionBody,
  chosenDevices: { id: number; kind: 'machine' | 'mobile'; name: string }[] | null,
): Promise<{ targets: Target[]; association: Target['association'] } | RequestErrorCode | null> {
  const one = (targets: Target[], plural: (n: number) => Target['association']) =>
    targets.length === 1
      ? { targets, association: targets[0]!.association }
      : { targets, association: plural(targets.length) };
  let variant = action;
  if (action === 'approve')
    variant =
      t.state === 'denied' && !isDeviceAssociation(t.association_type)
        ? 'approve_and_add_to_user_whitelist'
        : 'approve_and_add_to_device_whitelist';
  switch (variant) {
    // approve_and_add_to_company_whitelist: approveForAccount (domain/requests/decisions.ts), in actOne.
    case 'approve_and_add_to_device_whitelist':
    case 'add_to_device_whitelist': {
      const devices =
        chosenDevices ??
        (await threadDevices(tx, a.accountId, t.id)).map((d) => ({ id: d.id, kind: d.kind, name: d.name }));
      if (devices.length === 0) return null;
      return one(
        devices.map((d) => ({
          scope: { kind: 'device', id: d.id, name: d.name },
          association: { type: d.kind, id: d.id, name: d.name },
        })),
        (n) => ({ type: 'devices', id: null, name: `${n} devices` }),
      );
    }
    case 'approve_and_add_to_user_whitelist': {
      const users = await askingUsers(tx, a.accountId, t.id);
      if (users.length === 0) return null;
      return one(
        users.map((u) => ({
          scope: userScope(u.kind, u.id, u.name),
          association: { type: USER_ASSOCIATION[u.kind], id: u.id, name: u.name },
        })),
        (n) => ({ type: 'user', id: null, name: `${n} users` }),
      );
    }
    case 'approve_and_add_to_connection_whitelist': {
      const conns = await requestersConnections(tx, a.accountId, [t.id]);
      if (conns.length === 0) return null;
      return one(
        conns.map((c) => ({
          scope: { kind: 'connection', id: c.id, name: c.name },
          association: { type: 'serverconnection', id: c.id, name: c.name },
        })),
        (n) => ({ type: 'serverconnection', id: null, name: `${n} connections` }),
      );
    }
    case 'approve_and_add_to_category': {
      const id = b.category_id ?? t.category_id ?? 0;
      const c = categoryById(id);
      if (!c || c.locked || isLockedCategory(id)) return 'AC055';
      return one([{ scope: { kind: 'account' }, association: { type: 'category', id, name: c.name } }], () => ({
        type: 'category',
        id,
        name: c.name,
      }));
    }
    default:
      return null;
  }
}

/** Devices given by (serial, kind) in the account; null when one is not the account's. */
async function devicesOf(tx: DbOrTx, a: Actor, given: ActionBody['devices']) {
  if (!given || given.length === 0) return [];
  const rows = await devicesBySerial(tx, a.accountId, given);
  const found = new Set(rows.map((d) => `${d.kind}:${d.serial}`));
  const missing = given.find((g) => !found.has(`${g.type}:${g.id}`));
  if (missing) throw notInAccount('device', missing.id, REQUEST_MSG.requestNotFound);
  return [...new Map(rows.map((d) => [d.id, d])).values()];
}

/** Where a thread's unexpected failure is logged (the route's request log). */
type FailureLog = Pick<FastifyBaseLogger, 'error'>;

export async function act(
  db: Db,
  a: Actor,
  b: ActionBody,
  now = new Date(),
  log?: FailureLog,
): Promise<RequestActionResponse> {
  const results = await db.transaction(async (tx) => {
    const expiresAt = approvalEnd(b.expires, now, await accountTimeZone(tx, a.accountId));
    const chosen = b.devices && b.devices.length > 0 ? await devicesOf(tx, a, b.devices) : null;
    let group: { id: number; name: string } | null = null;
    if (b.group_id !== undefined) {
      group = await websiteGroupById(tx, a.accountId, b.group_id);
      if (!group) throw notInAccount('website_group', b.group_id!, REQUEST_MSG.requestNotFound);
    }
    const ids = [...new Set(b.id)];
    await requireThreads(tx, a, ids);
    const threads = new Map((await threadsByIds(tx, a.accountId, ids, true)).map((t) => [t.id, t]));
    // The account's counts of this kind, locked in one order before any thread moves between them.
    await lockRequestCounts(tx, a.accountId, b.type);
    const out: Result[] = [];
    for (const id of ids) {
      const t = threads.get(id);
      if (!t || t.kind !== b.type) {
        out.push({ id, action: 'error', error: 'AC010' });
        continue;
      }
      out.push(await actOneApart(tx, a, t, b, { expiresAt, chosen, group, now }, log));
    }
    return out;
  });
  requestsChanged(a.accountId);
  return results;
}

/**
 * One thread's action in a savepoint of its own (001 §8 AC016 'internal error'): an unexpected failure
 * undoes only that thread's changes and answers it AC016 while the others go ahead. A database that is
 * down, busy or full, a deadlock (retried by the caller) and a refusal meant for the whole call
 * (HttpError) still end the call.
 */
async function actOneApart(tx: Tx, a: Actor, t: Thread, b: ActionBody, c: Ctx, log?: FailureLog): Promise<Result> {
  try {
    return await tx.transaction((sp) => actOne(sp, a, t, b, c));
  } catch (error) {
    if (error instanceof HttpError || databaseFault(error) !== null || isConflict(error)) throw error;
    log?.error({ err: error, requestId: t.id }, 'request action failed for one thread');
    return { id: t.id, action: 'error', error: 'AC016' };
  }
}

type Ctx = {
  expiresAt: Date | null;
  chosen: { id: number; kind: 'machine' | 'mobile'; name: string }[] | null;
  group: { id: number; name: string } | null;
  now: Date;
};

async function actOne(tx: DbOrTx, a: Actor, t: Thread, b: ActionBody, c: Ctx): Promise<Result> {
  const list = listOf(t.state, t.status);
  const fail = (error: RequestErrorCode): Result => ({ id: t.id, action: 'error', error });
  if (b.action === 'request_review') {
    // Still with the provider's team: sent once only (AC014); after the team denied it: AC011 (001 §8).
    if (t.state === 'pending' && t.review_requested) return fail('AC014');
    if (t.state !== 'denied') return fail('AC013');
    if (t.reviewed) return fail('AC011');
    if (t.review_requested) return fail('AC014');
  } else if (!LIST_ACTIONS[list].includes(b.action)) return fail(stateCode(t));
  // What the row offers is what the server takes (contracts requests/actions.ts). A denied row's plain
  // 'approve' is its first option that needs nothing more (a website group needs the group chosen).
  let action = b.action;
  if (t.state === 'denied' && action.startsWith('approve')) {
    const offered = deniedApproveOptions({ associationType: t.association_type })
      .filter((o) => o.needs !== 'group' || c.group !== null)
      .map((o) => o.action);
    if (action === 'approve') action = offered[0] ?? action;
    if (!offered.includes(action)) return fail('AC021');
  }
  // 'Allow for other selected devices' only where the approval was for devices (001 §4, ST-11).
  if (action === 'add_to_device_whitelist' && approvedAllowDisabled({ associationType: t.association_type }))
    return fail('AC010');
  const record = (name: string, details: Record<string, unknown> = {}) =>
    audit(tx, {
      ...byActor(a),
      action: `request.${name}`,
      targetType: 'access_request',
      targetId: t.id,
      details: { kind: t.kind, subject: t.website, from: t.state, ...details },
    });
  const processor = { id: a.userId, name: a.name };

  switch (action) {
    case 'deny':
    case 'deny_and_prevent_requests': {
      const prevent = action === 'deny_and_prevent_requests';
      if (t.state === 'approved')
        for (const r of await rulesOfThread(tx, a.accountId, t.id))
          await setRule(tx, a, { ...r, rule: 'inherit', schedule: null, expiresAt: null });
      const denied = await markDenied(tx, a.accountId, t.id, {
        from: t.state,
        reason: b.reason ?? t.reason ?? null,
        prevent: prevent || t.prevent_requests,
        processor,
        now: c.now,
      });
      if (!denied) return fail('AC010');
      await record(action, { reason: b.reason ?? null, prevent });
      return { id: t.id, action: 'removed' };
    }
    case 'block': {
      const rules = await rulesOfThread(tx, a.accountId, t.id);
      for (const r of rules)
        await setRule(tx, a, {
          ...r,
          rule: 'block',
          schedule: null,
          expiresAt: null,
          source: { kind: 'request', requestId: t.id },
        });
      // Denied as a denial is, its prevent_requests left as it is (the thread is locked: the value read).
      const blocked = await markDenied(tx, a.accountId, t.id, {
        from: 'approved',
        reason: b.reason ?? null,
        prevent: t.prevent_requests,
        processor,
        now: c.now,
      });
      if (!blocked) return fail('AC010');
      await record('block', { rules: rules.length });
      return { id: t.id, action: 'removed' };
    }
    case 'request_review': {
      const other = await pendingOfSubject(tx, a.accountId, t.kind, t.subject_key);
      // The subject is already with the provider's team: nothing more to send.
      if (other?.status === 'tech') return { id: t.id, action: 'none' };
      // Pupils asked again meanwhile (a pending thread with the administrator): their asks join the
      // escalated thread, one thread per subject, and the team's decision answers them too.
      if (other) await mergeThreadInto(tx, a.accountId, other.id, t.id);
      const sent = await markReviewRequested(tx, 'access_requests', a.accountId, t.id, {
        notes: b.reason ?? '',
        by: a.name,
        at: c.now.toISOString(),
      });
      if (!sent) return fail('AC014');
      if (other) await refreshThreadCounts(tx, a.accountId, t.id);
      await record('review_requested', { reason: b.reason, ...(other ? { joined: other.id } : {}) });
      return { id: t.id, action: 'requested' };
    }
    case 'approve_and_add_to_website_group': {
      const subject = await threadSubject(tx, a.accountId, t);
      if (!subject) return fail(noSubjectCode(t.kind));
      if (subject.kind !== 'website') return fail('AC055');
      if (t.category_id !== null && isLockedCategory(t.category_id)) return fail('AC055');
      await addGroupMember(tx, a.accountId, c.group!.id, subject.id);
      // The group's members are part of every kept scope's rules (domain/web-access/scope-rules.ts).
      forgetAccountRules(a.accountId);
      await markPoliciesStale(tx, a.accountId, { kind: 'account' });
      const approved = await markApproved(tx, a.accountId, t, {
        association: { type: 'website_group', id: c.group!.id, name: c.group!.name },
        expiresAt: null,
        now: c.now,
        processor,
      });
      if (!approved) return fail('AC010');
      await record(action, { group: c.group });
      return { id: t.id, action: 'added' };
    }
    case 'approve_and_add_to_company_whitelist': {
      // The whole account's allow: the same step as the provider's team approval (domain/requests/decisions.ts).
      const r = await approveForAccount(tx, a, t, {
        expiresAt: c.expiresAt,
        now: c.now,
        processor,
      });
      if (r !== 'added') return fail(r);
      await record(action, { association: ACCOUNT_LIST, expires_at: c.expiresAt?.toISOString() ?? null });
      return { id: t.id, action: 'added' };
    }
    default: {
      // The approvals, and an approved thread's 'allow for other selected devices'.
      const subject = await threadSubject(tx, a.accountId, t);
      if (!subject) return fail(noSubjectCode(t.kind));
      if (t.category_id !== null && isLockedCategory(t.category_id)) return fail('AC055');
      const where = await approvalTargets(tx, a, t, action, b, c.chosen);
      if (where === null) return { id: t.id, action: 'none' };
      if (typeof where === 'string') return fail(where);
      const ruleSubject: SubjectRef =
        action === 'approve_and_add_to_category' ? { kind: 'category', id: where.association.id! } : subject;
      const expiresAt =
        action === 'add_to_device_whitelist' ? (t.expires ? new Date(t.expires * 1000) : null) : c.expiresAt;
      for (const target of where.targets)
        await setRule(tx, a, {
          scope: target.scope,
          subject: ruleSubject,
          rule: 'allow',
          schedule: null,
          expiresAt: expiresAt?.toISOString() ?? null,
          source: { kind: 'request', requestId: t.id },
        });
      if (action === 'add_to_device_whitelist') {
        // Stays approved; the association widens to every device the thread now allows.
        const n = await deviceRuleCount(tx, a.accountId, t.id);
        if (!(await widenToDevices(tx, a.accountId, t.id, n))) return fail('AC010');
        await record(action, { devices: where.targets.length });
        return { id: t.id, action: 'added' };
      }
      const approved = await markApproved(tx, a.accountId, t, {
        association: where.association,
        expiresAt,
        now: c.now,
        processor,
      });
      if (!approved) return fail('AC010');
      await record(action, { association: where.association, expires_at: expiresAt?.toISOString() ?? null });
      return { id: t.id, action: 'added' };
    }
  }
}

export type { RequestRow };
