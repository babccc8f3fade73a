/**
 * The impact preview (issue 10 'Beyond — impact preview'; issue 11 'Impact preview'): before a rule
 * changes at the account or at one or more connections (impact-change.ts), how many devices and users
 * it changes the decision for, and what else it unblocks there (impact-also.ts). Each device's chain
 * (account → connection → user → device) and each user's (account → connection → user) is decided for
 * each subject with the account's rules as they are and as they would be, by the one resolver. Several subjects (a batch
 * approval) change a member when any of them does.
 *
 * Speed: the subjects and their rules are read in one statement (websites and media items together by
 * candidatesFor; a category or group by its id), the members in one grouped statement; a member's
 * decision depends only on the scopes of its chain that hold a rule for the subject, so each subject
 * is decided once per distinct chain of those scopes, not once per device or user.
 */
import { sql } from 'drizzle-orm';
import {
  scopeKey,
  type DefaultMode,
  type ImpactResponse,
  type MatchMode,
  type RuleScope,
  type RuleSubject,
  type WebAccessRule,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { candidatesFor } from './candidates.js';
import { alsoUnblocked } from './impact-also.js';
import { resolve, type Target } from './resolver.js';
import { categoryRowTarget } from './row-access.js';
import { patternAddress, RULE_COLUMNS, toRule, type RuleRow } from './rule-rows.js';
import type { SubjectRef } from './rule-writer.js';
import { rulesAfter, type ImpactChange } from './impact-change.js';
import { sqlArray } from '../../lib/sql-array.js';

/** One subject: what the resolver decides before (target, rules) and after the change. */
export type SubjectCase = {
  subject: RuleSubject;
  target: Target;
  rules: WebAccessRule[];
  targetAfter: Target;
  rulesAfter: WebAccessRule[];
  /** The scopes (scopeKey) holding a rule for the subject, before or after. */
  scopes: Set<string>;
};

/** The rules of every scope for a category or a website group. */
async function rulesOfSubject(db: DbOrTx, accountId: number, kind: 'category' | 'website_group', id: number) {
  const rows = await db.execute<RuleRow>(sql`
    SELECT ${RULE_COLUMNS}, g.name AS subject_name, NULL AS subject_pattern, NULL AS subject_match, NULL AS members
    FROM web_access_rules r
    LEFT JOIN website_groups g ON r.subject_kind = 'website_group' AND g.id = r.subject_id AND g.account_id = r.account_id
    WHERE r.account_id = ${accountId} AND r.subject_kind = ${kind} AND r.subject_id = ${id}`);
  return rows.rows.map((r) => toRule(r, []));
}

type SubjectRow = {
  id: number;
  kind: 'website' | 'media';
  pattern: string;
  match_mode: MatchMode;
  category_id: number | null;
  name: string;
};

/** The subjects with their targets and the account's rules (every scope) that may decide them. */
async function subjectsAndRules(db: DbOrTx, accountId: number, subjects: readonly SubjectRef[]) {
  const one = subjects[0]!;
  if (one.kind === 'category' || one.kind === 'website_group') {
    const subject: RuleSubject = { kind: one.kind, id: one.id } as RuleSubject;
    const target = categoryRowTarget({ kind: one.kind, id: one.id });
    return [{ subject, target, rules: await rulesOfSubject(db, accountId, one.kind, one.id) }];
  }
  const rows = (
    await db.execute<SubjectRow>(sql`SELECT id, kind, pattern, match_mode, category_id, name FROM websites
      WHERE account_id = ${accountId} AND id = ANY(${sqlArray(subjects.map((s) => s.id))}::int[]) ORDER BY id`)
  ).rows;
  const found = await candidatesFor(
    db,
    accountId,
    null,
    rows.map((r) => ({
      ...patternAddress(r.pattern),
      categoryId: r.category_id,
      mediaId: r.kind === 'media' ? r.id : null,
    })),
  );
  return rows.map((r, i) => {
    const subject: RuleSubject =
      r.kind === 'media'
        ? { kind: 'media', id: r.id, name: r.name }
        : { kind: 'website', id: r.id, pattern: r.pattern, match: r.match_mode, name: r.name };
    return { subject, target: found[i]!.target, rules: found[i]!.rules };
  });
}

/** Reads the subjects' cases: before and after the change (a rule, or joining a group). */
export async function subjectCases(
  db: DbOrTx,
  accountId: number,
  change: ImpactChange,
): Promise<{
  cases: SubjectCase[];
  groupRules: WebAccessRule[];
}> {
  const read = await subjectsAndRules(db, accountId, change.subjects);
  const join = change.joinGroup ?? null;
  const groupRules = join === null ? [] : await rulesOfSubject(db, accountId, 'website_group', join);
  const cases = read.map((s): SubjectCase => {
    const targetAfter = join === null ? s.target : { ...s.target, groups: [...new Set([...s.target.groups, join])] };
    const after = join === null ? rulesAfter(s.rules, change, [s.subject]) : [...s.rules, ...groupRules];
    return {
      ...s,
      targetAfter,
      rulesAfter: after,
      scopes: new Set([...s.rules, ...after].map((r) => scopeKey(r.scope))),
    };
  });
  return { cases, groupRules };
}

type MemberRow = {
  connection: number | null;
  user_kind: '' | 'console' | 'server' | 'local';
  user_id: number | null;
  device: number | null;
  n: number;
};

/**
 * The devices and users of the scopes, grouped by their chain: devices by (connection, user, device
 * when it has its own rule for a subject), users by (connection, user). The account holds every device
 * and user (its console users too); a connection its server and local users and those users' devices;
 * a user scope that user and their devices; a device scope that device (no user).
 */
function membersSql(accountId: number, scopes: readonly RuleScope[], devicesWithRules: number[]) {
  const account = scopes.some((s) => s.kind === 'account');
  const connections = scopes.flatMap((s) => (s.kind === 'connection' ? [s.id] : []));
  const devices = scopes.flatMap((s) => (s.kind === 'device' ? [s.id] : []));
  const consoleUsers = scopes.flatMap((s) => (s.kind === 'user' && s.user_kind === 'console' ? [s.id] : []));
  const serverUsers = scopes.flatMap((s) => (s.kind === 'user' && s.user_kind !== 'console' ? [s.id] : []));
  const deviceIn = account
    ? sql``
    : sql`AND (su.connection_id = ANY(${sqlArray(connections)}::int[]) OR d.id = ANY(${sqlArray(devices)}::int[])
        OR (d.user_kind = 'user' AND d.user_ref_id = ANY(${sqlArray(consoleUsers)}::int[]))
        OR (d.user_kind IN ('server_user', 'local_user') AND d.user_ref_id = ANY(${sqlArray(serverUsers)}::int[])))`;
  const serverUserIn = account
    ? sql``
    : sql`AND (su.connection_id = ANY(${sqlArray(connections)}::int[]) OR su.id = ANY(${sqlArray(serverUsers)}::int[]))`;
  const consoleUserIn = account ? sql`` : sql`AND u.id = ANY(${sqlArray(consoleUsers)}::int[])`;
  return sql`
    SELECT su.connection_id AS connection,
      CASE d.user_kind WHEN 'user' THEN 'console' WHEN 'server_user' THEN 'server' WHEN 'local_user' THEN 'local' ELSE '' END
        AS user_kind,
      d.user_ref_id AS user_id,
      CASE WHEN d.id = ANY(${sqlArray(devicesWithRules)}::int[]) THEN d.id END AS device, count(*)::int AS n
    FROM devices d
    LEFT JOIN server_users su ON d.user_kind IN ('server_user', 'local_user') AND su.id = d.user_ref_id
      AND su.account_id = d.account_id
    WHERE d.account_id = ${accountId} AND d.deactivated_date IS NULL ${deviceIn}
    GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT su.connection_id, CASE su.type WHEN 'local_user' THEN 'local' ELSE 'server' END, su.id, -1, count(*)::int
    FROM server_users su
    WHERE su.account_id = ${accountId} AND su.status = 'activated' ${serverUserIn}
    GROUP BY 1, 2, 3
    UNION ALL SELECT NULL::int, 'console', u.id, -1, count(*)::int FROM users u
      WHERE u.account_id = ${accountId} AND u.status <> 'deactivated' ${consoleUserIn} GROUP BY 1, 2, 3`;
}

export async function impactOf(
  db: DbOrTx,
  accountId: number,
  defaultMode: DefaultMode,
  timeZone: string,
  change: ImpactChange,
  now = new Date(),
): Promise<ImpactResponse> {
  const { cases, groupRules } =
    change.subjects.length > 0 ? await subjectCases(db, accountId, change) : { cases: [], groupRules: [] };
  const devicesWithRules = [
    ...new Set(
      cases
        .flatMap((c) => c.rulesAfter.concat(c.rules))
        .flatMap((r) => (r.scope.kind === 'device' ? [r.scope.id] : [])),
    ),
  ];
  const members = (await db.execute<MemberRow>(membersSql(accountId, change.scopes, devicesWithRules))).rows;
  const base = { now, timeZone, defaultMode };
  // Whether a subject's decision changes for a chain, kept per chain of the scopes that matter to it.
  const kept = cases.map(() => new Map<string, boolean>());
  const changes = (chain: RuleScope[]) =>
    cases.some((c, i) => {
      const own = chain.filter((s) => s.kind === 'account' || c.scopes.has(scopeKey(s)));
      const key = own.map(scopeKey).join('|');
      let changed = kept[i]!.get(key);
      if (changed === undefined) {
        const before = resolve({ ...base, target: c.target, chain: own, rules: c.rules }).decision;
        const after = resolve({ ...base, target: c.targetAfter, chain: own, rules: c.rulesAfter }).decision;
        changed = before !== after;
        kept[i]!.set(key, changed);
      }
      return changed;
    });
  const out = { devices_changed: 0, users_changed: 0, devices_in_scope: 0, users_in_scope: 0 };
  for (const m of members) {
    const chain: RuleScope[] = [{ kind: 'account' }];
    if (m.connection !== null) chain.push({ kind: 'connection', id: m.connection });
    if (m.user_kind !== '' && m.user_id !== null) chain.push({ kind: 'user', user_kind: m.user_kind, id: m.user_id });
    const isUser = m.device === -1;
    if (!isUser && m.device !== null) chain.push({ kind: 'device', id: m.device });
    const changed = cases.length > 0 && changes(chain);
    if (isUser) {
      out.users_in_scope += m.n;
      if (changed) out.users_changed += m.n;
    } else {
      out.devices_in_scope += m.n;
      if (changed) out.devices_changed += m.n;
    }
  }
  const also = await alsoUnblocked(db, accountId, change, cases, groupRules, base);
  return { ...out, also_unblocked: also };
}
