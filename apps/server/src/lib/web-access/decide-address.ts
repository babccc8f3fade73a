/**
 * What the one resolver decides for an address (or a media item) along a scope chain now: the
 * address's category from the account's websites, the chain's candidate rules, then `resolve`. Used
 * by "Test a website" (modules/web-access) and by a device's request (agent/requests: is it blocked,
 * is it locked?), so both answer exactly what the policy does.
 */
import type { DefaultMode, RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { addressCategory, candidatesFor } from './candidates.js';
import { resolve, type Decision, type Target } from './resolver.js';

export type ChainContext = {
  accountId: number;
  chain: readonly RuleScope[];
  timeZone: string;
  defaultMode: DefaultMode;
};

export async function decideAddress(
  db: DbOrTx,
  node: ChainContext,
  address: { host: string; path: string },
  now: Date,
  mediaId: number | null = null,
): Promise<{ decision: Decision; target: Target }> {
  const categoryId = await addressCategory(db, node.accountId, address.host, address.path);
  const [found] = await candidatesFor(db, node.accountId, node.chain, [{ ...address, categoryId, mediaId }]);
  const { target, rules } = found!;
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
