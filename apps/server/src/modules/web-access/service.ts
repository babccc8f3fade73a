/**
 * Web access of a node (002 §2.3-2.5, §2.9, §4.3, §7): the websites, media and categories lists with
 * each row's access from the one resolver (domain/web-access), the access switch, media info, and ours:
 * "Test a website" and the impact preview. Every query is scoped by the session's account; a node,
 * website, media item or group of another account answers as unknown.
 */
import {
  CATEGORIES,
  categoryById,
  categoryGroups,
  CUSTOM_CATEGORY_GROUP,
  isLockedCategory,
  LOSS_REASON_LABELS,
  givenSubjectFields,
  splitUrl,
  WEB_ACCESS_MSG,
  type AccessFilter,
  type CategoriesCountResponse,
  type CategoriesQuery,
  type CategoriesResponse,
  type CategoryItem,
  type SubjectIdField,
  type MediaInfoResponse,
  type MediaListQuery,
  type RuleSubject,
  type TestWebsiteResponse,
  type WebAccessItem,
  type WebsitesListQuery,
  type WeeklySchedule,
  type WebAccessRule,
  sameScope,
} from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Actor } from '../../domain/access/actor.js';
import { badRequest, notInAccount } from '../../lib/http-errors.js';
import { listPage } from '../../lib/lists/paging.js';
import { categoryPageRules } from '../../domain/web-access/candidates.js';
import { decideAddress } from '../../domain/web-access/decide-address.js';
import { chainRulesOf } from '../../domain/web-access/scope-rules.js';
import { decideAll } from '../../domain/web-access/decide-all.js';
import { websitesTotals } from '../../domain/web-access/websites-totals.js';
import { explainDecision, origin, scopeText, subjectText } from '../../domain/web-access/explain.js';
import { chainArrays, loadNode, type WebNode } from '../../domain/web-access/nodes.js';
import { categoryRowTarget, rowAccess, type RowAccess } from '../../domain/web-access/row-access.js';
import { managedParts } from '../../domain/web-access/managed-rows.js';
import { patternAddress } from '../../domain/web-access/rule-rows.js';
import { checkSubject, setRule, type SubjectRef } from '../../domain/web-access/rule-writer.js';
import {
  countRows,
  mediaInfo as mediaInfoRow,
  pageRows,
  pageRowsAt,
  websiteGroups,
  type RowFilter,
  type WebsiteRow,
} from './repository.js';
import { scheduledSql } from './sql/scheduled.js';

export { loadNode };

/** The access fields of a row (002 §3), from rowAccess and the node's own rule. */
function accessFields(a: RowAccess, own: WebAccessRule | undefined) {
  return {
    allow: a.allow,
    block: a.block,
    explain_allow: a.explain_allow,
    explain_block: a.explain_block,
    access: a.effective.decision,
    own_access: a.access,
    scheduled: Boolean(own?.schedule),
    schedule: own?.schedule ?? null,
    expires_at: own?.expires_at ?? null,
    locked: a.effective.decidedBy === 'locked',
  };
}

function ownRule(node: WebNode, rules: readonly WebAccessRule[], subject: RuleSubject) {
  return rules.find(
    (r) => r.subject.kind === subject.kind && r.subject.id === subject.id && sameScope(r.scope, node.view),
  );
}

/** The rows with their access, deciding all of them in one candidates statement. */
async function withAccess(
  db: DbOrTx,
  node: WebNode,
  kind: 'website' | 'media',
  rows: WebsiteRow[],
  now: Date,
): Promise<{ items: WebAccessItem[]; until: number }> {
  // The chain's rules are kept in the process (domain/web-access/scope-rules.ts): each row's candidates are
  // found in memory, as candidatesFor finds them in SQL.
  const chain = await chainRulesOf(db, node.accountId, node.chain, node.rulesVersion);
  const found = rows.map((r) =>
    chain.candidates({
      ...patternAddress(r.pattern),
      categoryId: r.category_id,
      mediaId: kind === 'media' ? r.id : null,
    }),
  );
  const items = rows.map((row, i) => {
    const { target, rules } = found[i]!;
    const subject: RuleSubject =
      kind === 'media'
        ? { kind: 'media', id: row.id, name: row.name }
        : { kind: 'website', id: row.id, pattern: row.pattern, match: row.match_mode, name: row.name };
    const a = rowAccess({
      target,
      chain: node.chain,
      rules,
      now,
      timeZone: node.timeZone,
      defaultMode: node.defaultMode,
      subject,
    });
    const category = row.category_id === null ? undefined : categoryById(row.category_id);
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      type: kind,
      allow_inherited: a.allow_inherited,
      block_inherited: a.block_inherited,
      category_id: row.category_id,
      category_group: category ? category.group : null,
      description: row.description,
      is_custom: row.is_custom,
      is_zvelo_enabled: row.is_zvelo_enabled,
      media_type: row.media_type,
      match_mode: row.match_mode,
      ...accessFields(a, ownRule(node, rules, subject)),
    };
  });
  return {
    items,
    until: decidedUntil(
      found.flatMap((f) => f.rules),
      now,
    ),
  };
}

