/** "Test a website"'s result in words (issue 10 'Why?'): the decision as text, and what decided. */
import type { TestWebsiteResponse } from '@wayguard/contracts';

export const DECISION_LABELS = { ALLOW: 'Allowed', BLOCK: 'Blocked' } as const;

export const DECIDED_BY_LABELS: Record<TestWebsiteResponse['decided_by'], string> = {
  rule: 'A rule',
  locked: 'A category the provider always blocks',
  default: "The account's default (no rule applies)",
};

export const OUTCOME_LABELS: Record<TestWebsiteResponse['trace'][number]['outcome'], string> = {
  won: 'Decides',
  lost: 'Overruled',
};

/** 'example.com/path' as tested. */
export function testedAddress(r: Pick<TestWebsiteResponse, 'host' | 'path'>): string {
  return r.path && r.path !== '/' ? `${r.host}${r.path}` : r.host;
}
