/**
 * What a simulated device's users run into (tools/simulator/blocked.mjs): only addresses its policy
 * blocks for certain, read from the policy document; never one an ALLOW rule could cover, a locked
 * category holds, or a schedule or expiry decides.
 */
import { describe, expect, it } from 'vitest';
import type { AgentWebAccessPolicy, AgentWebAccessRule } from '@wayguard/contracts';
import { blockedAddresses } from '../../../../tools/simulator/blocked.mjs';

let id = 0;
const rule = (
  action: 'ALLOW' | 'BLOCK',
  subject: AgentWebAccessRule['subject'],
  more: Partial<AgentWebAccessRule> = {},
) =>
  ({
    id: ++id,
    level: 0,
    scope: 'account',
    action,
    subject,
    schedule: null,
    expires_at: null,
    ...more,
  }) as AgentWebAccessRule;

const policy = (rules: AgentWebAccessRule[], more: Partial<AgentWebAccessPolicy> = {}): AgentWebAccessPolicy => ({
  default: 'ALLOW',
  time_zone: 'Europe/London',
  locked_categories: [99],
  rules,
  categorised: [
    { pattern: 'instagram.com', match: 'ends_with', category_id: 7 },
    { pattern: 'tiktok.com', match: 'ends_with', category_id: 7 },
    { pattern: 'badsite.example', match: 'ends_with', category_id: 99 },
  ],
  website_requests: true,
  media_requests: true,
  disallowed_social: [],
  ...more,
});

describe('blockedAddresses', () => {
  it('lists blocked websites, group members, media and the sites of blocked categories', () => {
    const got = blockedAddresses(
      policy([
        rule('BLOCK', { kind: 'category', id: 7 }),
        rule('BLOCK', { kind: 'website', id: 1, pattern: 'twitch.tv', match: 'ends_with' }),
        rule('BLOCK', {
          kind: 'website_group',
          id: 2,
          members: [{ pattern: 'roblox.com/games', match: 'starts_with' }],
        }),
        rule('BLOCK', { kind: 'media', id: 3, pattern: 'www.youtube.com/watch?v=abc' }),
      ]),
    );
    expect(got).toEqual([
      { kind: 'website', url: 'https://instagram.com/' },
      { kind: 'website', url: 'https://roblox.com/games' },
      { kind: 'website', url: 'https://tiktok.com/' },
      { kind: 'website', url: 'https://twitch.tv/' },
      { kind: 'media', url: 'https://www.youtube.com/watch?v=abc' },
    ]);
  });

  it('leaves out what an ALLOW rule could cover, locked categories, and scheduled or expiring blocks', () => {
    const got = blockedAddresses(
      policy([
        rule('BLOCK', { kind: 'category', id: 7 }),
        rule(
          'ALLOW',
          { kind: 'website', id: 4, pattern: 'instagram.com', match: 'exact' },
          { level: 2, scope: 'device' },
        ),
        rule('BLOCK', { kind: 'category', id: 99 }),
        rule(
          'BLOCK',
          { kind: 'website', id: 5, pattern: 'twitch.tv', match: 'ends_with' },
          { expires_at: '2030-01-01T00:00:00Z' },
        ),
        rule('BLOCK', { kind: 'website', id: 6, pattern: 'reddit.com', match: 'ends_with' }),
        rule('ALLOW', { kind: 'website_group', id: 7, members: [{ pattern: 'reddit', match: 'includes' }] }),
        rule('BLOCK', { kind: 'website', id: 8, pattern: 'chat', match: 'includes' }),
      ]),
    );
    expect(got).toEqual([{ kind: 'website', url: 'https://tiktok.com/' }]);
  });

  it('finds nothing without a policy or without blocks', () => {
    expect(blockedAddresses(null)).toEqual([]);
    expect(blockedAddresses(policy([rule('ALLOW', { kind: 'category', id: 7 })]))).toEqual([]);
  });
});
