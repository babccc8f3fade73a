/**
 * Web-access rules (docs/design/policy.md 'Model'; 002 §3 access values and match modes, §2.3-2.5): a
 * rule is (scope, subject) → ALLOW or BLOCK; INHERIT is the absence of a rule. Scopes are the
 * account, a server connection, a user (console, server or local) and a device; subjects are
 * categories, websites (pattern and match mode), media items and website groups. A rule may carry a
 * weekly schedule (schedule.ts) and an expiry, and records where it came from and who made it.
 * Names in scopes and subjects are for the explanations only; identity is kind and id.
 */
import { z } from 'zod';
import { idField } from '../common.js';
import { categoryById, isLockedCategory } from './categories.js';
import { WEB_ACCESS_MSG } from './messages.js';
import { normaliseWebsitePattern } from './normalise.js';
import { weeklySchedule } from './schedule.js';

/** Access values of a list row (002 §3). */
export const ACCESS_VALUES = ['ALLOW', 'BLOCK', 'INHERIT'] as const;
export type AccessValue = (typeof ACCESS_VALUES)[number];
export const accessValue = z.enum(ACCESS_VALUES);

/** What a stored rule does: INHERIT is never stored. */
export const RULE_ACTIONS = ['ALLOW', 'BLOCK'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const ruleAction = z.enum(RULE_ACTIONS);

/** Match modes of a website (002 §3); 002 §9: the default search mode is includes. */
export const MATCH_MODES = ['includes', 'starts_with', 'ends_with', 'exact'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];
export const matchMode = z.enum(MATCH_MODES, { error: WEB_ACCESS_MSG.matchModeUnknown });
export const MATCH_MODE_LABELS: Record<MatchMode, string> = {
  includes: 'Includes',
  starts_with: 'Starts with',
  ends_with: 'Ends with',
  exact: 'Exact',
};

/**
 * What decides when no rule applies (policy.md step 5): everything not blocked is allowed, unless the
 * account chose approved sites only.
 */
export const DEFAULT_MODES = ['allow_unless_blocked', 'approved_sites_only'] as const;
export type DefaultMode = (typeof DEFAULT_MODES)[number];
export const DEFAULT_MODE_LABELS: Record<DefaultMode, string> = {
  allow_unless_blocked: 'Allow every site that is not blocked',
  approved_sites_only: 'Approved sites only',
};

// --- scopes ---------------------------------------------------------------------------------------------

export const SCOPE_KINDS = ['account', 'connection', 'user', 'device'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];
export const USER_SCOPE_KINDS = ['console', 'server', 'local'] as const;
export type UserScopeKind = (typeof USER_SCOPE_KINDS)[number];

const name = z.string().max(256).optional();
export const ruleScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('account') }),
  z.object({ kind: z.literal('connection'), id: idField, name }),
  z.object({ kind: z.literal('user'), user_kind: z.enum(USER_SCOPE_KINDS), id: idField, name }),
  z.object({ kind: z.literal('device'), id: idField, name }),
]);
export type RuleScope = z.infer<typeof ruleScope>;

/** One key per scope: 'account', 'connection:3', 'user:server:5', 'device:9'. */
export function scopeKey(s: RuleScope): string {
  if (s.kind === 'account') return 'account';
  return s.kind === 'user' ? `user:${s.user_kind}:${s.id}` : `${s.kind}:${s.id}`;
}
export const sameScope = (a: RuleScope, b: RuleScope) => scopeKey(a) === scopeKey(b);

// --- subjects -------------------------------------------------------------------------------------------

export const SUBJECT_KINDS = ['category', 'website', 'media', 'website_group'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export const ruleSubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('category'), id: idField }),
  /** `pattern` as normaliseWebsitePattern stores it; `name` is the address as the admin typed it. */
  z.object({ kind: z.literal('website'), id: idField, pattern: z.string().min(1).max(2048), match: matchMode, name }),
  z.object({ kind: z.literal('media'), id: idField, name }),
  z.object({ kind: z.literal('website_group'), id: idField, name }),
]);
export type RuleSubject = z.infer<typeof ruleSubject>;

export const subjectKey = (s: RuleSubject) => `${s.kind}:${s.id}`;
export const sameSubject = (a: RuleSubject, b: RuleSubject) => subjectKey(a) === subjectKey(b);

/**
 * A website as an administrator types it: the pattern is normalised (normalise.ts), refused when
 * nothing is left, and refused with a path for `ends_with`.
 */
export const websitePatternInput = z.object({ pattern: z.string().max(2048), match: matchMode }).transform((v, ctx) => {
  const pattern = normaliseWebsitePattern(v.pattern, v.match);
  if (pattern === null) {
    ctx.addIssue({ code: 'custom', message: WEB_ACCESS_MSG.patternInvalid, path: ['pattern'] });
    return z.NEVER;
  }
  if (v.match === 'ends_with' && pattern.includes('/')) {
    ctx.addIssue({ code: 'custom', message: WEB_ACCESS_MSG.endsWithPath, path: ['pattern'] });
    return z.NEVER;
  }
  return { pattern, match: v.match };
});
export type WebsitePatternInput = z.input<typeof websitePatternInput>;

// --- rules ----------------------------------------------------------------------------------------------

export const RULE_SOURCE_KINDS = ['admin', 'request'] as const;
export const ruleSource = z
  .object({ kind: z.enum(RULE_SOURCE_KINDS), request_id: idField.optional() })
  .refine((s) => s.kind === 'admin' || s.request_id !== undefined, {
    message: WEB_ACCESS_MSG.requestIdRequired,
    path: ['request_id'],
  });
export type RuleSource = z.infer<typeof ruleSource>;

/** Problems of a rule's subject and action together: unknown or locked category, unnormalised pattern. */
function subjectIssues(subject: RuleSubject, action: RuleAction): { message: string; path: string[] }[] {
  if (subject.kind === 'category') {
    const category = categoryById(subject.id);
    if (!category) return [{ message: WEB_ACCESS_MSG.categoryUnknown, path: ['subject', 'id'] }];
    if (action === 'ALLOW' && isLockedCategory(subject.id))
      return [{ message: WEB_ACCESS_MSG.lockedCategory(category.name), path: ['action'] }];
  }
  if (subject.kind === 'website') {
    if (normaliseWebsitePattern(subject.pattern, subject.match) !== subject.pattern)
      return [{ message: WEB_ACCESS_MSG.patternInvalid, path: ['subject', 'pattern'] }];
    if (subject.match === 'ends_with' && subject.pattern.includes('/'))
      return [{ message: WEB_ACCESS_MSG.endsWithPath, path: ['subject', 'pattern'] }];
  }
  return [];
}

/**
 * A stored rule as the resolver reads it. `expires_at`: the rule stops applying at that instant.
 * `created_by`: the name of who made it (the administrator, or who approved the request).
 */
export const webAccessRule = z
  .object({
    id: idField,
    scope: ruleScope,
    subject: ruleSubject,
    action: ruleAction,
    schedule: weeklySchedule.nullable().optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    source: ruleSource,
    created_by: z.string().max(256),
  })
  .superRefine((rule, ctx) => {
    for (const issue of subjectIssues(rule.subject, rule.action)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type WebAccessRule = z.infer<typeof webAccessRule>;