/**
 * Until when rows decided `now` by these rules stay decided the same: the clock enters a decision only
 * through a rule's expiry and its schedule (domain/web-access/resolver.ts), whose windows begin and end on
 * whole minutes of the account's wall clock (whole minutes of UTC too). Infinity without either.
 */
function decidedUntil(rules: readonly WebAccessRule[], now: Date): number {
  let until = Infinity;
  const t = now.getTime();
  for (const r of rules) {
    if (r.schedule) until = Math.min(until, (Math.floor(t / 60_000) + 1) * 60_000);
    const expires = r.expires_at ? Date.parse(r.expires_at) : NaN;
    if (expires > t) until = Math.min(until, expires);
  }
  return until;
}

/** The access filters as id conditions (OR): allowed / blocked from the decisions, (not-)scheduled in SQL. */
async function filterSets(
  db: DbOrTx,
  node: WebNode,
  kind: 'website' | 'media',
  filters: AccessFilter[],
  now: Date,
): Promise<RowFilter['idSets']> {
  if (filters.length === 0) return undefined;
  const sets: NonNullable<RowFilter['idSets']> = [];
  const c = chainArrays([node.view]);
  const scope = { kind: c.kinds[0]!, userKind: c.userKinds[0]!, id: c.ids[0]! };
  if (filters.includes('scheduled')) sets.push({ sql: scheduledSql(node.accountId, kind, scope, true) });
  if (filters.includes('not-scheduled')) sets.push({ sql: scheduledSql(node.accountId, kind, scope, false) });
  const wanted = (['allowed', 'blocked'] as const).filter((f) => filters.includes(f));
  if (wanted.length > 0) {
    const all = await decideAll(db, node, kind, now);
    for (const f of wanted) {
      const action = f === 'allowed' ? 'ALLOW' : 'BLOCK';
      const ids = (a: 'ALLOW' | 'BLOCK') => [...all.decided].filter(([, d]) => d === a).map(([id]) => id);
      // Rows no rule covers get the fallback: "all but the decided others" when it is the one asked for.
      if (all.fallback === action) {
        const other = [...all.decided].filter(([, d]) => d !== action).map(([id]) => id);
        sets.push({ notIn: other });
      } else sets.push({ in: ids(action) });
    }
  }
  return sets;
}

/** The rows a list's parameters select (search, media types, access filters) for the node. */
export async function rowFilterOf(
  db: DbOrTx,
  node: WebNode,
  kind: 'website' | 'media',
  q: WebsitesListQuery | MediaListQuery,
  now: Date,
): Promise<RowFilter> {
  return {
    kind,
    query: q.query?.trim() || null,
    searchMode: q.search_mode,
    mediaTypes: 'media_types' in q ? q.media_types : undefined,
    idSets: 'access_filters' in q ? await filterSets(db, node, kind, q.access_filters ?? [], now) : undefined,
  };
}

/**
 * A page of the 'managed' order: the rows with a rule at the node, then those asked for from it, then
 * the rest, each part by name (domain/web-access/managed-rows.ts). The two first parts are counted under
 * the list's filter (id lookups, at most PART_MAX each); each part's slice of the window is then read
 * by name, the rest from the name index past the parts' ids, so a page never sorts the whole list.
 */
