/** Matching of each subject kind and match mode, and subject specificity (docs/design/policy.md step 2). */
import { describe, expect, it } from 'vitest';
import { normaliseWebsitePattern, splitUrl, type MatchMode, type RuleSubject } from '@wayguard/contracts';
import { compareSpecificity, specificity, subjectMatches, websiteMatches } from './match.js';
import { category, categoryId, group, media, target, website } from '../../test/web-access-fixtures.js';

function matches(pattern: string, mode: MatchMode, url: string): boolean {
  const p = normaliseWebsitePattern(pattern, mode);
  const u = splitUrl(url);
  if (!p || !u) throw new Error('bad fixture');
  return websiteMatches(p, mode, u.host, u.path);
}

describe('ends_with', () => {
  it('matches the host and its subdomains on label boundaries only', () => {
    expect(matches('example.com', 'ends_with', 'http://example.com/')).toBe(true);
    expect(matches('example.com', 'ends_with', 'https://www.example.com/x')).toBe(true);
    expect(matches('example.com', 'ends_with', 'a.b.example.com')).toBe(true);
    expect(matches('example.com', 'ends_with', 'badexample.com')).toBe(false);
    expect(matches('example.com', 'ends_with', 'example.com.evil.org')).toBe(false);
    expect(matches('example.com', 'ends_with', 'example.co')).toBe(false);
    expect(matches('*.example.com', 'ends_with', 'www.example.com')).toBe(true);
  });
});

describe('starts_with', () => {
  it('matches the start of host + path', () => {
    expect(matches('example.com/games', 'starts_with', 'example.com/games')).toBe(true);
    expect(matches('example.com/games', 'starts_with', 'http://example.com/games/chess?x=1')).toBe(true);
    expect(matches('example.com/games', 'starts_with', 'example.com/news')).toBe(false);
    expect(matches('example.com/games', 'starts_with', 'www.example.com/games')).toBe(false);
    expect(matches('mail.', 'starts_with', 'mail.example.org/inbox')).toBe(true);
    expect(matches('mail.', 'starts_with', 'mailbox.example.org')).toBe(false);
  });
});

describe('includes', () => {
  it('matches anywhere in host + path', () => {
    expect(matches('casino', 'includes', 'bestcasino.example')).toBe(true);
    expect(matches('casino', 'includes', 'example.com/casino-games')).toBe(true);
    expect(matches('casino', 'includes', 'example.com/cards')).toBe(false);
    expect(matches('com/cas', 'includes', 'example.com/casino')).toBe(true);
  });
});

describe('exact', () => {
  it('matches the same host on any page; with a path, that page only; never a subdomain', () => {
    expect(matches('example.com', 'exact', 'example.com/anything')).toBe(true);
    expect(matches('example.com', 'exact', 'www.example.com')).toBe(false);
    expect(matches('example.com/games', 'exact', 'example.com/games')).toBe(true);
    expect(matches('example.com/games', 'exact', 'example.com/games/chess')).toBe(false);
    expect(matches('example.com/', 'exact', 'example.com/news')).toBe(true);
  });
});

describe('case and IDNA', () => {
  it('matches whatever the case and whether the name is typed in Unicode or in punycode', () => {
    expect(matches('BÜCHER.example', 'exact', 'http://xn--bcher-kva.EXAMPLE/x')).toBe(true);
    expect(matches('xn--bcher-kva.example', 'exact', 'https://Bücher.Example/')).toBe(true);
    expect(matches('bücher.example', 'ends_with', 'WWW.BÜCHER.EXAMPLE')).toBe(true);
    expect(matches('Example.COM/Games', 'starts_with', 'EXAMPLE.com/GAMES/1')).toBe(true);
    expect(matches('CASINO', 'includes', 'example.com/Casino')).toBe(true);
  });
});

describe('other subjects', () => {
  const t = target('https://video.example/watch?v=1', { categories: ['Video streaming'], mediaId: 42, groups: [7] });
  const m = (s: RuleSubject) => subjectMatches(s, t, t.categories);
  it('match the categories, media item and groups the caller gives', () => {
    expect(m(category('Video streaming'))).toBe(true);
    expect(m(category('Games'))).toBe(false);
    expect(m(media(42))).toBe(true);
    expect(m(media(43))).toBe(false);
    expect(m(group(7))).toBe(true);
    expect(m(group(8))).toBe(false);
  });

  it('a website rule never matches a target without a host (a category row)', () => {
    const row = { host: null, path: '/', categories: [categoryId('Games')], mediaId: null, groups: [] };
    expect(subjectMatches(website('casino', 'includes'), row, row.categories)).toBe(false);
    expect(subjectMatches(category('Games'), row, row.categories)).toBe(true);
  });
});

describe('specificity', () => {
  it('orders media > exact > starts_with / ends_with > includes > group > category', () => {
    const order = [
      media(1),
      website('example.com', 'exact'),
      website('example.com', 'ends_with'),
      website('example.com', 'includes'),
      group(1),
      category('Games'),
    ].map(specificity);
    for (let i = 1; i < order.length; i++) expect(compareSpecificity(order[i - 1]!, order[i]!)).toBeGreaterThan(0);
  });

  it('puts a longer pattern first within a tier; starts_with and ends_with share one', () => {
    const s = (p: string, m: MatchMode) => specificity(website(p, m));
    expect(compareSpecificity(s('www.example.com', 'ends_with'), s('example.com', 'starts_with'))).toBeGreaterThan(0);
    expect(
      compareSpecificity(s('example.com/games', 'starts_with'), s('www.example.com', 'ends_with')),
    ).toBeGreaterThan(0);
    expect(compareSpecificity(s('example.com', 'starts_with'), s('example.com', 'ends_with'))).toBe(0);
    expect(compareSpecificity(s('casinos', 'includes'), s('casino', 'includes'))).toBeGreaterThan(0);
    expect(compareSpecificity(s('example.com/a', 'exact'), s('example.com', 'exact'))).toBeGreaterThan(0);
    expect(compareSpecificity(s('a.b', 'exact'), s('a-much-longer-host.example', 'starts_with'))).toBeGreaterThan(0);
  });
});
