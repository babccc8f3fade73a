/**
 * An impact preview's change (issue 10 'impact preview'): the rule proposed for its subjects at its
 * scopes, and the account's rules as they would be after it. Read by impact.ts (devices and users) and
 * impact-also.ts (the other websites it unblocks).
 */
import {
  sameScope,
  sameSubject,
  type RuleScope,
  type RuleSubject,
  type SetAccessRule,
  type WebAccessRule,
} from '@wayguard/contracts';
import type { SubjectRef } from './rule-writer.js';

export type ImpactChange = {
  /**
   * Where the rule is set: the account, or one or more server connections (a connection approval sets
   * one allow at each connection of the thread's requesters); none: nothing changes.
   */
  scopes: RuleScope[];
  /** The subjects changed together: one, or a batch approval's websites and media items. */
  subjects: SubjectRef[];
  rule: SetAccessRule;
  /** The subjects (websites) join this website group instead of getting a rule of their own. */
  joinGroup?: number | null;
};

/** The id a proposed rule carries (no stored rule has it). */
export const PROPOSED_RULE_ID = Number.MAX_SAFE_INTEGER;

/** The rule the change proposes for a subject at a scope (null: the scope's rule is removed). */
export function proposedRule(
  change: Pick<ImpactChange, 'rule'>,
  scope: RuleScope,
  subject: RuleSubject,
): WebAccessRule | null {
  if (change.rule === 'inherit') return null;
  return {
    id: PROPOSED_RULE_ID,
    scope,
    subject,
    action: change.rule === 'allow' ? 'ALLOW' : 'BLOCK',
    schedule: null,
    expires_at: null,
    source: { kind: 'admin' },
    created_by: '',
  };
}

/** Whether a rule is one the change replaces or removes: a subject's rule at one of its scopes. */
export function replacedBy(
  r: WebAccessRule,
  change: Pick<ImpactChange, 'scopes'>,
  subjects: readonly RuleSubject[],
): boolean {
  return change.scopes.some((sc) => sameScope(r.scope, sc)) && subjects.some((s) => sameSubject(r.subject, s));
}

/** The rules as they would be after the change: each scope's rule for each subject replaced or removed. */
export function rulesAfter(
  rules: readonly WebAccessRule[],
  change: Pick<ImpactChange, 'scopes' | 'rule'>,
  subjects: readonly RuleSubject[],
): WebAccessRule[] {
  const kept = rules.filter((r) => !replacedBy(r, change, subjects));
  const proposed = change.scopes.flatMap((sc) => subjects.flatMap((s) => proposedRule(change, sc, s) ?? []));
  return [...kept, ...proposed];
}
