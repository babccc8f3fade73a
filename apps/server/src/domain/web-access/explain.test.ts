/** The sentences of explain_allow / explain_block (docs/design/policy.md 'Every decision explains itself'). */
import { describe, expect, it } from 'vitest';
import type { RuleScope, RuleSubject, WebAccessRule } from '@wayguard/contracts';
import { explainDecision, scopeText, subjectText } from './explain.js';
import { resolve, type Target } from './resolver.js';
import {
  ACCOUNT,
  CHAIN,
  CONNECTION,
  DEVICE,
  USER,
  category,
  group,
  input,
  media,
  rule,
  target,
  website,
} from '../../test/web-access-fixtures.js';

const row = website('video.example', 'exact');
const videoSite = target('https://video.example/', { categories: ['Video streaming'] });
const fromRequest = (id: number) => ({ source: { kind: 'request' as const, request_id: id } });

function say(
  rules: WebAccessRule[],
  opts: {
    t?: Target;
    view?: RuleScope;
    chain?: readonly RuleScope[];
    subject?: RuleSubject;
    approvedOnly?: boolean;
  } = {},
): string {
  const d = resolve(
    input(opts.t ?? videoSite, rules, {
      chain: opts.chain ?? CHAIN,
      defaultMode: opts.approvedOnly ? 'approved_sites_only' : 'allow_unless_blocked',
    }),
  );
  return explainDecision(d, { view: opts.view ?? DEVICE, rowSubject: opts.subject ?? row, timeZone: 'Europe/London' });
}

describe('the winning rule, and the rule it beat', () => {
  it("policy.md's example: an account-wide approval beats the device's category block", () => {
    const rules = [rule(ACCOUNT, row, 'ALLOW', fromRequest(77)), rule(DEVICE, category('Video streaming'), 'BLOCK')];
    expect(say(rules)).toBe(
      "Allowed for the whole account by an approved request (#77), which beats this device's block of the category Video streaming because a website rule is more specific",
    );
  });

  it('a nearer rule of the same subject', () => {
    expect(say([rule(ACCOUNT, row, 'ALLOW'), rule(DEVICE, row, 'BLOCK')])).toBe(
      "Blocked for this device by jane.smith, which beats the account's allow because this device's rule is nearer than the account's",
    );
    expect(say([rule(CONNECTION, row, 'ALLOW'), rule(USER, row, 'BLOCK')])).toBe(
      "Blocked for the user katie.adams11 by jane.smith, which beats the connection Main school's allow because the user's rule is nearer than the connection's",
    );
  });

  it('reads "this user" on the user\'s own page', () => {
    const chain = [ACCOUNT, CONNECTION, USER];
    expect(say([rule(CONNECTION, row, 'ALLOW'), rule(USER, row, 'BLOCK')], { view: USER, chain })).toBe(
      "Blocked for this user by jane.smith, which beats the connection Main school's allow because this user's rule is nearer than the connection's",
    );
  });

  it('a tie at one level', () => {
    const t = target('v.example', { categories: ['Video streaming', 'Education'] });
    const rules = [
      rule(DEVICE, category('Video streaming'), 'BLOCK', { created_by: 'sam.lee' }),
      rule(DEVICE, category('Education'), 'ALLOW'),
    ];
    expect(say(rules, { t })).toBe(
      "Blocked for this device by sam.lee's rule for the category Video streaming, which beats this device's allow of the category Education because a block wins a tie at the same level",
    );
  });

  it('says which subject is more specific', () => {
    expect(say([rule(ACCOUNT, row, 'ALLOW'), rule(DEVICE, website('video.example', 'ends_with'), 'BLOCK')])).toBe(
      "Allowed for the whole account by jane.smith, which beats this device's block of the website video.example and its subdomains because an exact website rule is more specific",
    );
    const kids = target('video.example/kids/1');
    const longer = [
      rule(ACCOUNT, website('video.example/kids', 'starts_with'), 'ALLOW'),
      rule(DEVICE, website('video.example', 'ends_with'), 'BLOCK'),
    ];
    expect(say(longer, { t: kids })).toContain(
      "by jane.smith's rule for websites starting with video.example/kids, which beats this device's block of the website video.example and its subdomains because a longer website pattern is more specific",
    );
    const withMedia = { ...videoSite, mediaId: 42 };
    expect(
      say([rule(USER, media(42, 'Cats compilation'), 'ALLOW'), rule(DEVICE, row, 'BLOCK')], { t: withMedia }),
    ).toBe(
      "Allowed for the user katie.adams11 by jane.smith's rule for the media item Cats compilation, which beats this device's block because a media item rule is more specific",
    );
    const inGroup = { ...videoSite, groups: [7] };
    const rules = [
      rule(CONNECTION, group(7, 'Homework sites'), 'ALLOW', fromRequest(5)),
      rule(DEVICE, category('Video streaming'), 'BLOCK'),
    ];
    expect(say(rules, { t: inGroup })).toBe(
      "Allowed for the connection Main school by an approved request (#5) for the website group Homework sites, which beats this device's block of the category Video streaming because a website group rule is more specific",
    );
  });

  it('names no loser when the other rules agree', () => {
    expect(say([rule(ACCOUNT, row, 'BLOCK', fromRequest(8)), rule(DEVICE, row, 'BLOCK')])).toBe(
      'Blocked for this device by jane.smith',
    );
    expect(say([rule(ACCOUNT, row, 'BLOCK', fromRequest(8))])).toBe(
      'Blocked for the whole account by a blocked request (#8)',
    );
  });
});