async function managedPage(
  db: DbOrTx,
  node: WebNode,
  kind: 'website' | 'media',
  filter: RowFilter,
  reverse: boolean | undefined,
  window: { limit: number; offset: number },
): Promise<WebsiteRow[]> {
  const parts = await managedParts(db, node, kind);
  const sort = { by: 'name' as const, reverse };
  const slices: RowFilter[] = [
    { ...filter, only: parts.rules },
    { ...filter, only: parts.requests },
    { ...filter, except: [...parts.rules, ...parts.requests] },
  ];
  const rows: WebsiteRow[] = [];
  let skip = window.offset;
  for (const [i, slice] of slices.entries()) {
    const want = window.limit - rows.length;
    if (want <= 0) break;
    if (slice.only?.length === 0) continue;
    const size = i < 2 ? await countRows(db, node.accountId, slice) : Infinity;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    rows.push(...(await pageRows(db, node.accountId, slice, sort, { limit: want, offset: skip })));
    skip = 0;
  }
  return rows;
}

/** The node's list page, and until when its rows' decisions hold (decidedUntil). */
export async function listNodeItemsOf(
  db: Db,
  node: WebNode,
  kind: 'website' | 'media',
  q: WebsitesListQuery | MediaListQuery,
  now: Date,
): Promise<{ answer: { result: WebAccessItem[]; total_count: number }; until: number }> {
  const accountId = node.accountId;
  const filter = await rowFilterOf(db, node, kind, q, now);
  const count = () => countRows(db, accountId, filter);
  const viewKey = JSON.stringify([kind, filter.query, filter.searchMode, filter.mediaTypes ?? []]);
  const { rows, total } = await listPage(
    q,
    () => (filter.idSets ? count() : websitesTotals.total(accountId, viewKey, count)),
    (window) =>
      q.sort_by === 'managed'
        ? managedPage(db, node, kind, filter, q.reverse_order, window)
        : pageRowsAt(db, accountId, filter, { by: q.sort_by, reverse: q.reverse_order }, window, node.rulesVersion),
  );
  const { items, until } = await withAccess(db, node, kind, rows, now);
  return { answer: { result: items, total_count: total }, until };
}

// --- categories ------------------------------------------------------------------------------------

export async function listCategories(
  db: Db,
  a: Actor,
  q: CategoriesQuery,
  now = new Date(),
): Promise<CategoriesResponse> {
  const node = await loadNode(db, a.accountId, q.type, q.id);
  const [rules, groups] = await Promise.all([
    categoryPageRules(db, a.accountId, node.chain),
    websiteGroups(db, a.accountId),
  ]);
  const text = q.query?.trim().toLowerCase() ?? '';
  const hit = (name: string, description: string) =>
    text === '' || name.toLowerCase().includes(text) || description.toLowerCase().includes(text);
  const base = { chain: node.chain, now, timeZone: node.timeZone, defaultMode: node.defaultMode };

  const item = (
    subject: Extract<RuleSubject, { kind: 'category' | 'website_group' }>,
    name: string,
    description: string,
    group: string,
    custom: boolean,
  ): CategoryItem => {
    const target = categoryRowTarget(subject);
    const own = rules.filter((r) => r.subject.kind === subject.kind && r.subject.id === subject.id);
    const applying = rules.filter((r) =>
      subject.kind === 'category' ? r.subject.kind === 'category' && r.subject.id === subject.id : own.includes(r),
    );
    const acc = rowAccess({ ...base, target, rules: applying, subject });
    return {
      id: subject.id,
      name,
      type: 'category',
      description,
      category_group: group,
      inherited_allow: acc.allow_inherited,
      inherited_block: acc.block_inherited,
      is_custom: custom,
      is_zvelo_enabled: false,
      ...accessFields(acc, ownRule(node, own, subject)),
    };
  };

  const catalogue = categoryGroups(CATEGORIES.filter((c) => hit(c.name, c.description))).map((g) => ({
    key: g.key as string,
    title: g.title,
    categories: g.categories.map((c) => item({ kind: 'category', id: c.id }, c.name, c.description, g.key, false)),
  }));
  const custom = groups
    .filter((g) => hit(g.name, g.description))
    .map((g) =>
      item({ kind: 'website_group', id: g.id, name: g.name }, g.name, g.description, CUSTOM_CATEGORY_GROUP.key, true),
    );
  const all = custom.length > 0 ? [...catalogue, { ...CUSTOM_CATEGORY_GROUP, categories: custom }] : catalogue;
  const sorted = all.sort((x, y) => x.title.localeCompare(y.title));
  if (q.reverse_order) sorted.reverse();
  return { groups: sorted, total_count: sorted.reduce((n, g) => n + g.categories.length, 0) };
}

