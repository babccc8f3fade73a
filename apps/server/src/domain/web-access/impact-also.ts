/**
 * What else an impact preview's change unblocks (issue 11 'Impact preview'): the account's other
 * websites the change also covers — a website rule's pattern covers its subdomains or longer addresses,
 * a category all its websites, a website group its members' patterns; a website joining a group brings
 * its own pattern's rows into the group — that are blocked at a scope now (the account, or the account
 * and a connection; with several connections, at any of them) and allowed after, decided by the one
 * resolver.
 *
 * Speed (docs/decisions/requests.md "Requests: impact preview and keyboard triage"): one statement finds the
 * covered rows as index ranges (as decide-all.ts does for rules) with whether a request for their host
 * is pending, at most IMPACT_COVERAGE_MAX of them (beyond, the answer says `partial`); each row's
 * candidate rules come from the kept scope rules in memory (scope-rules.ts), not from a statement.
 */
import { sql } from 'drizzle-orm';
import {
  IMPACT_COVERAGE_MAX,
  IMPACT_SAMPLE_MAX,
  UNCATEGORISED_CATEGORY_ID,
  type DefaultMode,
  type ImpactResponse,
  type RuleScope,
  type WebAccessRule,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { websiteMatches } from './match.js';
import { resolve, type Target } from './resolver.js';
import { chainRulesOf } from './scope-rules.js';
import { sqlArray } from '../../lib/sql-array.js';
import { PROPOSED_RULE_ID, replacedBy, type ImpactChange } from './impact-change.js';
import type { SubjectCase } from './impact.js';

type Covered = { id: number; name: string; host: string; path: string; category_id: number | null; pending: boolean };

/** The rows the subjects' patterns, categories and groups cover (a superset: the resolver checks each). */
function coveredSql(
  accountId: number,
  p: { match: string[]; host: string[]; pattern: string[]; groups: number[]; categories: number[]; exclude: number[] },
) {
  const w = sql`w.account_id = ${accountId} AND w.kind = 'website'`;
  const uncategorised = p.categories.includes(UNCATEGORISED_CATEGORY_ID);
  return sql`
    WITH pat AS (
      SELECT * FROM unnest(${sqlArray(p.match)}::text[], ${sqlArray(p.host)}::text[], ${sqlArray(p.pattern)}::text[])
        AS p(match_mode, host, pattern)
      UNION
      SELECT ms.match_mode, ms.host, ms.pattern FROM website_group_members m
      JOIN websites ms ON ms.id = m.website_id AND ms.account_id = m.account_id AND ms.kind = 'website'
      WHERE m.account_id = ${accountId} AND m.group_id = ANY(${sqlArray(p.groups)}::int[])
    ),
    cov AS (
      SELECT w.id FROM pat JOIN websites w ON ${w} AND w.host = pat.host WHERE pat.match_mode IN ('exact', 'ends_with')
      UNION ALL
      SELECT w.id FROM pat JOIN websites w ON ${w}
        AND (w.host_rev COLLATE "C") >= (reverse(pat.host) || '.') AND (w.host_rev COLLATE "C") < (reverse(pat.host) || '/')
        WHERE pat.match_mode = 'ends_with'
      UNION ALL
      SELECT w.id FROM pat JOIN websites w ON ${w}
        AND (w.address COLLATE "C") >= pat.pattern AND (w.address COLLATE "C") < (pat.pattern || chr(127))
        WHERE pat.match_mode = 'starts_with'
      UNION ALL
      SELECT w.id FROM pat JOIN websites w ON ${w}
        AND w.address LIKE '%' || replace(replace(replace(pat.pattern, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
        WHERE pat.match_mode = 'includes'
      UNION ALL
      SELECT w.id FROM websites w WHERE ${w} AND w.category_id = ANY(${sqlArray(p.categories)}::int[])
      ${uncategorised ? sql`UNION ALL SELECT w.id FROM websites w WHERE ${w} AND w.category_id IS NULL` : sql``}
    ),
    firsts AS (
      SELECT id FROM cov WHERE NOT (id = ANY(${sqlArray(p.exclude)}::int[])) LIMIT ${IMPACT_COVERAGE_MAX + 1}
    )
    SELECT DISTINCT w.id, w.name, w.host, w.path, w.category_id,
      EXISTS (SELECT 1 FROM access_requests r WHERE r.account_id = ${accountId} AND r.kind = 'website'
        AND r.subject_key = regexp_replace(w.host, '^www\\.', '') AND r.state = 'pending') AS pending
    FROM firsts JOIN websites w ON w.id = firsts.id AND w.account_id = ${accountId}`;
}

export async function alsoUnblocked(
  db: DbOrTx,
  accountId: number,
  change: ImpactChange,
  cases: readonly SubjectCase[],
  groupRules: readonly WebAccessRule[],
  base: { now: Date; timeZone: string; defaultMode: DefaultMode },
): Promise<ImpactResponse['also_unblocked']> {
  const none = { websites: 0, with_pending_requests: 0, sample: [], partial: false };
  const join = change.joinGroup ?? null;
  // Removing a rule, a block, a media item's allow, or no scope at all (no connection) unblocks nothing else.
  if (change.rule !== 'allow' || cases.length === 0 || change.scopes.length === 0) return none;
  // Joining a group without rules changes nothing.
  if (join !== null && groupRules.length === 0) return none;
  const p = {
    match: [] as string[],
    host: [] as string[],
    pattern: [] as string[],
    groups: [] as number[],
    categories: [] as number[],
    exclude: [] as number[],
  };
  for (const c of cases) {
    const s = c.subject;
    if (s.kind === 'website') {
      p.match.push(s.match);
      p.host.push(c.target.host ?? '');
      p.pattern.push(s.pattern);
      p.exclude.push(s.id);
    } else if (s.kind === 'category') p.categories.push(s.id);
    else if (s.kind === 'website_group') p.groups.push(s.id);
    else p.exclude.push(s.id);
  }
  if (p.match.length + p.groups.length + p.categories.length === 0) return none;
  const rows = (await db.execute<Covered>(coveredSql(accountId, p))).rows;
  // One chain per scope changed: the account's, or the account and each connection.
  const chains: RuleScope[][] = change.scopes.map((sc) =>
    sc.kind === 'account' ? [{ kind: 'account' }] : [{ kind: 'account' }, sc],
  );
  const kept: Awaited<ReturnType<typeof chainRulesOf>>[] = [];
  for (const chain of chains) kept.push(await chainRulesOf(db, accountId, chain));
  const subjects = cases.map((c) => c.subject);
  const proposed = join === null ? cases.flatMap((c) => c.rulesAfter.filter((r) => r.id === PROPOSED_RULE_ID)) : [];
  const unblockedAt = (row: Covered, chain: RuleScope[], i: number) => {
    const found = kept[i]!.candidates({ host: row.host, path: row.path, categoryId: row.category_id, mediaId: null });
    const before = resolve({ ...base, chain, target: found.target, rules: found.rules }).decision;
    if (before !== 'BLOCK') return false;
    const after =
      join === null
        ? resolve({
            ...base,
            chain,
            target: found.target,
            rules: [...found.rules.filter((r) => !replacedBy(r, change, subjects)), ...proposed],
          }).decision
        : joinedDecision(found, join, groupRules, chain, base, cases);
    return after === 'ALLOW';
  };
  const unblocked = rows.filter((row) => chains.some((chain, i) => unblockedAt(row, chain, i)));
  unblocked.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    websites: unblocked.length,
    with_pending_requests: unblocked.filter((r) => r.pending).length,
    sample: unblocked.slice(0, IMPACT_SAMPLE_MAX).map((r) => ({ id: r.id, name: r.name })),
    partial: rows.length > IMPACT_COVERAGE_MAX,
  };
}

/**
 * A row's decision once the subjects joined the group: the group holds the row when a joining
 * website's pattern covers it; then the group's rules take part.
 */
function joinedDecision(
  found: { target: Target; rules: WebAccessRule[] },
  join: number,
  groupRules: readonly WebAccessRule[],
  chain: RuleScope[],
  base: { now: Date; timeZone: string; defaultMode: DefaultMode },
  cases: readonly SubjectCase[],
) {
  const { host, path } = found.target;
  const covers =
    host !== null &&
    cases.some((c) => c.subject.kind === 'website' && websiteMatches(c.subject.pattern, c.subject.match, host, path));
  if (!covers) return resolve({ ...base, chain, target: found.target, rules: found.rules }).decision;
  const target = { ...found.target, groups: [...new Set([...found.target.groups, join])] };
  return resolve({ ...base, chain, target, rules: [...found.rules, ...groupRules] }).decision;
}
