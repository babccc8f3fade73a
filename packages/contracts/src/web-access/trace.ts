/**
 * Why a candidate rule did not decide (docs/design/policy.md 'Every decision explains itself'): the reasons
 * the resolver writes into a decision's trace, and their labels for the console's "why" tool.
 */
export const LOSS_REASONS = [
  'locked_category',
  'more_specific_subject',
  'nearer_scope',
  'block_wins_tie',
  'same_level',
  'expired',
  'outside_schedule',
  'does_not_match',
  'other_scope',
] as const;
export type LossReason = (typeof LOSS_REASONS)[number];

export const LOSS_REASON_LABELS: Record<LossReason, string> = {
  locked_category: 'A category of the site is always blocked by the provider',
  more_specific_subject: 'A rule for a more specific subject decided',
  nearer_scope: 'A rule at a nearer level decided',
  block_wins_tie: 'A block at the same level wins the tie',
  same_level: 'An equal rule at the same level decided',
  expired: 'The rule has expired',
  outside_schedule: "Outside the rule's schedule",
  does_not_match: 'The rule does not match this address',
  other_scope: 'The rule is for another device, user or connection',
};
