/**
 * POST /node/web_access/impact (issue 10 'impact preview'; issue 11 'Impact preview'): how many devices
 * and users a rule at the account or a connection would change the decision for, and what else it
 * unblocks. The subject is one website, media item, category or website group, or the subjects of
 * request threads (`request_ids`: an approval's preview); `join_group_id` previews websites joining a
 * website group; the scope `requesters_connections` is the server connections of the threads' server-user
 * requesters ('Approve for this server connection'); `requesters_devices` and `requesters_users` the
 * devices and users that asked ('Allow for this device', 'This user'), `devices` chosen devices
 * (issue 26: every approval scope has a preview, impact-scopes.ts). Every id is looked up in the session's account
 * (another's answers 404).
 */
import { givenSubjectFields, WEB_ACCESS_MSG, type ImpactResponse, type RuleScope } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../domain/access/actor.js';
import { badRequest, notInAccount } from '../../lib/http-errors.js';
import { requestersConnections } from '../../domain/requests/threads.js';
import { impactOf } from '../../domain/web-access/impact.js';
import { checkSubject, type SubjectRef } from '../../domain/web-access/rule-writer.js';
import { chosenDeviceScopes, requestersDeviceScopes, requestersUserScopes } from './impact-scopes.js';
import { accountWebDefaults, hasConnection, hasWebsiteGroup, requestSubjectRows } from './sql/impact.js';
import { subjectOf } from './service.js';

export type ImpactInput = {
  scope:
    | { kind: 'account' }
    | { kind: 'connection'; id: number }
    | { kind: 'requesters_connections' }
    | { kind: 'requesters_devices' }
    | { kind: 'requesters_users' }
    | { kind: 'devices'; devices: { id: string; type: 'machine' | 'mobile' }[] };
  rule: 'allow' | 'block' | 'inherit';
  website_id?: number | undefined;
  category_id?: number | undefined;
  custom_category_id?: number | undefined;
  media_id?: number | undefined;
  request_ids?: number[] | undefined;
  join_group_id?: number | undefined;
};

/**
 * The websites and media items of the request threads (each thread's subject row; a thread that has
 * none yet, from before threads linked their row, takes no part: its approval makes the row).
 */
async function requestSubjects(db: DbOrTx, accountId: number, ids: readonly number[]): Promise<SubjectRef[]> {
  const unique = [...new Set(ids)];
  const rows = await requestSubjectRows(db, accountId, unique);
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw notInAccount('access_request', missing, WEB_ACCESS_MSG.requestsNotFound);
  const subjects = new Map<number, SubjectRef>();
  for (const r of rows) if (r.website_id !== null) subjects.set(r.website_id, { kind: r.kind, id: r.website_id });
  return [...subjects.values()];
}

async function subjectsOf(db: DbOrTx, accountId: number, b: ImpactInput): Promise<SubjectRef[]> {
  if (b.request_ids === undefined) return [await subjectOf(db, accountId, b)];
  const subjects = await requestSubjects(db, accountId, b.request_ids);
  // The other subject fields are checked too, so that a foreign id answers 404 whatever else is given.
  if (givenSubjectFields(b).length > 0) {
    await subjectOf(db, accountId, b);
    throw badRequest(WEB_ACCESS_MSG.oneSubject);
  }
  return subjects;
}

/** The scopes the rule would be set at; the requesters' connections once the threads are known to be the account's. */
async function scopesOf(db: DbOrTx, accountId: number, b: ImpactInput): Promise<RuleScope[]> {
  switch (b.scope.kind) {
    case 'account':
      return [{ kind: 'account' }];
    case 'connection': {
      if (!(await hasConnection(db, accountId, b.scope.id)))
        throw notInAccount('server_connection', b.scope.id, WEB_ACCESS_MSG.connectionNotFound);
      return [{ kind: 'connection', id: b.scope.id }];
    }
    case 'requesters_connections':
      return (await requestersConnections(db, accountId, b.request_ids ?? [])).map((c) => ({
        kind: 'connection',
        id: c.id,
      }));
    case 'requesters_devices':
      return requestersDeviceScopes(db, accountId, b.request_ids ?? []);
    case 'requesters_users':
      return requestersUserScopes(db, accountId, b.request_ids ?? []);
    case 'devices':
      return chosenDeviceScopes(db, accountId, b.scope.devices);
  }
}

export async function impact(db: Db, a: Actor, b: ImpactInput): Promise<ImpactResponse> {
  if (b.scope.kind === 'requesters_connections' && b.request_ids === undefined)
    throw badRequest(WEB_ACCESS_MSG.requestersConnectionsNeedRequests);
  if ((b.scope.kind === 'requesters_devices' || b.scope.kind === 'requesters_users') && b.request_ids === undefined)
    throw badRequest(WEB_ACCESS_MSG.requestersNeedRequests);
  const subjects = await subjectsOf(db, a.accountId, b);
  const scopes = await scopesOf(db, a.accountId, b);
  if (b.join_group_id !== undefined) {
    if (!(await hasWebsiteGroup(db, a.accountId, b.join_group_id)))
      throw notInAccount('website_group', b.join_group_id, WEB_ACCESS_MSG.groupNotFound);
    if (b.rule !== 'allow') throw badRequest(WEB_ACCESS_MSG.joinGroupAllowOnly);
    if (subjects.some((s) => s.kind !== 'website')) throw badRequest(WEB_ACCESS_MSG.joinGroupWebsitesOnly);
  }
  // A single subject's allow is refused when the provider locks it; request threads in a locked category
  // are previewed as they would be approved: the resolver keeps them blocked (no change).
  if (b.rule === 'allow' && b.request_ids === undefined && b.join_group_id === undefined)
    await checkSubject(db, a.accountId, subjects[0]!, 'allow');
  const account = await accountWebDefaults(db, a.accountId);
  return impactOf(db, a.accountId, account.default_mode, account.time_zone, {
    scopes,
    subjects,
    rule: b.rule,
    joinGroup: b.join_group_id ?? null,
  });
}