export async function countCategories(db: Db, a: Actor, q: CategoriesQuery): Promise<CategoriesCountResponse> {
  const { groups } = await listCategories(db, a, q);
  const rows = groups.flatMap((g) => g.categories);
  const blocked = rows.filter((r) => r.access === 'BLOCK').length;
  return { total_count: rows.length, allowed_count: rows.length - blocked, blocked_count: blocked };
}

// --- set access ------------------------------------------------------------------------------------

export type SetAccessInput = {
  node_id: string;
  node_type: WebNode['type'];
  rule: 'allow' | 'block' | 'inherit';
  website_id?: number | undefined;
  category_id?: number | undefined;
  custom_category_id?: number | undefined;
  media_id?: number | undefined;
  schedule?: WeeklySchedule | null | undefined;
  expires_at?: string | null | undefined;
};

const SUBJECT_KIND = {
  website_id: 'website',
  media_id: 'media',
  custom_category_id: 'website_group',
  category_id: 'category',
} as const;

/** The one subject of the body, after finding every given id in the account (another's answers 404). */
export async function subjectOf(
  db: DbOrTx,
  accountId: number,
  b: Partial<Record<SubjectIdField, number>>,
): Promise<SubjectRef> {
  const given = givenSubjectFields(b).map((f) => ({ kind: SUBJECT_KIND[f], id: b[f]! }));
  for (const s of given) await checkSubject(db, accountId, s, 'block');
  if (given.length !== 1) throw badRequest(WEB_ACCESS_MSG.oneSubject);
  return given[0]!;
}

export async function setAccess(db: Db, a: Actor, b: SetAccessInput): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    const node = await loadNode(tx, a.accountId, b.node_type, b.node_id, { forWrite: true });
    await setRule(tx, a, {
      scope: node.view,
      subject: await subjectOf(tx, a.accountId, b),
      rule: b.rule,
      schedule: b.schedule ?? null,
      expiresAt: b.expires_at ?? null,
    });
  });
  return { success: true };
}

// --- media info ------------------------------------------------------------------------------------

export async function mediaInfo(db: Db, a: Actor, websiteId: number): Promise<MediaInfoResponse> {
  const row = await mediaInfoRow(db, a.accountId, websiteId);
  if (!row) throw notInAccount('website', websiteId, WEB_ACCESS_MSG.subjectNotFound);
  return {
    thumbnail: row.thumbnail ?? '',
    title: row.title ?? row.name,
    type: row.media_type ?? '',
    category: row.category_id === null ? '' : (categoryById(row.category_id)?.name ?? ''),
    url: row.url,
    referer: row.referer ?? '',
    description: row.description,
  };
}

// --- "Test a website" ------------------------------------------------------------------------------

export async function testWebsite(
  db: Db,
  a: Actor,
  b: { node_id: string; node_type: WebNode['type']; url: string },
  now = new Date(),
): Promise<TestWebsiteResponse> {
  const address = splitUrl(b.url);
  if (!address) throw badRequest(WEB_ACCESS_MSG.patternInvalid);
  const node = await loadNode(db, a.accountId, b.node_type, b.node_id);
  const { decision, target } = await decideAddress(db, node, address, now);
  const explanation = explainDecision(decision, { view: node.view, timeZone: node.timeZone });
  return {
    decision: decision.decision,
    explanation,
    host: address.host,
    path: address.path,
    categories: target.categories.map((id) => {
      const c = categoryById(id);
      return { id, name: c?.name ?? 'Uncategorised', locked: isLockedCategory(id) };
    }),
    decided_by: decision.decidedBy === 'locked' ? 'locked' : decision.decidedBy === 'default' ? 'default' : 'rule',
    trace: decision.trace.map((t) => ({
      rule_id: t.rule.id,
      scope: scopeText(t.rule.scope, node.view),
      subject: subjectText(t.rule.subject),
      action: t.rule.action,
      outcome: t.outcome,
      reason: t.reason ? LOSS_REASON_LABELS[t.reason] : '',
      scheduled: Boolean(t.rule.schedule),
      expires_at: t.rule.expires_at ?? null,
      origin: origin(t.rule, true),
    })),
    at: now.toISOString(),
  };
}
