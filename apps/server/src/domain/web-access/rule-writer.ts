/**
 * Setting and removing one rule (002 §4.3 access switch; issue 10 'Every rule change is audited ...
 * and bumps the policy version of the devices it concerns'). One rule per (scope, subject): setting
 * replaces it, 'inherit' removes it. In the caller's transaction the rule is written, audited with its
 * before and after, and the stored policy version of every device whose chain holds the scope is
 * cleared, so that its next check-in or policy fetch computes the policy again (domain/devices/device-policy.ts).
 */
import { sql } from 'drizzle-orm';
import {
  categoryById,
  isLockedCategory,
  WEB_ACCESS_MSG,
  type RuleScope,
  type SetAccessRule,
  type WeeklySchedule,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { byActor, type Actor } from '../access/actor.js';
import { audit } from '../access/audit.js';
import { badRequest, notInAccount } from '../../lib/http-errors.js';
import { chainArrays } from './nodes.js';
import { forgetScopeRules } from './scope-rules.js';
import { sqlArray } from '../../lib/sql-array.js';

export type SubjectRef = { kind: 'category' | 'website' | 'media' | 'website_group'; id: number };

export type RuleChange = {
  scope: RuleScope;
  subject: SubjectRef;
  rule: SetAccessRule;
  schedule: WeeklySchedule | null;
  expiresAt: string | null;
  /** Where the rule comes from: the administrator, or a request (issue 11). */
  source?: { kind: 'admin' } | { kind: 'request'; requestId: number };
};

type Stored = { action: 'ALLOW' | 'BLOCK'; schedule: WeeklySchedule | null; expires_at: string | null } | null;

const subjectNotFound = (s: SubjectRef) =>
  notInAccount(s.kind === 'website_group' ? 'website_group' : 'website', s.id, WEB_ACCESS_MSG.subjectNotFound);

/** The subject's name for the audit, after checking it is the account's; refuses allowing a locked category. */
export async function checkSubject(db: DbOrTx, accountId: number, s: SubjectRef, rule: SetAccessRule): Promise<string> {
  if (s.kind === 'category') {
    const c = categoryById(s.id);
    if (!c) throw badRequest(WEB_ACCESS_MSG.categoryUnknown);
    if (rule === 'allow' && c.locked) throw badRequest(WEB_ACCESS_MSG.lockedCategory(c.name));
    return c.name;
  }
  if (s.kind === 'website_group') {
    const r = await db.execute<{ name: string }>(
      sql`SELECT name FROM website_groups WHERE account_id = ${accountId} AND id = ${s.id}`,
    );
    if (!r.rows[0]) throw subjectNotFound(s);
    return r.rows[0].name;
  }
  const r = await db.execute<{ name: string; category_id: number | null }>(
    sql`SELECT name, category_id FROM websites WHERE account_id = ${accountId} AND id = ${s.id} AND kind = ${s.kind}`,
  );
  const row = r.rows[0];
  if (!row) throw subjectNotFound(s);
  if (rule === 'allow' && row.category_id !== null && isLockedCategory(row.category_id))
    throw badRequest(WEB_ACCESS_MSG.lockedCategory(categoryById(row.category_id)!.name));
  return row.name;
}

/** Devices whose chain holds the scope: their stored policy version is cleared. */
function concernedDevices(accountId: number, scope: RuleScope) {
  switch (scope.kind) {
    case 'account':
      return sql`SELECT d.id FROM devices d WHERE d.account_id = ${accountId}`;
    case 'device':
      return sql`SELECT ${scope.id}::int AS id`;
    case 'user': {
      const kinds = scope.user_kind === 'console' ? ['user'] : ['server_user', 'local_user'];
      return sql`SELECT d.id FROM devices d WHERE d.account_id = ${accountId}
        AND d.user_kind = ANY(${sqlArray(kinds)}::text[]) AND d.user_ref_id = ${scope.id}`;
    }
    case 'connection':
      return sql`SELECT d.id FROM devices d JOIN server_users su ON su.id = d.user_ref_id
        AND su.account_id = d.account_id
        WHERE d.account_id = ${accountId} AND d.user_kind IN ('server_user', 'local_user')
          AND su.connection_id = ${scope.id}`;
  }
}

export async function markPoliciesStale(db: DbOrTx, accountId: number, scope: RuleScope): Promise<number> {
  const r = await db.execute(sql`
    UPDATE device_configs SET policy_version = ''
    WHERE account_id = ${accountId} AND policy_version <> '' AND device_id IN (${concernedDevices(accountId, scope)})`);
  return r.rowCount ?? 0;
}

/** Writes the change; answers the rule as it was before and as it is now (null: no rule). */
export async function setRule(
  db: DbOrTx,
  actor: Actor,
  change: RuleChange,
): Promise<{ before: Stored; after: Stored }> {
  const { accountId } = actor;
  if (change.rule === 'inherit' && change.schedule) throw badRequest(WEB_ACCESS_MSG.scheduleOnInherit);
  const subjectName = await checkSubject(db, accountId, change.subject, change.rule);
  const c = chainArrays([change.scope]);
  const key = sql`account_id = ${accountId} AND subject_kind = ${change.subject.kind} AND subject_id = ${change.subject.id}
    AND scope_kind = ${c.kinds[0]!} AND user_kind = ${c.userKinds[0]!} AND scope_id = ${c.ids[0]!}`;
  const prev = await db.execute<NonNullable<Stored>>(
    sql`SELECT action, schedule, expires_at FROM web_access_rules WHERE ${key} FOR UPDATE`,
  );
  const before: Stored = prev.rows[0] ?? null;
  let after: Stored = null;
  if (change.rule === 'inherit') {
    await db.execute(sql`DELETE FROM web_access_rules WHERE ${key}`);
  } else {
    const action = change.rule === 'allow' ? 'ALLOW' : 'BLOCK';
    const source = change.source ?? { kind: 'admin' };
    const requestId = source.kind === 'request' ? source.requestId : null;
    const schedule = change.schedule === null ? null : JSON.stringify(change.schedule);
    await db.execute(sql`
      INSERT INTO web_access_rules (account_id, scope_kind, user_kind, scope_id, subject_kind, subject_id, action,
        schedule, expires_at, source_kind, request_id, created_by_id, created_by_name)
      VALUES (${accountId}, ${c.kinds[0]!}, ${c.userKinds[0]!}, ${c.ids[0]!}, ${change.subject.kind},
        ${change.subject.id}, ${action}, ${schedule}::jsonb, ${change.expiresAt}, ${source.kind}, ${requestId},
        ${actor.staff ? null : actor.userId}, ${actor.name})
      ON CONFLICT (account_id, subject_kind, subject_id, scope_kind, user_kind, scope_id) DO UPDATE SET
        action = EXCLUDED.action, schedule = EXCLUDED.schedule, expires_at = EXCLUDED.expires_at,
        source_kind = EXCLUDED.source_kind, request_id = EXCLUDED.request_id,
        created_by_id = EXCLUDED.created_by_id, created_by_name = EXCLUDED.created_by_name, updated_at = now()`);
    after = { action, schedule: change.schedule, expires_at: change.expiresAt };
  }
  // The scope's kept rules are forgotten at once (and not kept again until well after the commit).
  forgetScopeRules(accountId, change.scope);
  const stale = await markPoliciesStale(db, accountId, change.scope);
  await audit(db, {
    ...byActor(actor),
    action: change.rule === 'inherit' ? 'web_access.rule_removed' : 'web_access.rule_set',
    targetType: 'web_access_rule',
    targetId: `${change.scope.kind}:${c.userKinds[0] || ''}${c.ids[0]}/${change.subject.kind}:${change.subject.id}`,
    details: { scope: change.scope, subject: { ...change.subject, name: subjectName }, before, after, devices: stale },
  });
  return { before, after };
}
