/**
 * What the one resolver decides for an address (or a media item) along a scope chain now: the
 * address's category from the account's websites, the chain's candidate rules (its scopes' rules kept
 * in the process: scope-rules.ts), then `resolve`. Used
 * by "Test a website" (modules/web-access) and by a device's request (agent/requests: is it blocked,
 * is it locked?), so both answer exactly what the policy does.
 */
import type { DefaultMode, RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { addressCategory } from './candidates.js';
import { chainRulesOf } from './scope-rules.js';
import { resolve, type Decision, type Target } from './resolver.js';

export type ChainContext = {
  accountId: number;
  chain: readonly RuleScope[];
  timeZone: string;
  defaultMode: DefaultMode;
  /** The account's rules version read with the chain, when known (scope-rules.ts scopeRules). */
  rulesVersion?: string | undefined;
};

export async function decideAddress(
  db: DbOrTx,
  node: ChainContext,
  address: { host: string; path: string },
  now: Date,
  mediaId: number | null = null,
): Promise<{ decision: Decision; target: Target }> {
  const categoryId = await addressCategory(db, node.accountId, address.host, address.path);
  const chain = await chainRulesOf(db, node.accountId, node.chain, node.rulesVersion);
  const { target, rules } = chain.candidates({ ...address, categoryId, mediaId });
  const decision = resolve({
    target,
    chain: node.chain,
    rules,
    now,
    timeZone: node.timeZone,
    defaultMode: node.defaultMode,
  });
  return { decision, target };
}
