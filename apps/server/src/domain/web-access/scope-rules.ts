/**
 * The rules of each scope, kept in the process (docs/decisions/web-access.md "Each scope's rules kept in the process"):
 * what every web-access read of a node starts from (a list page's rows, "Test a website", the decisions over the whole
 * list, the compiled policy). A scope's rules are read once with their subjects spelled out (website pattern and match,
 * media address, website groups' members) and indexed for addresses, so a list page decides its rows without a
 * statement per page, and a chain of four scopes is the union of four entries (the account's entry, the largest, is
 * shared by every device of the account).
 *
 * Correctness: every rule write (domain/web-access/rule-writer.ts `setRule`) forgets its scope's entry at
 * once, and the scope is then not kept again for FORGET_HOLD_MS (read from the database each time), so
 * a read made between the write and its transaction's commit is never kept. A node's reads pass the
 * account's rules version (kept by triggers, read with the node): an entry is answered only at the
 * version it was read at, so another process's change is seen at once (docs/decisions/lists.md
 * "List answers and kept rules by version (session 11)"). Reads without a version keep an entry at most
 * SCOPE_RULES_TTL_MS. A chain (the device's user and connection) and the scope names are not kept: they come from the
 * node, read per request. Website and website group rows (names, patterns, members) change only by the seed today; a
 * path that changes them calls `forgetAccountRules`. Time (schedules, expiry) is not kept: the resolver reads `now`
 * each time. Keyed by account and scope; the tests' databases are one per test file (process).
 */
