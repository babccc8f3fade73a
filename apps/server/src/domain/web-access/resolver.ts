/**
 * The web-access resolver (docs/design/policy.md 'Resolution order'): the one place that decides whether
 * an address is allowed for a scope chain, used by the console's web-access lists (002 §2.3-2.5),
 * the device policy and the "why" tool. Pure: the caller fetches the candidate rules; the resolver
 * checks each one against the target itself and returns the decision with its trace.
 *
 * First difference decides:
 *   1. a provider-locked category of the host: BLOCK;
 *   2. subject specificity (match.ts);
 *   3. scope proximity: the nearer scope of the chain (device > user > connection > account);
 *   4. a tie at the same specificity and scope: BLOCK;
 *   5. no rule applies: the account's default.
 * Rules of scopes outside the chain, rules that do not match, expired rules and rules outside their
 * schedule take no part. Of equal rules (same level, same action) the lowest id is named the winner,
 * so the result never depends on the order the rules come in.
 */
import {
  isLockedCategory,
  sameScope,
  UNCATEGORISED_CATEGORY_ID,
  type DefaultMode,
  type LossReason,
  type RuleAction,
  type RuleScope,
  type WebAccessRule,
} from '@wayguard/contracts';
import { compareSpecificity, specificity, subjectMatches, type Specificity, type Target } from './match.js';
import { scheduleActiveAt } from './schedule.js';

export type { Target } from './match.js';

export type ResolveInput = {
  target: Target;
  /** The scope chain of who is asked about, far to near: [account, connection?, user?, device?]. */
  chain: readonly RuleScope[];
  /** Candidate rules; any that do not apply are traced and left out. */
  rules: readonly WebAccessRule[];
  now: Date;
  /** The account's IANA time zone: schedules are read on its wall clock. */
  timeZone: string;
  defaultMode: DefaultMode;
};

export type TraceEntry = {
  rule: WebAccessRule;
  outcome: 'won' | 'lost';
  /** Why it lost; null for the winner. */
  reason: LossReason | null;
  /** The rule (id) or the locked category that beat it, when another candidate did. */
  beatenBy: number | 'locked' | null;
  /** Its scope's place in the chain (0 = account), -1 outside the chain. */
  level: number;
  specificity: Specificity;
};

export type Decision = {
  decision: RuleAction;
  decidedBy: WebAccessRule | 'locked' | 'default';
  /** The host's provider-locked categories (step 1), empty when none. */
  lockedCategories: number[];
  /** Every candidate rule: the applying ones in rank order (the winner first), then the others. */
  trace: TraceEntry[];
};

type Candidate = { rule: WebAccessRule; level: number; specificity: Specificity; skip: LossReason | null };

/** Why a rule takes no part, or null when it applies. */
function skipReason(rule: WebAccessRule, level: number, input: ResolveInput, categories: readonly number[]) {
  if (level < 0) return 'other_scope';
  if (!subjectMatches(rule.subject, input.target, categories)) return 'does_not_match';
  if (rule.expires_at && Date.parse(rule.expires_at) <= input.now.getTime()) return 'expired';
  if (rule.schedule && !scheduleActiveAt(rule.schedule, input.now, input.timeZone)) return 'outside_schedule';
  return null;
}

/** Rank order: more specific, then nearer, then BLOCK before ALLOW, then lower id. */
function byRank(a: Candidate, b: Candidate): number {
  return (
    compareSpecificity(b.specificity, a.specificity) ||
    b.level - a.level ||
    (a.rule.action === b.rule.action ? 0 : a.rule.action === 'BLOCK' ? -1 : 1) ||
    a.rule.id - b.rule.id
  );
}

/** Why `loser` lost to `winner`, both applying. */
function lossReason(loser: Candidate, winner: Candidate): LossReason {
  if (compareSpecificity(winner.specificity, loser.specificity) > 0) return 'more_specific_subject';
  if (winner.level > loser.level) return 'nearer_scope';
  return loser.rule.action !== winner.rule.action ? 'block_wins_tie' : 'same_level';
}

export function resolve(input: ResolveInput): Decision {
  const categories = input.target.categories.length > 0 ? input.target.categories : [UNCATEGORISED_CATEGORY_ID];
  const lockedCategories = categories.filter(isLockedCategory);
  const candidates: Candidate[] = input.rules.map((rule) => {
    const level = input.chain.findIndex((s) => sameScope(s, rule.scope));
    return { rule, level, specificity: specificity(rule.subject), skip: skipReason(rule, level, input, categories) };
  });
  const applying = candidates.filter((c) => c.skip === null).sort(byRank);
  const others = candidates.filter((c) => c.skip !== null).sort(byRank);
  const skipped = others.map((c): TraceEntry => entry(c, 'lost', c.skip, null));

  if (lockedCategories.length > 0) {
    const lost = applying.map((c) => entry(c, 'lost', 'locked_category', 'locked'));
    return { decision: 'BLOCK', decidedBy: 'locked', lockedCategories, trace: [...lost, ...skipped] };
  }
  const [winner, ...losers] = applying;
  if (!winner) {
    const decision = input.defaultMode === 'approved_sites_only' ? 'BLOCK' : 'ALLOW';
    return { decision, decidedBy: 'default', lockedCategories, trace: skipped };
  }
  const trace = [
    entry(winner, 'won', null, null),
    ...losers.map((c) => entry(c, 'lost', lossReason(c, winner), winner.rule.id)),
    ...skipped,
  ];
  return { decision: winner.rule.action, decidedBy: winner.rule, lockedCategories, trace };
}

function entry(
  c: Candidate,
  outcome: TraceEntry['outcome'],
  reason: LossReason | null,
  beatenBy: TraceEntry['beatenBy'],
) {
  return { rule: c.rule, outcome, reason, beatenBy, level: c.level, specificity: c.specificity };
}
