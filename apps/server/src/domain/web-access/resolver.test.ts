/** The resolution order of docs/design/policy.md, step by step, and the trace of every decision. */
import { describe, expect, it } from 'vitest';
import type { WebAccessRule } from '@wayguard/contracts';
import { resolve, type Decision } from './resolver.js';
import {
  ACCOUNT,
  CONNECTION,
  DEVICE,
  NOW,
  OTHER_DEVICE,
  USER,
  category,
  group,
  input,
  media,
  rule,
  target,
  website,
} from '../../test/web-access-fixtures.js';

const winnerId = (d: Decision) => (typeof d.decidedBy === 'string' ? d.decidedBy : d.decidedBy.id);
const traced = (d: Decision, r: WebAccessRule) => d.trace.find((t) => t.rule.id === r.id);

describe('step 1: provider-locked categories', () => {
  const malware = target('https://evil.example/payload', { categories: ['Malware', 'Software downloads'] });

  it('block whatever the rules say, even a device allow of the exact website', () => {
    const allow = rule(DEVICE, website('evil.example', 'exact'), 'ALLOW');
    const alsoAllow = rule(DEVICE, category('Software downloads'), 'ALLOW');
    const d = resolve(input(malware, [allow, alsoAllow]));
    expect(d).toMatchObject({ decision: 'BLOCK', decidedBy: 'locked', lockedCategories: [1] });
    expect(traced(d, allow)).toMatchObject({ outcome: 'lost', reason: 'locked_category', beatenBy: 'locked' });
    expect(traced(d, alsoAllow)?.reason).toBe('locked_category');
  });

  it('block even a (schema-refused) category allow of Malware that reached the resolver', () => {
    const raw = { ...rule(DEVICE, category('Malware'), 'BLOCK'), action: 'ALLOW' as const };
    expect(resolve(input(malware, [raw])).decision).toBe('BLOCK');
  });

  it('cover Phishing & fraud and Cryptojacking too', () => {
    for (const name of ['Phishing & fraud', 'Cryptojacking']) {
      const d = resolve(
        input(target('x.example', { categories: [name] }), [], { defaultMode: 'allow_unless_blocked' }),
      );
      expect(d.decidedBy).toBe('locked');
    }
  });
});

describe('step 2: subject specificity beats scope proximity', () => {
  const t = target('https://www.example.com/games/chess', { categories: ['Games'], mediaId: 42, groups: [7] });
  // Each pair: [more specific at the account, less specific at the device].
  const pairs = [
    ['media > exact', media(42), website('www.example.com', 'exact')],
    ['exact > starts_with', website('www.example.com', 'exact'), website('www.example.com/games/chess', 'starts_with')],
    ['exact > ends_with', website('www.example.com', 'exact'), website('www.example.com', 'ends_with')],
    [
      'longer starts_with > shorter ends_with',
      website('www.example.com/games', 'starts_with'),
      website('example.com', 'ends_with'),
    ],
    [
      'longer ends_with > shorter starts_with',
      website('www.example.com', 'ends_with'),
      website('www.example', 'starts_with'),
    ],
    [
      'longer starts_with > shorter starts_with',
      website('www.example.com/games', 'starts_with'),
      website('www.example.com', 'starts_with'),
    ],
    [
      'longer ends_with > shorter ends_with',
      website('www.example.com', 'ends_with'),
      website('example.com', 'ends_with'),
    ],
    ['ends_with > includes', website('example.com', 'ends_with'), website('www.example.com/games/chess', 'includes')],
    ['longer includes > shorter includes', website('games/chess', 'includes'), website('chess', 'includes')],
    ['includes > website group', website('chess', 'includes'), group(7)],
    ['website group > category', group(7), category('Games')],
  ] as const;

  for (const [name, specific, general] of pairs) {
    it(name, () => {
      const far = rule(ACCOUNT, specific, 'ALLOW');
      const near = rule(DEVICE, general, 'BLOCK');
      const d = resolve(input(t, [near, far]));
      expect(d.decision).toBe('ALLOW');
      expect(winnerId(d)).toBe(far.id);
      expect(traced(d, near)).toMatchObject({ outcome: 'lost', reason: 'more_specific_subject', beatenBy: far.id });
      // and the other way round: the specific one blocks
      const d2 = resolve(input(t, [rule(ACCOUNT, specific, 'BLOCK'), rule(DEVICE, general, 'ALLOW')]));
      expect(d2.decision).toBe('BLOCK');
    });
  }
});

describe('step 3: scope proximity at equal specificity', () => {
  const t = target('example.com', { categories: ['Games'] });
  const subject = category('Games');

  it('device > user > connection > account', () => {
    const scopes = [ACCOUNT, CONNECTION, USER, DEVICE];
    for (let near = 1; near < scopes.length; near++) {
      const farRule = rule(scopes[near - 1]!, subject, 'BLOCK');
      const nearRule = rule(scopes[near]!, subject, 'ALLOW');
      const d = resolve(input(t, [farRule, nearRule]));
      expect(d.decision).toBe('ALLOW');
      expect(traced(d, farRule)).toMatchObject({ reason: 'nearer_scope', beatenBy: nearRule.id });
    }
  });

  it('ranks by the chain it is given: a user page has no device level', () => {
    const d = resolve(
      input(t, [rule(ACCOUNT, subject, 'ALLOW'), rule(USER, subject, 'BLOCK'), rule(DEVICE, subject, 'ALLOW')], {
        chain: [ACCOUNT, CONNECTION, USER],
      }),
    );
    expect(d.decision).toBe('BLOCK');
    expect(d.trace.at(-1)).toMatchObject({ reason: 'other_scope', level: -1 });
  });
});

