/**
 * The access fields of a web-access list row (002 §3 'Web access item': allow, block,
 * allow_inherited, block_inherited, explain_allow, explain_block; category rows name the inherited
 * pair inherited_allow / inherited_block) for a row viewed at scope S, all from the one resolver:
 * - allow / block: the rule stored exactly at S for the row's subject (neither: INHERIT);
 * - allow_inherited / block_inherited: what the chain above S decides (its rules, then the default);
 * - explain_allow / explain_block: the sentence for what applies at S now (S's rules included): the
 *   one of the decision, the other ''.
 */
import { sameScope, sameSubject, type AccessValue, type RuleSubject } from '@wayguard/contracts';
import { explainDecision } from './explain.js';
import { resolve, type Decision, type ResolveInput, type Target } from './resolver.js';

export type RowAccessInput = ResolveInput & {
  /** The row's subject: its website, media item or category. */
  subject: RuleSubject;
};

export type RowAccess = {
  allow: boolean;
  block: boolean;
  allow_inherited: boolean;
  block_inherited: boolean;
  explain_allow: string;
  explain_block: string;
  /** The rule at S as an access value. */
  access: AccessValue;
  /** What applies at S now, with its trace. */
  effective: Decision;
};

/** A category id no catalogue category has: a custom category (website group) row is in none. */
export const NO_CATEGORY = 0;

/**
 * The resolver target of a category row (the category alone) or of a custom category row (an address
 * in that website group only, in no catalogue category): docs/decisions/web-access.md "A custom-category row".
 */
export function categoryRowTarget(subject: { kind: 'category' | 'website_group'; id: number }): Target {
  return subject.kind === 'category'
    ? { host: null, path: '/', categories: [subject.id], mediaId: null, groups: [] }
    : { host: null, path: '/', categories: [NO_CATEGORY], mediaId: null, groups: [subject.id] };
}

/** `input.chain` is far to near and ends with S, the scope the row is viewed at. */
export function rowAccess(input: RowAccessInput): RowAccess {
  const view = input.chain.at(-1);
  if (!view) throw new Error('rowAccess needs the chain of the viewed scope');
  const own = input.rules.filter((r) => sameScope(r.scope, view) && sameSubject(r.subject, input.subject));
  const access: AccessValue = own.some((r) => r.action === 'BLOCK') ? 'BLOCK' : own.length > 0 ? 'ALLOW' : 'INHERIT';

  const above = input.chain.slice(0, -1);
  const inherited = resolve({
    ...input,
    chain: above,
    rules: input.rules.filter((r) => above.some((s) => sameScope(s, r.scope))),
  });
  const effective = resolve(input);
  const sentence = explainDecision(effective, { view, rowSubject: input.subject, timeZone: input.timeZone });
  return {
    allow: access === 'ALLOW',
    block: access === 'BLOCK',
    allow_inherited: inherited.decision === 'ALLOW',
    block_inherited: inherited.decision === 'BLOCK',
    explain_allow: effective.decision === 'ALLOW' ? sentence : '',
    explain_block: effective.decision === 'BLOCK' ? sentence : '',
    access,
    effective,
  };
}
