/**
 * Builders for the web-access unit tests (resolver, explanations, rows): scopes of one chain, rules
 * checked against the contract's schema, and targets from URLs. Test-only; pure.
 */
import {
  CATEGORIES,
  normaliseWebsitePattern,
  splitUrl,
  webAccessRule,
  type DefaultMode,
  type MatchMode,
  type RuleAction,
  type RuleScope,
  type RuleSubject,
  type WebAccessRule,
} from '@wayguard/contracts';
import type { ResolveInput, Target } from '../domain/web-access/resolver.js';

export const ACCOUNT: RuleScope = { kind: 'account' };
export const CONNECTION: RuleScope = { kind: 'connection', id: 3, name: 'Main school' };
export const USER: RuleScope = { kind: 'user', user_kind: 'server', id: 4, name: 'katie.adams11' };
export const DEVICE: RuleScope = { kind: 'device', id: 9, name: 'LAB-PC-07' };
export const OTHER_DEVICE: RuleScope = { kind: 'device', id: 10, name: 'LAB-PC-08' };
export const CHAIN: readonly RuleScope[] = [ACCOUNT, CONNECTION, USER, DEVICE];

export function categoryId(name: string): number {
  const c = CATEGORIES.find((x) => x.name === name);
  if (!c) throw new Error(`No category ${name}`);
  return c.id;
}

export const category = (name: string): RuleSubject => ({ kind: 'category', id: categoryId(name) });
export const media = (id: number, name = `Video ${id}`): RuleSubject => ({ kind: 'media', id, name });
export const group = (id: number, name = `Group ${id}`): RuleSubject => ({ kind: 'website_group', id, name });

const websiteIds = new Map<string, number>();
/** A website subject; the same pattern and mode always get the same id. */
export function website(pattern: string, match: MatchMode): RuleSubject {
  const normal = normaliseWebsitePattern(pattern, match);
  if (normal === null) throw new Error(`Bad pattern ${pattern}`);
  const key = `${match}:${normal}`;
  const id = websiteIds.get(key) ?? websiteIds.size + 100;
  websiteIds.set(key, id);
  return { kind: 'website', id, pattern: normal, match };
}

let nextRuleId = 1;
type Extra = Partial<Pick<WebAccessRule, 'id' | 'schedule' | 'expires_at' | 'source' | 'created_by'>>;
export function rule(scope: RuleScope, subject: RuleSubject, action: RuleAction, extra: Extra = {}): WebAccessRule {
  return webAccessRule.parse({
    id: nextRuleId++,
    scope,
    subject,
    action,
    source: { kind: 'admin' },
    created_by: 'jane.smith',
    ...extra,
  });
}

export function target(url: string, opts: { categories?: string[]; mediaId?: number; groups?: number[] } = {}): Target {
  const split = splitUrl(url);
  if (!split) throw new Error(`Bad URL ${url}`);
  return {
    ...split,
    categories: (opts.categories ?? ['Education']).map(categoryId),
    mediaId: opts.mediaId ?? null,
    groups: opts.groups ?? [],
  };
}

export const NOW = new Date('2026-06-01T10:00:00Z');

export function input(
  t: Target,
  rules: WebAccessRule[],
  opts: { chain?: readonly RuleScope[]; now?: Date; defaultMode?: DefaultMode } = {},
): ResolveInput {
  return {
    target: t,
    chain: opts.chain ?? CHAIN,
    rules,
    now: opts.now ?? NOW,
    timeZone: 'Europe/London',
    defaultMode: opts.defaultMode ?? 'allow_unless_blocked',
  };
}
