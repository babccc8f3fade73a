/**
 * Whether a rule's subject covers the address being decided, and how specific the subject is
 * (docs/design/policy.md 'Resolution order' step 2 and 'Matching is strict and documented'). Patterns and
 * the target are both in normalised form (contracts web-access/normalise.ts); a website pattern matches
 * as contracts web-access/match-pattern.ts says.
 */
import { websiteMatches, type RuleSubject } from '@wayguard/contracts';

/** The one pattern match (contracts web-access/match-pattern.ts), also read by the device simulator. */
export { websiteMatches };

/** What is being decided: an address, with what the caller knows of it. */
export type Target = {
  /** The normalised host (normaliseHost / splitUrl); null for a category on its own (a category row). */
  host: string | null;
  /** The normalised path from '/', query included (splitUrl); '/' for a host. */
  path: string;
  /** Categories of the host; none means Uncategorised. */
  categories: readonly number[];
  /** The media item being opened, if any. */
  mediaId: number | null;
  /** Website groups that hold the address. */
  groups: readonly number[];
};

export function subjectMatches(subject: RuleSubject, target: Target, categories: readonly number[]): boolean {
  switch (subject.kind) {
    case 'category':
      return categories.includes(subject.id);
    case 'website_group':
      return target.groups.includes(subject.id);
    case 'media':
      return target.mediaId === subject.id;
    case 'website':
      return target.host !== null && websiteMatches(subject.pattern, subject.match, target.host, target.path);
  }
}

/**
 * Subject specificity (policy.md step 2): media item > website exact > starts_with / ends_with >
 * includes > website group > category; among websites of one tier the longer pattern is more
 * specific (for exact too: a host with a path beats the bare host).
 */
const TIERS = { media: 6, exact: 5, starts_with: 4, ends_with: 4, includes: 3, website_group: 2, category: 1 } as const;

export type Specificity = { tier: number; length: number };

export function specificity(subject: RuleSubject): Specificity {
  if (subject.kind === 'website') return { tier: TIERS[subject.match], length: subject.pattern.length };
  return { tier: TIERS[subject.kind], length: 0 };
}

/** > 0 when `a` is more specific than `b`, 0 when equal. */
export function compareSpecificity(a: Specificity, b: Specificity): number {
  return a.tier - b.tier || a.length - b.length;
}
