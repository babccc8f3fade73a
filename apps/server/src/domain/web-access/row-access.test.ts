/** A list row's access fields at a viewed scope (002 §3 'Web access item'), from the one resolver. */
import { describe, expect, it } from 'vitest';
import type { RuleScope, RuleSubject, WebAccessRule } from '@wayguard/contracts';
import { rowAccess } from './row-access.js';
import type { Target } from './resolver.js';
import {
  ACCOUNT,
  CHAIN,
  CONNECTION,
  DEVICE,
  USER,
  category,
  categoryId,
  input,
  rule,
  target,
  website,
} from '../../test/web-access-fixtures.js';

const site = website('video.example', 'exact');
const videoSite = target('https://video.example/', { categories: ['Video streaming'] });

function fields(
  rules: WebAccessRule[],
  opts: { chain?: readonly RuleScope[]; subject?: RuleSubject; t?: Target } = {},
) {
  const r = rowAccess({
    ...input(opts.t ?? videoSite, rules, { chain: opts.chain ?? CHAIN }),
    subject: opts.subject ?? site,
  });
  const { effective: _, ...rest } = r;
  return rest;
}

describe('row access', () => {
  it('no rule anywhere: INHERIT, the default inherited and explained', () => {
    expect(fields([])).toEqual({
      allow: false,
      block: false,
      allow_inherited: true,
      block_inherited: false,
      explain_allow: 'Allowed because no rule applies and the account allows every site that is not blocked',
      explain_block: '',
      access: 'INHERIT',
    });
  });

  it('a rule stored at the viewed scope sets allow / block; the inherited pair is the chain above', () => {
    const rules = [rule(ACCOUNT, category('Video streaming'), 'BLOCK'), rule(DEVICE, site, 'ALLOW')];
    expect(fields(rules)).toMatchObject({
      allow: true,
      block: false,
      allow_inherited: false,
      block_inherited: true,
      explain_block: '',
      access: 'ALLOW',
    });
    expect(fields(rules).explain_allow).toMatch(
      /^Allowed for this device by jane\.smith, which beats the account's block/,
    );
  });

  it("a rule at S for another subject is not the row's own rule, but it counts for the decision", () => {
    const rules = [rule(DEVICE, category('Video streaming'), 'BLOCK')];
    expect(fields(rules)).toMatchObject({ allow: false, block: false, allow_inherited: true, access: 'INHERIT' });
    expect(fields(rules).explain_block).toBe(
      "Blocked for this device by jane.smith's rule for the category Video streaming",
    );
  });

  it('a rule below the viewed scope is not inherited', () => {
    const chain = [ACCOUNT, CONNECTION, USER];
    const rules = [rule(DEVICE, site, 'BLOCK'), rule(USER, site, 'ALLOW')];
    expect(fields(rules, { chain })).toMatchObject({ allow: true, allow_inherited: true, block_inherited: false });
  });

  it('on the account page the inherited value is the default', () => {
    const rules = [rule(ACCOUNT, site, 'BLOCK')];
    expect(fields(rules, { chain: [ACCOUNT] })).toMatchObject({
      block: true,
      allow_inherited: true,
      block_inherited: false,
    });
    const approvedOnly = rowAccess({
      ...input(videoSite, rules, { chain: [ACCOUNT], defaultMode: 'approved_sites_only' }),
      subject: site,
    });
    expect(approvedOnly).toMatchObject({ block_inherited: true, allow_inherited: false });
  });

  it('an own rule outside its schedule still shows, and the sentence says why it does not apply now', () => {
    const tuesdays = { schedule: { windows: [{ day: 2, from_minute: 0, to_minute: 1440 }] } };
    const rules = [rule(ACCOUNT, site, 'BLOCK'), rule(DEVICE, site, 'ALLOW', tuesdays)];
    expect(fields(rules)).toMatchObject({
      allow: true,
      block_inherited: true,
      explain_allow: '',
      explain_block: "Blocked for the whole account by jane.smith; this device's allow is outside its schedule now",
    });
  });

  it('a category row: the category alone, with its own rule and what is above', () => {
    const games = category('Games');
    const row = { host: null, path: '/', categories: [categoryId('Games')], mediaId: null, groups: [] };
    const rules = [rule(CONNECTION, games, 'BLOCK'), rule(ACCOUNT, website('games', 'includes'), 'ALLOW')];
    expect(fields(rules, { subject: games, t: row })).toMatchObject({
      allow: false,
      block: false,
      block_inherited: true,
      explain_block: 'Blocked for the connection Main school by jane.smith',
    });
  });

  it('a locked category row is blocked and says so', () => {
    const malware = category('Malware');
    const row = { host: null, path: '/', categories: [categoryId('Malware')], mediaId: null, groups: [] };
    expect(fields([], { subject: malware, t: row })).toMatchObject({
      block_inherited: true,
      explain_allow: '',
      explain_block: 'Malware is always blocked by the provider',
    });
  });
});