import { sql } from 'drizzle-orm';
import {
  scopeKey,
  UNCATEGORISED_CATEGORY_ID,
  type MatchMode,
  type RuleScope,
  type WebAccessRule,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { Lru } from '../../lib/kept/lru.js';
import { keptNamed } from '../../lib/kept/registry.js';
import { Ttl } from '../../lib/kept/ttl.js';
import { sqlArray } from '../../lib/sql-array.js';
import { hostSuffixes, STARTS_WITH_PREFIX_MAX, type AddressTarget, type TargetCandidates } from './candidates.js';
import { subjectMatches, websiteMatches, type Target } from './match.js';
import { chainArrays } from './nodes.js';
import { RULE_COLUMNS, scopeOfRow, toRule, type RuleRow } from './rule-rows.js';

export const SCOPE_RULES_TTL_MS = 10_000;
/** How long a forgotten scope is not kept again (longer than any transaction that writes a rule). */
export const FORGET_HOLD_MS = 5_000;
const MAX_ENTRIES = 2_000;

/** A website as a rule's subject or a group's member: its pattern, match mode, host and row kind. */
export type PatternRef = { pattern: string; match: MatchMode; host: string; kind: 'website' | 'media' };

/** Items by the patterns that may cover an address; the caller checks each with websiteMatches. */
class PatternIndex<T> {
  private readonly byHost = new Map<string, T[]>();
  private readonly byPrefix = new Map<string, T[]>();
  private prefixLengths: number[] = [];
  private readonly includes: T[] = [];

  add(p: PatternRef, item: T): void {
    const push = (m: Map<string, T[]>, k: string) => {
      const list = m.get(k);
      if (list) list.push(item);
      else m.set(k, [item]);
    };
    if (p.match === 'exact' || p.match === 'ends_with') push(this.byHost, p.host);
    else if (p.match === 'includes') this.includes.push(item);
    else if (p.pattern.length <= STARTS_WITH_PREFIX_MAX) {
      push(this.byPrefix, p.pattern);
      if (!this.prefixLengths.includes(p.pattern.length)) this.prefixLengths.push(p.pattern.length);
    }
  }

  /**
   * Exact and ends_with by the host and its parent domains (`suffixes`: hostSuffixes of the host),
   * starts_with by the prefix lengths present of the address `text` (host + path), every includes.
   */
  candidates(suffixes: readonly string[], text: string, out: T[]): void {
    for (const h of suffixes) {
      const list = this.byHost.get(h);
      if (list) for (const x of list) out.push(x);
    }
    for (const n of this.prefixLengths) {
      if (n > text.length) continue;
      const list = this.byPrefix.get(text.slice(0, n));
      if (list) for (const x of list) out.push(x);
    }
    for (const x of this.includes) out.push(x);
  }
}

type Member = PatternRef & { group: number };

/** One scope's rules (scopes unnamed: the chain names them), indexed. */
export type ScopeRules = {
  rules: WebAccessRule[];
  /** Website rules: their subject's row (pattern, match, host). */
  websitePatterns: Map<number, PatternRef>;
  /** Media rules: the media item's pattern (its address). */
  mediaPatterns: Map<number, string>;
  /** Website group rules: the group's members, sorted by pattern then match (as the policy lists them). */
  groupMembers: Map<number, PatternRef[]>;
  websites: PatternIndex<WebAccessRule>;
  members: PatternIndex<Member>;
  byCategory: Map<number, WebAccessRule[]>;
  byMedia: Map<number, WebAccessRule[]>;
  byGroup: Map<number, WebAccessRule[]>;
};

type LoadedRow = RuleRow & {
  subject_host: string | null;
  subject_row_kind: 'website' | 'media' | null;
  group_members: [string, MatchMode, string, 'website' | 'media'][] | null;
};

function scopeRulesSql(accountId: number, scopes: readonly RuleScope[]) {
  const c = chainArrays(scopes);
  return sql`
    WITH sc AS (
      SELECT * FROM unnest(${sqlArray(c.kinds)}::text[], ${sqlArray(c.userKinds)}::text[], ${sqlArray(c.ids)}::int[]) AS c(k, u, i)
    )
    SELECT ${RULE_COLUMNS}, coalesce(s.name, g.name) AS subject_name, s.pattern AS subject_pattern,
      s.match_mode AS subject_match, s.host AS subject_host, s.kind AS subject_row_kind, NULL AS members,
      CASE WHEN r.subject_kind = 'website_group' THEN (
        SELECT coalesce(jsonb_agg(jsonb_build_array(ms.pattern, ms.match_mode, ms.host, ms.kind)
          ORDER BY ms.pattern, ms.match_mode), '[]'::jsonb)
        FROM website_group_members m JOIN websites ms ON ms.id = m.website_id AND ms.account_id = m.account_id
        WHERE m.account_id = ${accountId} AND m.group_id = r.subject_id) END AS group_members
    FROM sc
    JOIN web_access_rules r ON r.account_id = ${accountId} AND r.scope_kind = sc.k AND r.user_kind = sc.u
      AND r.scope_id = sc.i
    LEFT JOIN websites s ON r.subject_kind IN ('website', 'media') AND s.id = r.subject_id
      AND s.account_id = ${accountId}
    LEFT JOIN website_groups g ON r.subject_kind = 'website_group' AND g.id = r.subject_id
      AND g.account_id = ${accountId}`;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

function build(rows: readonly LoadedRow[]): ScopeRules {
  const s: ScopeRules = {
    rules: [],
    websitePatterns: new Map(),
    mediaPatterns: new Map(),
    groupMembers: new Map(),
    websites: new PatternIndex(),
    members: new PatternIndex(),
    byCategory: new Map(),
    byMedia: new Map(),
    byGroup: new Map(),
  };
  for (const row of rows) {
    const rule = toRule(row, []);
    s.rules.push(rule);
    switch (row.subject_kind) {
      case 'category':
        push(s.byCategory, row.subject_id, rule);
        break;
      case 'media':
        if (row.subject_pattern !== null) s.mediaPatterns.set(row.subject_id, row.subject_pattern);
        push(s.byMedia, row.subject_id, rule);
        break;
      case 'website':
        if (row.subject_pattern !== null && row.subject_match !== null && row.subject_host !== null) {
          const ref = {
            pattern: row.subject_pattern,
            match: row.subject_match,
            host: row.subject_host,
            kind: row.subject_row_kind ?? 'website',
          };
          s.websitePatterns.set(row.subject_id, ref);
          // A list page's candidates are the account's websites (not media items) covering its rows.
          if (ref.kind === 'website') s.websites.add(ref, rule);
        }
        break;
      case 'website_group': {
        const members = (row.group_members ?? []).map(([pattern, match, host, kind]) => ({
          pattern,
          match,
          host,
          kind,
        }));
        s.groupMembers.set(row.subject_id, members);
        push(s.byGroup, row.subject_id, rule);
        for (const m of members) if (m.kind === 'website') s.members.add(m, { ...m, group: row.subject_id });
        break;
      }
    }
  }
  return s;
}

// --- the cache ---------------------------------------------------------------------------------------

/** `version`: the account's rules version (list_versions) read before the entry's rules, when known. */
type Entry = { value: ScopeRules; until: number; version: string | undefined };
keptNamed('scope-rules');
const entries = new Lru<string, Entry>({ maxEntries: MAX_ENTRIES });
/** Reads under way, per scope: requests that miss meanwhile wait for them instead of reading again. */
type Loading = { p: Promise<ScopeRules>; version: string | undefined };
const loading = new Lru<string, Loading>({ maxEntries: MAX_ENTRIES });
/** Scopes forgotten lately: not kept again until then. */
const held = new Ttl<string, true>({ ttlMs: FORGET_HOLD_MS, maxEntries: MAX_ENTRIES });
/** Bumped by every forget: a read that began before a forget is not kept. */
let generation = 0;

const keyOf = (accountId: number, scope: RuleScope) => `${accountId}/${scopeKey(scope)}`;

/**
 * `committed`: the change is already committed (no transaction of the caller holds it), so the scope
 * may be kept again at once; otherwise it is not kept for FORGET_HOLD_MS.
 */
export type ForgetOptions = { committed?: boolean };

/** Holds a key: not kept again for FORGET_HOLD_MS. */
function hold(key: string): void {
  held.set(key, true);
}

/** Forgets the scope's rules (a rule at the scope was set or removed). */
export function forgetScopeRules(accountId: number, scope: RuleScope, o: ForgetOptions = {}): void {
  const k = keyOf(accountId, scope);
  generation++;
  entries.delete(k);
  loading.delete(k);
  if (!o.committed) hold(k);
}

/** Forgets every scope of the account (its websites, media items or website groups changed). */
export function forgetAccountRules(accountId: number, o: ForgetOptions = {}): void {
  generation++;
  const prefix = `${accountId}/`;
  entries.deleteWhere((k) => k.startsWith(prefix));
  loading.deleteWhere((k) => k.startsWith(prefix));
  if (!o.committed) hold(prefix);
}

function isHeld(k: string, accountId: number, now: number): boolean {
  return held.get(k, now) !== undefined || held.get(`${accountId}/`, now) !== undefined;
}

/**
 * Reads the scopes' rules in one statement; keeps each (unless a forget came meanwhile or holds it).
 * Registered as under way, so that requests missing the same scopes meanwhile wait for this read,
 * unless the scope is held when it begins.
 */
function load(db: DbOrTx, accountId: number, scopes: readonly RuleScope[], version?: string): Promise<ScopeRules>[] {
  const began = generation;
  const startedAt = Date.now();
  const keys = scopes.map((s) => keyOf(accountId, s));
  const read = db.execute<LoadedRow>(scopeRulesSql(accountId, scopes)).then((r) => r.rows);
  const out = scopes.map((scope, i) => {
    const key = keys[i]!;
    const p = read.then((rows) => {
      const k = scopeKey(scope);
      const value = build(rows.filter((r) => scopeKey(scopeOfRow(r)) === k));
      const at = Date.now();
      if (loading.peek(key)?.p === p) loading.delete(key);
      if (began === generation && !isHeld(key, accountId, at)) {
        entries.set(key, { value, until: at + SCOPE_RULES_TTL_MS, version });
      }
      return value;
    });
    // A failed read is not kept as under way; the callers that wait for it get its error.
    p.catch(() => {
      if (loading.peek(key)?.p === p) loading.delete(key);
    });
    // A load begun while the scope is held (a rule write's transaction may not have committed) is
    // neither kept nor shared: a request arriving after the commit must not join its older rows.
    if (!isHeld(key, accountId, startedAt)) loading.set(key, { p, version });
    return p;
  });
  return out;
}

/**
 * The rules of each scope: kept ones at once, those under way from their read, the others read
 * together.
 * - With the account's rules `version` (list_versions 'web_access_rules', bumped by triggers in the
 *   transaction of every change to the rules, websites and groups they name; read by the caller before
 *   this): a scope kept at that version is answered for as long as the version stands, however old; at
 *   another version it is read again before answering. A node's reads (a list page, the policy, "Test a
 *   website") pass it, so they neither wait for nor reread rules that did not change, and see another
 *   process's change at once.
 * - Without: a kept scope older than SCOPE_RULES_TTL_MS is answered while it is read again in the
 *   background (once), for at most SCOPE_RULES_TTL_MS more; older, it is read before answering.
 */
export async function scopeRules(
  db: DbOrTx,
  accountId: number,
  scopes: readonly RuleScope[],
  version?: string,
): Promise<ScopeRules[]> {
  const now = Date.now();
  const out: (ScopeRules | Promise<ScopeRules> | undefined)[] = [];
  const missing: RuleScope[] = [];
  const refresh: RuleScope[] = [];
  for (const scope of scopes) {
    const key = keyOf(accountId, scope);
    const hit = entries.peek(key);
    const under = loading.peek(key);
    if (version !== undefined) {
      if (hit && hit.version === version) out.push(hit.value);
      else if (under && under.version === version)
        out.push(under.p.catch(() => load(db, accountId, [scope], version)[0]!));
      else {
        out.push(undefined);
        missing.push(scope);
      }
    } else if (hit && hit.until > now) out.push(hit.value);
    else if (hit && hit.until + SCOPE_RULES_TTL_MS > now) {
      out.push(hit.value);
      if (!under) refresh.push(scope);
    } else if (under)
      // A read begun by another request (perhaps in its transaction, since ended): read again if it fails.
      out.push(under.p.catch(() => load(db, accountId, [scope])[0]!));
    else {
      out.push(undefined);
      missing.push(scope);
    }
  }
  if (refresh.length > 0) for (const p of load(db, accountId, refresh)) p.catch(() => undefined);
  if (missing.length === 0 && out.every((v) => v !== undefined && !(v instanceof Promise))) return out as ScopeRules[];
  const read = missing.length > 0 ? load(db, accountId, missing, version) : [];
  let next = 0;
  return Promise.all(out.map((v) => v ?? read[next++]!));
}

// --- a node's chain ----------------------------------------------------------------------------------

/** The chain's rules with their scopes named from the chain, and what a list page needs of them. */
export class ChainRules {
  private readonly named = new Map<WebAccessRule, WebAccessRule>();
  /** The chain's scopes by scopeKey. */
  private readonly byKey: Map<string, RuleScope>;

  constructor(
    readonly chain: readonly RuleScope[],
    readonly scopes: readonly ScopeRules[],
  ) {
    this.byKey = new Map(chain.map((s) => [scopeKey(s), s]));
  }

  /** The rule with its scope as the chain names it. */
  name(rule: WebAccessRule): WebAccessRule {
    let named = this.named.get(rule);
    if (!named) {
      const scope = this.byKey.get(scopeKey(rule.scope)) ?? rule.scope;
      named = scope === rule.scope ? rule : { ...rule, scope };
      this.named.set(rule, named);
    }
    return named;
  }

  /** Every rule of the chain, named (the scopes are the chain's, in its order). */
  all(): WebAccessRule[] {
    return this.scopes.flatMap((s, i) => {
      const scope = this.chain[i]!;
      return scope.kind === 'account' ? s.rules : s.rules.map((r) => ({ ...r, scope }));
    });
  }

  /**
   * For an address: its resolver target (its category, media item, the website groups of the chain's
   * rules holding it) and the chain's rules that cover it, as candidatesFor answers them.
   */
  candidates(t: AddressTarget): TargetCandidates {
    const category = t.categoryId ?? UNCATEGORISED_CATEGORY_ID;
    const groups = new Set<number>();
    const found: WebAccessRule[] = [];
    const members: Member[] = [];
    const suffixes = hostSuffixes(t.host);
    const text = t.host + t.path;
    for (const s of this.scopes) {
      s.websites.candidates(suffixes, text, found);
      s.members.candidates(suffixes, text, members);
      const cat = s.byCategory.get(category);
      if (cat) found.push(...cat);
      if (t.mediaId !== null) {
        const media = s.byMedia.get(t.mediaId);
        if (media) found.push(...media);
      }
    }
    for (const m of members) if (websiteMatches(m.pattern, m.match, t.host, t.path)) groups.add(m.group);
    for (const g of groups) for (const s of this.scopes) found.push(...(s.byGroup.get(g) ?? []));
    const target: Target = {
      host: t.host,
      path: t.path,
      categories: [category],
      mediaId: t.mediaId,
      groups: [...groups],
    };
    const rules = [...new Set(found)]
      .filter((r) => subjectMatches(r.subject, target, target.categories))
      .map((r) => this.name(r));
    return { target, rules };
  }
}

/** The chain's rules (from the kept scopes, reading those not kept); `version`: see scopeRules. */
export async function chainRulesOf(
  db: DbOrTx,
  accountId: number,
  chain: readonly RuleScope[],
  version?: string,
): Promise<ChainRules> {
  return new ChainRules(chain, await scopeRules(db, accountId, chain, version));
}

/** chainRulesOf for many chains, their scopes read together (a list page's devices), in their order. */
export async function chainsRulesOf(
  db: DbOrTx,
  accountId: number,
  chains: readonly (readonly RuleScope[])[],
  version?: string,
): Promise<ChainRules[]> {
  const scopes = [...new Map(chains.flat().map((s) => [scopeKey(s), s])).values()];
  const read = await scopeRules(db, accountId, scopes, version);
  const byKey = new Map(scopes.map((s, i) => [scopeKey(s), read[i]!]));
  return chains.map(
    (chain) =>
      new ChainRules(
        chain,
        chain.map((s) => byKey.get(scopeKey(s))!),
      ),
  );
}