describe('schedule and expiry', () => {
  it("say the winner's schedule and its expiry in the account's time zone", () => {
    const rules = [
      rule(DEVICE, row, 'ALLOW', {
        expires_at: '2026-06-12T16:00:00Z',
        schedule: { windows: [{ day: 1, from_minute: 0, to_minute: 1440 }] },
      }),
      rule(ACCOUNT, row, 'BLOCK'),
    ];
    expect(say(rules)).toBe(
      "Allowed for this device by jane.smith, within its schedule, until 12 June 2026 at 17:00, which beats the account's block because this device's rule is nearer than the account's",
    );
  });

  it('name a stronger rule of the other action that is not in effect now', () => {
    const tuesdays = { schedule: { windows: [{ day: 2, from_minute: 0, to_minute: 1440 }] } };
    const rules = [rule(DEVICE, row, 'ALLOW', tuesdays), rule(ACCOUNT, category('Video streaming'), 'BLOCK')];
    expect(say(rules)).toBe(
      "Blocked for the whole account by jane.smith's rule for the category Video streaming; this device's allow is outside its schedule now",
    );
    expect(say([rule(DEVICE, row, 'BLOCK', { expires_at: '2026-05-01T08:00:00Z' })])).toBe(
      "Allowed because no rule applies and the account allows every site that is not blocked; this device's block expired on 1 May 2026 at 09:00",
    );
  });

  it('leave out an idle rule that would not have won anyway', () => {
    const tuesdays = { schedule: { windows: [{ day: 2, from_minute: 0, to_minute: 1440 }] } };
    const rules = [rule(ACCOUNT, category('Video streaming'), 'ALLOW', tuesdays), rule(DEVICE, row, 'BLOCK')];
    expect(say(rules)).toBe('Blocked for this device by jane.smith');
  });
});

describe('locked categories and the default', () => {
  it('the provider blocks, whatever the rules', () => {
    const malware = target('video.example', { categories: ['Malware'] });
    expect(say([], { t: malware })).toBe('Malware is always blocked by the provider');
    const both = target('video.example', { categories: ['Malware', 'Phishing & fraud'] });
    expect(say([rule(DEVICE, row, 'ALLOW')], { t: both })).toBe(
      "Malware and Phishing & fraud are always blocked by the provider, so this device's allow has no effect",
    );
  });

  it('no rule: the account default', () => {
    expect(say([])).toBe('Allowed because no rule applies and the account allows every site that is not blocked');
    expect(say([], { approvedOnly: true })).toBe(
      'Blocked because no rule allows it and the account allows approved sites only',
    );
  });
});

describe('words for scopes and subjects', () => {
  it('scopes from the page being read', () => {
    expect(scopeText(ACCOUNT, DEVICE)).toBe('the whole account');
    expect(scopeText(DEVICE, DEVICE)).toBe('this device');
    expect(scopeText(DEVICE, USER)).toBe('the device LAB-PC-07');
    expect(scopeText(USER, DEVICE)).toBe('the user katie.adams11');
    expect(scopeText(CONNECTION, DEVICE)).toBe('the connection Main school');
    expect(scopeText({ kind: 'connection', id: 12 }, DEVICE)).toBe('the connection #12');
  });

  it('subjects by name, websites by how they match', () => {
    expect(subjectText(category('Video streaming'))).toBe('the category Video streaming');
    expect(subjectText(website('example.com', 'exact'))).toBe('the website example.com');
    expect(subjectText(website('example.com', 'ends_with'))).toBe('the website example.com and its subdomains');
    expect(subjectText(website('example.com/a', 'starts_with'))).toBe('websites starting with example.com/a');
    expect(subjectText(website('casino', 'includes'))).toBe('websites containing "casino"');
    expect(
      subjectText({ kind: 'website', id: 1, pattern: 'xn--bcher-kva.example', match: 'exact', name: 'bücher.example' }),
    ).toBe('the website bücher.example');
  });
});
