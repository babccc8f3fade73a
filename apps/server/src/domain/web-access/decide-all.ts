/**
 * Decisions for every website (or media item) of the account at once, for one node: what the access
 * filters (allowed / blocked), the exports and the device policy need. Only rows some rule of the
 * chain covers can differ from the account's default, so the statement starts from the chain's rules
 * (the index that leads with the scope) and finds the rows each one covers as index ranges
 * (docs/design/policy.md 'Speed that was measured on this kind of machine'): `ends_with` on the reversed host,
 * `starts_with` on the address in byte order, `includes` through trigrams, categories by the category index, website
 * groups through their members' patterns. Rows in a provider-locked category come too. The resolver then decides each
 * row from its candidates; every other row gets the default. The rules come from the kept scope rules (scope-rules.ts)
 * as arrays; the rows they cover are kept with them (coveredRows), and the rows whose decision may depend on the time
 * are decided again at each call.
 */
import { sql } from 'drizzle-orm';
import {
  isLockedCategory,
  LOCKED_CATEGORY_IDS,
  scopeKey,
  UNCATEGORISED_CATEGORY_ID,
  type RuleAction,
  type WebAccessRule,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { WebNode } from './nodes.js';
import { resolve } from './resolver.js';
import { chainRulesOf, type ChainRules, type PatternRef } from './scope-rules.js';
import { Lru } from '../../lib/kept/lru.js';
import { keptNamed } from '../../lib/kept/registry.js';
import { sqlArray } from '../../lib/sql-array.js';

export type AllDecisions = {
  /** Rows some rule covers (or in a locked category), with their decision. */
  decided: Map<number, RuleAction>;
  /** What every other row gets. */
  fallback: RuleAction;
};

type Pair = {
  rule_id: number;
  wid: number;
  host: string;
  path: string;
  category_id: number | null;
  via_group: boolean;
};

/**
 * The chain's rules as arrays (from the kept scope rules, domain/web-access/scope-rules.ts): website rules
 * with their pattern, group rules expanded to their members' patterns; category and media rules.
 */
function ruleArrays(rules: ChainRules) {
  const pat = {
    ids: [] as number[],
    via: [] as boolean[],
    match: [] as string[],
    host: [] as string[],
    pattern: [] as string[],
  };
  const other = { ids: [] as number[], kinds: [] as string[], subjects: [] as number[] };
  const add = (id: number, via: boolean, p: PatternRef) => {
    pat.ids.push(id);
    pat.via.push(via);
    pat.match.push(p.match);
    pat.host.push(p.host);
    pat.pattern.push(p.pattern);
  };
  for (const s of rules.scopes)
    for (const r of s.rules) {
      const { kind, id } = r.subject;
      if (kind === 'website') {
        const p = s.websitePatterns.get(id);
        if (p) add(r.id, false, p);
      } else if (kind === 'website_group') for (const m of s.groupMembers.get(id) ?? []) add(r.id, true, m);
      else {
        other.ids.push(r.id);
        other.kinds.push(kind);
        other.subjects.push(id);
      }
    }
  return { pat, other };
}

function pairsSql(node: WebNode, kind: 'website' | 'media', rules: ChainRules) {
  const w = sql`w.account_id = ${node.accountId} AND w.kind = ${kind}`;
  const cols = sql`w.id AS wid, w.host, w.path, w.category_id`;
  const locked = [...LOCKED_CATEGORY_IDS];
  const { pat, other } = ruleArrays(rules);
  return sql`
    WITH pat AS (
      SELECT * FROM unnest(${sqlArray(pat.ids)}::int[], ${sqlArray(pat.via)}::boolean[], ${sqlArray(pat.match)}::text[],
        ${sqlArray(pat.host)}::text[], ${sqlArray(pat.pattern)}::text[]) AS p(rule_id, via_group, match_mode, host, pattern)
    ),
    cr AS (
      SELECT * FROM unnest(${sqlArray(other.ids)}::int[], ${sqlArray(other.kinds)}::text[], ${sqlArray(other.subjects)}::int[])
        AS c(id, subject_kind, subject_id)
    )
    SELECT pat.rule_id, pat.via_group, ${cols} FROM pat JOIN websites w ON ${w} AND w.host = pat.host
      WHERE pat.match_mode IN ('exact', 'ends_with')
    UNION ALL
    SELECT pat.rule_id, pat.via_group, ${cols} FROM pat JOIN websites w ON ${w}
      AND (w.host_rev COLLATE "C") >= (reverse(pat.host) || '.') AND (w.host_rev COLLATE "C") < (reverse(pat.host) || '/')
      WHERE pat.match_mode = 'ends_with'
    UNION ALL
    SELECT pat.rule_id, pat.via_group, ${cols} FROM pat JOIN websites w ON ${w}
      AND (w.address COLLATE "C") >= pat.pattern AND (w.address COLLATE "C") < (pat.pattern || chr(127))
      WHERE pat.match_mode = 'starts_with'
    UNION ALL
    SELECT pat.rule_id, pat.via_group, ${cols} FROM pat JOIN websites w ON ${w}
      AND w.address LIKE '%' || replace(replace(replace(pat.pattern, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
      WHERE pat.match_mode = 'includes'
    UNION ALL
    SELECT cr.id, false, ${cols} FROM cr JOIN websites w ON ${w} AND w.category_id = cr.subject_id
      WHERE cr.subject_kind = 'category'
    UNION ALL
    SELECT cr.id, false, ${cols} FROM cr JOIN websites w ON ${w} AND w.category_id IS NULL
      WHERE cr.subject_kind = 'category' AND cr.subject_id = ${UNCATEGORISED_CATEGORY_ID}
    UNION ALL
    SELECT cr.id, false, ${cols} FROM cr JOIN websites w ON ${w} AND w.id = cr.subject_id
      WHERE cr.subject_kind = 'media'
    UNION ALL
    SELECT 0, false, ${cols} FROM websites w WHERE ${w} AND w.category_id = ANY(${sqlArray(locked)}::int[])`;
}

/** The rows the chain's rules cover: their candidates, and the decision of those that cannot depend on time. */
type Covered = {
  /** Decided whenever asked (plainAction). */
  plain: Map<number, RuleAction>;
  /** The others (a schedule, an expiry, a locked category, ...): the resolver decides them at each call. */
  timed: { wid: number; pair: Pair; rules: WebAccessRule[]; groups: number[] }[];
};

/**
 * The covered rows of a chain and kind, kept while the chain's kept scope rules are the same (a rule
 * write, a reload after their TTL or a forget gives new ones: domain/web-access/scope-rules.ts); a read
 * under way is shared.
 */
keptNamed('covered-rows');
const coveredKept = new Lru<string, { scopes: ChainRules['scopes']; value: Promise<Covered> }>({ maxEntries: 64 });

async function readCovered(db: DbOrTx, node: WebNode, kind: 'website' | 'media', chain: ChainRules): Promise<Covered> {
  const pairs = (await db.execute<Pair>(pairsSql(node, kind, chain))).rows;
  // The rules as kept (scopes unnamed: a decision does not depend on names).
  const byId = new Map(chain.scopes.flatMap((s) => s.rules.map((r) => [r.id, r] as const)));
  const perRow = new Map<number, { pair: Pair; rules: WebAccessRule[]; groups: Set<number> }>();
  for (const p of pairs) {
    let entry = perRow.get(p.wid);
    if (!entry) perRow.set(p.wid, (entry = { pair: p, rules: [], groups: new Set() }));
    const rule = byId.get(p.rule_id);
    if (!rule || entry.rules.includes(rule)) continue;
    entry.rules.push(rule);
    if (p.via_group) entry.groups.add(rule.subject.id);
  }
  const covered: Covered = { plain: new Map(), timed: [] };
  for (const [wid, e] of perRow) {
    const plain = plainAction(e.rules, e.pair.category_id ?? UNCATEGORISED_CATEGORY_ID);
    if (plain) covered.plain.set(wid, plain);
    else covered.timed.push({ wid, pair: e.pair, rules: e.rules, groups: [...e.groups] });
  }
  return covered;
}

function coveredRows(db: DbOrTx, node: WebNode, kind: 'website' | 'media', chain: ChainRules): Promise<Covered> {
  const key = `${node.accountId}/${kind}/${node.chain.map(scopeKey).join('|')}`;
  const kept = coveredKept.peek(key);
  if (kept && kept.scopes.length === chain.scopes.length && kept.scopes.every((s, i) => s === chain.scopes[i]))
    return kept.value;
  const value = readCovered(db, node, kind, chain);
  coveredKept.set(key, { scopes: chain.scopes, value });
  value.catch(() => {
    if (coveredKept.peek(key)?.value === value) coveredKept.delete(key);
  });
  return value;
}

export async function decideAll(
  db: DbOrTx,
  node: WebNode,
  kind: 'website' | 'media',
  now = new Date(),
): Promise<AllDecisions> {
  const chain = await chainRulesOf(db, node.accountId, node.chain, node.rulesVersion);
  const covered = await coveredRows(db, node, kind, chain);
  const base = { chain: node.chain, now, timeZone: node.timeZone, defaultMode: node.defaultMode };
  const decided = new Map(covered.plain);
  for (const e of covered.timed) {
    const target = {
      host: e.pair.host,
      path: e.pair.path,
      categories: [e.pair.category_id ?? UNCATEGORISED_CATEGORY_ID],
      mediaId: kind === 'media' ? e.wid : null,
      groups: e.groups,
    };
    decided.set(e.wid, resolve({ ...base, target, rules: e.rules }).decision);
  }
  return { decided, fallback: node.defaultMode === 'approved_sites_only' ? 'BLOCK' : 'ALLOW' };
}

/**
 * The decision without the resolver when it cannot be otherwise: the row's category is not locked and
 * its candidates all apply now (no schedule, no expiry, no exact pattern with a path, which the
 * statement finds by host alone) with one action, so whichever wins (policy.md steps 2-4) has it.
 * Anything else goes through the resolver. Most rows of a large list are this simple.
 */
function plainAction(rules: readonly WebAccessRule[], category: number): RuleAction | null {
  if (rules.length === 0 || isLockedCategory(category)) return null;
  const action = rules[0]!.action;
  for (const r of rules) {
    if (r.action !== action || r.schedule || r.expires_at) return null;
    if (r.subject.kind === 'website' && r.subject.match === 'exact' && r.subject.pattern.includes('/')) return null;
  }
  return action;
}
