/**
 * Candidate rules for addresses, read by index lookups, never a function per row × rule
 * (docs/design/policy.md 'Speed that was measured on this kind of machine'): for a handful of addresses (a list page,
 * the "why" tool, a block page) one statement finds the websites whose pattern may cover them — `exact` and `ends_with`
 * by the host and its parent domains, `starts_with` by the address's prefixes, `includes` (few) all — and the chain's
 * rules for those websites, the addresses' media items and categories, and the website groups holding them. The
 * resolver then checks each candidate against each address itself.
 */
import { sql } from 'drizzle-orm';
import { UNCATEGORISED_CATEGORY_ID, type RuleScope, type WebAccessRule } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { subjectMatches, websiteMatches, type Target } from './match.js';
import { chainArrays } from './nodes.js';
import { RULE_COLUMNS, toRule, type RuleRow } from './rule-rows.js';
import { sqlArray } from '../../lib/sql-array.js';

/** An address to decide: a list row (website or media item) or a visited URL. */
export type AddressTarget = {
  host: string;
  path: string;
  /** The row's own category; null: Uncategorised (or, for a URL, unknown: see hostCategories). */
  categoryId: number | null;
  /** The media item, when the address is one. */
  mediaId: number | null;
};

/**
 * Prefixes of an address longer than this are not looked up as `starts_with` patterns (docs/decisions/web-access.md
 * "Candidates of a page").
 */
export const STARTS_WITH_PREFIX_MAX = 512;

/** The host and every parent domain: a.b.example.com, b.example.com, example.com, com. */
export function hostSuffixes(host: string): string[] {
  const out = [host];
  for (let i = host.indexOf('.'); i >= 0 && i < host.length - 1; i = host.indexOf('.', i + 1))
    out.push(host.slice(i + 1));
  return out;
}

/** Every prefix of the address text (host + path), up to STARTS_WITH_PREFIX_MAX characters. */
export function addressPrefixes(host: string, path: string): string[] {
  const text = (host + path).slice(0, STARTS_WITH_PREFIX_MAX);
  const out: string[] = [];
  for (let n = 1; n <= text.length; n++) out.push(text.slice(0, n));
  return out;
}

/**
 * The statement: websites that may cover the addresses, then the chain's rules for every subject (with
 * no chain, the rules of every scope: the impact preview's).
 */
function candidatesSql(accountId: number, chain: readonly RuleScope[] | null, targets: readonly AddressTarget[]) {
  const c = chainArrays(chain ?? []);
  const hosts = [...new Set(targets.flatMap((t) => hostSuffixes(t.host)))];
  const prefixes = [...new Set(targets.flatMap((t) => addressPrefixes(t.host, t.path)))];
  const media = [...new Set(targets.flatMap((t) => (t.mediaId === null ? [] : [t.mediaId])))];
  const categories = [...new Set(targets.map((t) => t.categoryId ?? UNCATEGORISED_CATEGORY_ID))];
  return sql`
    WITH chain AS (
      SELECT * FROM unnest(${sqlArray(c.kinds)}::text[], ${sqlArray(c.userKinds)}::text[], ${sqlArray(c.ids)}::int[]) AS c(k, u, i)
    ),
    ws AS (
      SELECT s.id, s.name, s.pattern, s.match_mode FROM websites s
      WHERE s.account_id = ${accountId} AND s.kind = 'website' AND s.host = ANY(${sqlArray(hosts)}::text[])
        AND s.match_mode IN ('exact', 'ends_with')
      UNION
      SELECT s.id, s.name, s.pattern, s.match_mode FROM websites s
      WHERE s.account_id = ${accountId} AND s.kind = 'website' AND s.match_mode = 'starts_with'
        AND s.pattern = ANY(${sqlArray(prefixes)}::text[])
      UNION
      SELECT s.id, s.name, s.pattern, s.match_mode FROM websites s
      WHERE s.account_id = ${accountId} AND s.kind = 'website' AND s.match_mode = 'includes'
    ),
    grp AS (
      SELECT m.group_id, jsonb_agg(jsonb_build_array(ws.pattern, ws.match_mode)) AS members
      FROM website_group_members m JOIN ws ON ws.id = m.website_id
      WHERE m.account_id = ${accountId} GROUP BY m.group_id
    ),
    subj(kind, id, name, pattern, match, members) AS (
      SELECT 'website', ws.id, ws.name, ws.pattern, ws.match_mode, NULL::jsonb FROM ws
      UNION ALL
      SELECT 'media', w.id, w.name, NULL, NULL, NULL FROM websites w
      WHERE w.account_id = ${accountId} AND w.kind = 'media' AND w.id = ANY(${sqlArray(media)}::int[])
      UNION ALL
      SELECT 'category', cat, NULL, NULL, NULL, NULL FROM unnest(${sqlArray(categories)}::int[]) AS cat
      UNION ALL
      SELECT 'website_group', g.id, g.name, NULL, NULL, grp.members FROM grp
      JOIN website_groups g ON g.id = grp.group_id AND g.account_id = ${accountId}
    )
    SELECT ${RULE_COLUMNS}, subj.name AS subject_name, subj.pattern AS subject_pattern,
      subj.match AS subject_match, subj.members
    FROM subj
    JOIN web_access_rules r ON r.account_id = ${accountId} AND r.subject_kind = subj.kind AND r.subject_id = subj.id
    ${chain === null ? sql`` : sql`JOIN chain ON chain.k = r.scope_kind AND chain.u = r.user_kind AND chain.i = r.scope_id`}`;
}

