/**
 * What the one resolver decides for an address (or a media item) along a scope chain now: the
 * address's category from the account's websites, the chain's candidate rules (its scopes' rules kept
 * in the process: scope-rules.ts), then `resolve`. Used
 * by "Test a website" (modules/web-access), by a device's request (agent/requests: is it blocked,
 * is it locked?) and, for a page of rows at once, by the requests list (is a pending ask allowed now?),
 * so all answer exactly what the policy does.
 */
import type { DefaultMode, RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { addressCategories } from './candidates.js';
import { chainsRulesOf } from './scope-rules.js';
import { resolve, type Decision, type Target } from './resolver.js';

export type ChainContext = {
  accountId: number;
  chain: readonly RuleScope[];
  timeZone: string;
  defaultMode: DefaultMode;
  /** The account's rules version read with the chain, when known (scope-rules.ts scopeRules). */
  rulesVersion?: string | undefined;
};

export type AddressAsk = {
  chain: readonly RuleScope[];
  address: { host: string; path: string };
  mediaId: number | null;
};

export async function decideAddress(
  db: DbOrTx,
  node: ChainContext,
  address: { host: string; path: string },
  now: Date,
  mediaId: number | null = null,
): Promise<{ decision: Decision; target: Target }> {
  const [decided] = await decideAddresses(db, node, [{ chain: node.chain, address, mediaId }], now);
  return decided!;
}

/**
 * decideAddress for many (chain, address) pairs of one account in one pass: the addresses' categories
 * in one statement, every chain's scopes read together (those not kept), then the resolver per pair.
 * The context's chain is not used: each ask brings its own.
 */
export async function decideAddresses(
  db: DbOrTx,
  account: Omit<ChainContext, 'chain'>,
  asks: readonly AddressAsk[],
  now: Date,
): Promise<{ decision: Decision; target: Target }[]> {
  if (asks.length === 0) return [];
  const categories = await addressCategories(
    db,
    account.accountId,
    asks.map((a) => a.address),
  );
  const chains = await chainsRulesOf(
    db,
    account.accountId,
    asks.map((a) => a.chain),
    account.rulesVersion,
  );
  return asks.map((ask, i) => {
    const { target, rules } = chains[i]!.candidates({
      ...ask.address,
      categoryId: categories[i] ?? null,
      mediaId: ask.mediaId,
    });
    const decision = resolve({
      target,
      chain: ask.chain,
      rules,
      now,
      timeZone: account.timeZone,
      defaultMode: account.defaultMode,
    });
    return { decision, target };
  });
}
