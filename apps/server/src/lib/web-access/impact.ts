/**
 * The impact preview (issue 10 'Beyond — impact preview'): before a rule changes at the account or a
 * connection, how many devices and users it changes the decision for. Each device's chain (account →
 * connection → user → device) and each user's (account → connection → user) is decided for the
 * subject with the account's rules as they are and as they would be, by the one resolver. Members are
 * grouped by the scopes of their chain that hold a candidate rule, so the resolver runs once per
 * group, not once per device.
 */
import { sql } from 'drizzle-orm';
import {
  sameScope,
  sameSubject,
  type DefaultMode,
  type ImpactResponse,
  type MatchMode,
  type RuleScope,
  type RuleSubject,
  type SetAccessRule,
  type WebAccessRule,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { candidatesFor } from './candidates.js';
import { resolve } from './resolver.js';
import { categoryRowTarget } from './row-access.js';
import { patternAddress, RULE_COLUMNS, toRule, type RuleRow } from './rule-rows.js';
import type { SubjectRef } from './rule-writer.js';

export type ImpactChange = { scope: RuleScope; subject: SubjectRef; rule: SetAccessRule };

/** The subject as the resolver's rule subject and target, with the account's rules (every scope) that may decide it. */
async function subjectAndRules(db: DbOrTx, accountId: number, s: SubjectRef) {
  if (s.kind === 'category' || s.kind === 'website_group') {
    const rows = await db.execute<RuleRow>(sql`
      SELECT ${RULE_COLUMNS}, g.name AS subject_name, NULL AS subject_pattern, NULL AS subject_match, NULL AS members
      FROM web_access_rules r
      LEFT JOIN website_groups g ON r.subject_kind = 'website_group' AND g.id = r.subject_id AND g.account_id = r.account_id
      WHERE r.account_id = ${accountId} AND r.subject_kind = ${s.kind} AND r.subject_id = ${s.id}`);
    const target = categoryRowTarget({ kind: s.kind, id: s.id });
    const subject: RuleSubject = { kind: s.kind, id: s.id };
    return { subject, target, rules: rows.rows.map((r) => toRule(r, [])) };
  }
  const row = (
    await db.execute<{ pattern: string; match_mode: MatchMode; category_id: number | null; name: string }>(
      sql`SELECT pattern, match_mode, category_id, name FROM websites WHERE account_id = ${accountId} AND id = ${s.id}`,
    )
  ).rows[0]!;
  const [found] = await candidatesFor(db, accountId, null, [
    { ...patternAddress(row.pattern), categoryId: row.category_id, mediaId: s.kind === 'media' ? s.id : null },
  ]);
  const subject: RuleSubject =
    s.kind === 'media'
      ? { kind: 'media', id: s.id, name: row.name }
      : { kind: 'website', id: s.id, pattern: row.pattern, match: row.match_mode, name: row.name };
  return { subject, target: found!.target, rules: found!.rules };
}

/** The rules as they would be after the change: the scope's rule for the subject replaced or removed. */
function rulesAfter(rules: readonly WebAccessRule[], change: ImpactChange, subject: RuleSubject): WebAccessRule[] {
  const kept = rules.filter((r) => !(sameScope(r.scope, change.scope) && sameSubject(r.subject, subject)));
  if (change.rule === 'inherit') return kept;
  const proposed: WebAccessRule = {
    id: Number.MAX_SAFE_INTEGER,
    scope: change.scope,
    subject,
    action: change.rule === 'allow' ? 'ALLOW' : 'BLOCK',
    schedule: null,
    expires_at: null,
    source: { kind: 'admin' },
    created_by: '',
  };
  return [...kept, proposed];
}

type MemberRow = {
  connection: number | null;
  user_kind: '' | 'console' | 'server' | 'local';
  user_id: number | null;
  device: number | null;
  n: number;
};

/**
 * The devices and users of the scope, grouped by their chain: devices by (connection, user, device when
 * it has its own rule for the subject), users by (connection, user).
 */
function membersSql(accountId: number, scope: RuleScope, devicesWithRules: number[]) {
  const inConnection = scope.kind === 'connection' ? sql`AND su.connection_id = ${scope.id}` : sql``;
  const deviceRules = `{${devicesWithRules.join(',')}}`;
  return sql`
    SELECT su.connection_id AS connection,
      CASE d.user_kind WHEN 'user' THEN 'console' WHEN 'server_user' THEN 'server' WHEN 'local_user' THEN 'local' ELSE '' END
        AS user_kind,
      d.user_ref_id AS user_id,
      CASE WHEN d.id = ANY(${deviceRules}::int[]) THEN d.id END AS device, count(*)::int AS n
    FROM devices d
    LEFT JOIN server_users su ON d.user_kind IN ('server_user', 'local_user') AND su.id = d.user_ref_id
      AND su.account_id = d.account_id
    WHERE d.account_id = ${accountId} AND d.deactivated_date IS NULL ${inConnection}
    GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT su.connection_id, CASE su.type WHEN 'local_user' THEN 'local' ELSE 'server' END, su.id, -1, count(*)::int
    FROM server_users su
    WHERE su.account_id = ${accountId} AND su.status = 'activated' ${inConnection}
    GROUP BY 1, 2, 3
    ${
      scope.kind === 'account'
        ? sql`UNION ALL SELECT NULL::int, 'console', u.id, -1, count(*)::int FROM users u
            WHERE u.account_id = ${accountId} AND u.status <> 'deactivated' GROUP BY 1, 2, 3`
        : sql``
    }`;
}

export async function impactOf(
  db: DbOrTx,
  accountId: number,
  defaultMode: DefaultMode,
  timeZone: string,
  change: ImpactChange,
  now = new Date(),
): Promise<ImpactResponse> {
  const { subject, target, rules } = await subjectAndRules(db, accountId, change.subject);
  const after = rulesAfter(rules, change, subject);
  const devicesWithRules = rules.filter((r) => r.scope.kind === 'device').map((r) => (r.scope as { id: number }).id);
  const members = (await db.execute<MemberRow>(membersSql(accountId, change.scope, devicesWithRules))).rows;
  const decide = (chain: RuleScope[], set: readonly WebAccessRule[]) =>
    resolve({ target, chain, rules: set, now, timeZone, defaultMode }).decision;
  const out = { devices_changed: 0, users_changed: 0, devices_in_scope: 0, users_in_scope: 0 };
  for (const m of members) {
    const chain: RuleScope[] = [{ kind: 'account' }];
    if (m.connection !== null) chain.push({ kind: 'connection', id: m.connection });
    if (m.user_kind !== '' && m.user_id !== null) chain.push({ kind: 'user', user_kind: m.user_kind, id: m.user_id });
    const isUser = m.device === -1;
    if (!isUser && m.device !== null) chain.push({ kind: 'device', id: m.device });
    const changed = decide(chain, rules) !== decide(chain, after);
    if (isUser) {
      out.users_in_scope += m.n;
      if (changed) out.users_changed += m.n;
    } else {
      out.devices_in_scope += m.n;
      if (changed) out.devices_changed += m.n;
    }
  }
  return out;
}
