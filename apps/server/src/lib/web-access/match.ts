/**
 * Whether a rule's subject covers the address being decided, and how specific the subject is
 * (design/policy.md 'Resolution order' step 2 and 'Matching is strict and documented'). Patterns and
 * the target are both in normalised form (contracts web-access/normalise.ts):
 * - `exact`: the same host; with a path, the same path and query too;
 * - `ends_with`: the host or a subdomain of it, on label boundaries (example.com covers
 *   www.example.com and example.com, never badexample.com);
 * - `starts_with` and `includes`: the text host + path starts with / contains the pattern.
 */
import { addressText, splitPattern, type MatchMode, type RuleSubject } from '@wayguard/contracts';

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

export function websiteMatches(pattern: string, match: MatchMode, host: string, path: string): boolean {
  switch (match) {
    case 'exact': {
      const p = splitPattern(pattern);
      return p.host === host && (p.path === '' || p.path === path);
    }
    case 'ends_with':
      return host === pattern || host.endsWith(`.${pattern}`);
    case 'starts_with':
      return addressText(host, path).startsWith(pattern);
    case 'includes':
      return addressText(host, path).includes(pattern);
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