describe('step 4: a tie at the same specificity and scope', () => {
  it('a host in two categories, one allowed and one blocked at one scope: BLOCK', () => {
    const t = target('chess.example', { categories: ['Games', 'Educational games'] });
    const allow = rule(DEVICE, category('Educational games'), 'ALLOW');
    const block = rule(DEVICE, category('Games'), 'BLOCK');
    const d = resolve(input(t, [allow, block]));
    expect(d.decision).toBe('BLOCK');
    expect(traced(d, allow)).toMatchObject({ reason: 'block_wins_tie', beatenBy: block.id });
  });

  it('starts_with and ends_with patterns of equal length at one scope: BLOCK', () => {
    const t = target('example.com/x');
    const allow = rule(USER, website('example.com', 'starts_with'), 'ALLOW');
    const block = rule(USER, website('example.com', 'ends_with'), 'BLOCK');
    expect(resolve(input(t, [allow, block])).decision).toBe('BLOCK');
  });

  it('of equal rules the lowest id is the winner, the other is traced as same level', () => {
    const t = target('chess.example', { categories: ['Games', 'Sports'] });
    const a = rule(DEVICE, category('Games'), 'BLOCK');
    const b = rule(DEVICE, category('Sports'), 'BLOCK');
    const d = resolve(input(t, [b, a]));
    expect(winnerId(d)).toBe(a.id);
    expect(traced(d, b)?.reason).toBe('same_level');
  });
});

describe('step 5: no rule applies', () => {
  const t = target('example.org');
  it('the account default: ALLOW, or BLOCK with approved sites only', () => {
    expect(resolve(input(t, []))).toMatchObject({ decision: 'ALLOW', decidedBy: 'default', trace: [] });
    expect(resolve(input(t, [], { defaultMode: 'approved_sites_only' }))).toMatchObject({
      decision: 'BLOCK',
      decidedBy: 'default',
    });
  });

  it('an approved site is allowed in approved-sites-only mode', () => {
    const d = resolve(
      input(t, [rule(ACCOUNT, website('example.org', 'exact'), 'ALLOW')], { defaultMode: 'approved_sites_only' }),
    );
    expect(d.decision).toBe('ALLOW');
  });
});

describe('rules that take no part', () => {
  const t = target('www.example.com', { categories: ['Games'] });

  it('a rule that does not match: badexample.com is not example.com', () => {
    const r = rule(DEVICE, website('badexample.com', 'ends_with'), 'BLOCK');
    const d = resolve(input(target('example.com'), [r]));
    expect(d).toMatchObject({ decision: 'ALLOW', decidedBy: 'default' });
    expect(traced(d, r)).toMatchObject({ outcome: 'lost', reason: 'does_not_match' });
  });

  it('a rule of a scope outside the chain', () => {
    const r = rule(OTHER_DEVICE, category('Games'), 'BLOCK');
    expect(traced(resolve(input(t, [r])), r)?.reason).toBe('other_scope');
  });

  it('an expired rule, from the instant it expires; the rule behind it decides', () => {
    const expiring = rule(DEVICE, category('Games'), 'ALLOW', { expires_at: NOW.toISOString() });
    const behind = rule(ACCOUNT, category('Games'), 'BLOCK');
    const d = resolve(input(t, [expiring, behind]));
    expect(d.decision).toBe('BLOCK');
    expect(traced(d, expiring)?.reason).toBe('expired');
    const before = new Date(NOW.getTime() - 1);
    expect(resolve(input(t, [expiring, behind], { now: before })).decision).toBe('ALLOW');
  });

  it('a rule outside its schedule; inside it, it decides', () => {
    // Monday 2026-06-01, 11:00 in London (BST)
    const scheduled = (from: number, to: number) =>
      rule(DEVICE, category('Games'), 'BLOCK', {
        schedule: { windows: [{ day: 1, from_minute: from, to_minute: to }] },
      });
    const inside = scheduled(8 * 60, 15 * 60);
    const outside = scheduled(15 * 60, 18 * 60);
    expect(resolve(input(t, [inside])).decision).toBe('BLOCK');
    const d = resolve(input(t, [outside]));
    expect(d.decision).toBe('ALLOW');
    expect(traced(d, outside)?.reason).toBe('outside_schedule');
  });
});

describe('categories and trace', () => {
  it('a host without a category is in Uncategorised', () => {
    const t = { ...target('new-site.example'), categories: [] };
    const d = resolve(input(t, [rule(ACCOUNT, category('Uncategorised'), 'BLOCK')]));
    expect(d.decision).toBe('BLOCK');
  });

  it('lists the applying rules in rank order (winner first), then the others', () => {
    const t = target('www.example.com/games', { categories: ['Games'] });
    const rules = [
      rule(ACCOUNT, category('Games'), 'BLOCK'),
      rule(DEVICE, website('badexample.com', 'exact'), 'BLOCK'),
      rule(DEVICE, category('Games'), 'ALLOW'),
      rule(ACCOUNT, website('example.com', 'ends_with'), 'ALLOW'),
    ];
    const d = resolve(input(t, rules));
    expect(d.trace.map((e) => [e.rule.id, e.outcome, e.reason])).toEqual([
      [rules[3]!.id, 'won', null],
      [rules[2]!.id, 'lost', 'more_specific_subject'],
      [rules[0]!.id, 'lost', 'more_specific_subject'],
      [rules[1]!.id, 'lost', 'does_not_match'],
    ]);
    expect(d.trace[0]).toMatchObject({ level: 0, specificity: { tier: 4, length: 11 } });
  });
});
