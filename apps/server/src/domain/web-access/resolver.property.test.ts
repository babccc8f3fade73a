/**
 * Properties of the resolver over random rule sets for one address: the order the rules come in does
 * not matter, a farther rule never overturns a nearer one of the same subject, a rule can only pull
 * the decision its own way, and a locked category always blocks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleScope, RuleSubject, WebAccessRule } from '@wayguard/contracts';
import { resolve } from './resolver.js';
import { CHAIN, categoryId, category, group, input, media, target, website } from '../../test/web-access-fixtures.js';

const t = target('https://www.example.com/games/chess?x=1', {
  categories: ['Games', 'Educational games'],
  mediaId: 42,
  groups: [7],
});
const SUBJECTS: RuleSubject[] = [
  media(42),
  media(43),
  website('www.example.com', 'exact'),
  website('www.example.com/games/chess?x=1', 'exact'),
  website('example.com', 'ends_with'),
  website('badexample.com', 'ends_with'),
  website('www.example.com/games', 'starts_with'),
  website('chess', 'includes'),
  website('games/chess', 'includes'),
  group(7),
  group(8),
  category('Games'),
  category('Educational games'),
  category('Sports'),
];

const arbRule = (id: number, scopes: readonly RuleScope[] = CHAIN) =>
  fc
    .record({
      scope: fc.constantFrom(...scopes),
      subject: fc.constantFrom(...SUBJECTS),
      action: fc.constantFrom('ALLOW' as const, 'BLOCK' as const),
      expired: fc.boolean(),
    })
    .map((r): WebAccessRule => ({
      id,
      scope: r.scope,
      subject: r.subject,
      action: r.action,
      expires_at: r.expired ? '2020-01-01T00:00:00Z' : null,
      source: { kind: 'admin' },
      created_by: 'jane.smith',
    }));
const arbRules = fc
  .integer({ min: 0, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbRule(i + 1))));
const summary = (rules: WebAccessRule[]) => {
  const d = resolve(input(t, rules));
  return { decision: d.decision, by: typeof d.decidedBy === 'string' ? d.decidedBy : d.decidedBy.id };
};

describe('resolver properties', () => {
  it('the order of the candidate rules does not change the decision or its winner', () => {
    fc.assert(
      fc.property(
        arbRules.chain((rules) =>
          fc.tuple(fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length })),
        ),
        ([rules, shuffled]) => {
          expect(summary(shuffled)).toEqual(summary(rules));
        },
      ),
    );
  });

  it('a rule at a farther scope never changes a decision a nearer rule of the same subject made', () => {
    fc.assert(
      fc.property(arbRules, fc.constantFrom('ALLOW' as const, 'BLOCK' as const), fc.nat(), (rules, action, pick) => {
        const winner = resolve(input(t, rules)).decidedBy;
        if (typeof winner === 'string') return;
        const level = CHAIN.findIndex((s) => s === winner.scope);
        if (level === 0) return;
        const farther = CHAIN[pick % level]!;
        const added: WebAccessRule = { ...winner, id: 99, scope: farther, action };
        expect(summary([...rules, added])).toEqual(summary(rules));
      }),
    );
  });

  it('adding a rule can only pull the decision towards its own action', () => {
    fc.assert(
      fc.property(arbRules, arbRule(99), (rules, added) => {
        const before = resolve(input(t, rules)).decision;
        const after = resolve(input(t, [...rules, added])).decision;
        if (after !== before) expect(after).toBe(added.action);
      }),
    );
  });

  it('a locked category always blocks', () => {
    const locked = { ...t, categories: [...t.categories, categoryId('Phishing & fraud')] };
    fc.assert(
      fc.property(arbRules, (rules) => {
        expect(resolve({ ...input(locked, rules) }).decidedBy).toBe('locked');
      }),
    );
  });
});