export type TargetCandidates = { target: Target; rules: WebAccessRule[] };

/**
 * For each address, its resolver target (categories, media item, website groups holding it) and the
 * chain's rules that cover it (null chain: every scope's), in one statement for all of them.
 */
export async function candidatesFor(
  db: DbOrTx,
  accountId: number,
  chain: readonly RuleScope[] | null,
  targets: readonly AddressTarget[],
): Promise<TargetCandidates[]> {
  if (targets.length === 0) return [];
  // Unnamed: a generic plan cannot know how many addresses the arrays hold, and PostgreSQL's generic
  // plan for this statement (after five calls) scanned the account's websites (bench:web-access).
  const rows = (await db.execute<RuleRow>(candidatesSql(accountId, chain, targets))).rows;
  const rules = rows.map((r) => ({ rule: toRule(r, chain ?? []), members: r.members }));
  return targets.map((t) => {
    const groups = rules
      .filter((r) => r.rule.subject.kind === 'website_group')
      .filter((r) => (r.members ?? []).some(([p, m]) => websiteMatches(p, m, t.host, t.path)))
      .map((r) => r.rule.subject.id);
    const target: Target = {
      host: t.host,
      path: t.path,
      categories: [t.categoryId ?? UNCATEGORISED_CATEGORY_ID],
      mediaId: t.mediaId,
      groups: [...new Set(groups)],
    };
    const own = rules.map((r) => r.rule).filter((r) => subjectMatches(r.subject, target, target.categories));
    return { target, rules: own };
  });
}

/**
 * The category of a visited address: that of the most specific of the account's websites that covers
 * it (an exact entry before a longer ends_with before a shorter one); null when none has one.
 */
export async function addressCategory(
  db: DbOrTx,
  accountId: number,
  host: string,
  path: string,
): Promise<number | null> {
  const [category] = await addressCategories(db, accountId, [{ host, path }]);
  return category ?? null;
}

/** addressCategory for many addresses in one statement, in their order (a list page's rows). */
export async function addressCategories(
  db: DbOrTx,
  accountId: number,
  addresses: readonly { host: string; path: string }[],
): Promise<(number | null)[]> {
  if (addresses.length === 0) return [];
  const hosts = [...new Set(addresses.flatMap((a) => hostSuffixes(a.host)))];
  const prefixes = [...new Set(addresses.flatMap((a) => addressPrefixes(a.host, a.path)))];
  const rows = (
    await db.execute<{ pattern: string; match_mode: 'exact' | 'ends_with' | 'starts_with'; category_id: number }>(sql`
      SELECT pattern, match_mode, category_id FROM websites
      WHERE account_id = ${accountId} AND kind = 'website' AND category_id IS NOT NULL AND (
        (match_mode IN ('exact', 'ends_with') AND host = ANY(${sqlArray(hosts)}::text[]))
        OR (match_mode = 'starts_with' AND pattern = ANY(${sqlArray(prefixes)}::text[])))`)
  ).rows;
  const rank = { exact: 3, starts_with: 2, ends_with: 1 } as const;
  return addresses.map(({ host, path }) => {
    const covering = rows
      .filter((r) => websiteMatches(r.pattern, r.match_mode, host, path))
      .sort((a, b) => rank[b.match_mode] - rank[a.match_mode] || b.pattern.length - a.pattern.length);
    return covering[0]?.category_id ?? null;
  });
}

/** The chain's rules for categories and website groups: what the categories page decides on. */
export async function categoryPageRules(
  db: DbOrTx,
  accountId: number,
  chain: readonly RuleScope[],
): Promise<WebAccessRule[]> {
  const c = chainArrays(chain);
  const rows = (
    await db.execute<RuleRow>(sql`
      WITH chain AS (
        SELECT * FROM unnest(${sqlArray(c.kinds)}::text[], ${sqlArray(c.userKinds)}::text[], ${sqlArray(c.ids)}::int[]) AS c(k, u, i)
      )
      SELECT ${RULE_COLUMNS}, g.name AS subject_name, NULL AS subject_pattern, NULL AS subject_match, NULL AS members
      FROM chain
      JOIN web_access_rules r ON r.account_id = ${accountId} AND r.scope_kind = chain.k AND r.user_kind = chain.u
        AND r.scope_id = chain.i AND r.subject_kind IN ('category', 'website_group')
      LEFT JOIN website_groups g ON r.subject_kind = 'website_group' AND g.id = r.subject_id
        AND g.account_id = ${accountId}`)
  ).rows;
  return rows.map((r) => toRule(r, chain));
}
