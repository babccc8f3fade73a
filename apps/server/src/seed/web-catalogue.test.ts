/**
 * The catalogue data (seed/web-catalogue.ts, web-known-sites.ts): third-party-web's categories mapped to
 * ours, its hosts stripped of wildcards, lower-cased, deduplicated and valid as `ends_with` patterns,
 * the hand-written sites across every category, and the `websites` rows made from them.
 */
import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  categoryById,
  LOCKED_CATEGORY_IDS,
  normaliseWebsitePattern,
  UNCATEGORISED_CATEGORY_ID,
  websitePatternInput,
} from '@wayguard/contracts';
import {
  catalogueHost,
  catalogueHosts,
  hostsFrom,
  KNOWN_SITES,
  mapThirdPartyCategory,
  THIRD_PARTY_CATEGORY_MAP,
  websiteRows,
} from './web-catalogue.js';

const id = (key: string) => CATEGORIES.find((c) => c.key === key)!.id;

describe('third-party-web categories', () => {
  it('map to ours, and anything without a good match to Uncategorised', () => {
    expect(mapThirdPartyCategory('ad')).toBe(id('advertising'));
    expect(mapThirdPartyCategory('analytics')).toBe(id('tracking_analytics'));
    expect(mapThirdPartyCategory('tag-manager')).toBe(id('tracking_analytics'));
    expect(mapThirdPartyCategory('cdn')).toBe(id('cdns_hosting'));
    expect(mapThirdPartyCategory('hosting')).toBe(id('cdns_hosting'));
    expect(mapThirdPartyCategory('social')).toBe(id('social_networks'));
    expect(mapThirdPartyCategory('video')).toBe(id('video_streaming'));
    for (const other of ['utility', 'content', 'customer-success', 'consent-provider', 'other', 'unknown', undefined])
      expect(mapThirdPartyCategory(other), String(other)).toBe(UNCATEGORISED_CATEGORY_ID);
    for (const v of Object.values(THIRD_PARTY_CATEGORY_MAP)) expect(categoryById(v)).toBeDefined();
  });
});

describe('catalogueHost', () => {
  it('strips wildcard prefixes, lower-cases, and refuses what is not a host', () => {
    expect(catalogueHost('*.doubleclick.net')).toBe('doubleclick.net');
    expect(catalogueHost('*.*.Example.COM')).toBe('example.com');
    expect(catalogueHost(' Fonts.GoogleAPIs.com ')).toBe('fonts.googleapis.com');
    expect(catalogueHost('a_b.wix.run')).toBe('a_b.wix.run');
    expect(catalogueHost('*.')).toBeNull();
    expect(catalogueHost('')).toBeNull();
    expect(catalogueHost('cdn.*.example.com')).toBeNull();
    expect(catalogueHost('example.com/path')).toBeNull();
    expect(catalogueHost('bad host.com')).toBeNull();
  });
});

describe('hostsFrom', () => {
  it('takes entities first, then the domain map, the first occurrence of a host winning', () => {
    const sites = hostsFrom(
      [
        { name: 'Ads', category: 'ad', domains: ['*.ads.example', 'Track.Example'] },
        { name: 'Social', category: 'social', domains: ['*.ads.example', 'friends.example'] },
      ],
      'www.ads.example,*.ads.example,ad\nads.example,*.ads.example,ad\nnew.example,new.example,unknown\nfriends.example,x,cdn\n',
    );
    expect(sites).toEqual([
      { host: 'ads.example', categoryId: id('advertising') },
      { host: 'track.example', categoryId: id('advertising') },
      { host: 'friends.example', categoryId: id('social_networks') },
      { host: 'www.ads.example', categoryId: id('advertising') },
      { host: 'new.example', categoryId: UNCATEGORISED_CATEGORY_ID },
    ]);
  });
});

describe('catalogueHosts', () => {
  const hosts = catalogueHosts();

  it('gives over 100,000 distinct real hosts, enough for the benchmark', () => {
    expect(hosts.length).toBeGreaterThan(100_000);
    expect(new Set(hosts.map((h) => h.host)).size).toBe(hosts.length);
  });

  it('gives hosts that are their own ends_with pattern, in a catalogue category', () => {
    const ids = new Set(CATEGORIES.map((c) => c.id));
    const bad = hosts.filter(
      (h) =>
        h.host.includes('*') ||
        h.host !== h.host.toLowerCase() ||
        normaliseWebsitePattern(h.host, 'ends_with') !== h.host ||
        !ids.has(h.categoryId) ||
        LOCKED_CATEGORY_IDS.has(h.categoryId),
    );
    expect(bad).toEqual([]);
  });

  it('keeps the package order and maps the well-known entities', () => {
    expect(hosts[0]).toEqual({ host: 'adservice.google.com', categoryId: id('advertising') });
    const of = new Map(hosts.map((h) => [h.host, h.categoryId]));
    expect(of.get('doubleclick.net')).toBe(id('advertising'));
    expect(of.get('facebook.com')).toBe(id('social_networks'));
    expect(of.get('google-analytics.com')).toBe(id('tracking_analytics'));
    expect(of.get('ajax.googleapis.com')).toBe(id('cdns_hosting'));
    // Some of every mapped category, and many unknown ones.
    const counts = new Map<number, number>();
    for (const h of hosts) counts.set(h.categoryId, (counts.get(h.categoryId) ?? 0) + 1);
    for (const v of new Set(Object.values(THIRD_PARTY_CATEGORY_MAP))) expect(counts.get(v) ?? 0).toBeGreaterThan(50);
    expect(counts.get(UNCATEGORISED_CATEGORY_ID)).toBeGreaterThan(90_000);
  });

  it('is the same list on every call, and a copy', () => {
    const again = catalogueHosts();
    expect(again).toEqual(hosts);
    again[0]!.host = 'changed.example';
    expect(catalogueHosts()[0]!.host).toBe('adservice.google.com');
  });
});

describe('KNOWN_SITES', () => {
  it('cover every category of the catalogue, and name the required well-known sites', () => {
    const covered = new Set(KNOWN_SITES.map((s) => s.categoryId));
    expect(CATEGORIES.filter((c) => !covered.has(c.id)).map((c) => c.key)).toEqual([]);
    const of = new Map(KNOWN_SITES.map((s) => [s.host, s.categoryId]));
    expect(of.get('wikipedia.org')).toBe(id('reference'));
    expect(of.get('www.bbc.co.uk/bitesize')).toBe(id('education'));
    expect(of.get('khanacademy.org')).toBe(id('education'));
    expect(of.get('scratch.mit.edu')).toBe(id('educational_games'));
    expect(of.get('coolmathgames.com')).toBe(id('games'));
    expect(of.get('roblox.com')).toBe(id('games'));
    expect(of.get('youtube.com')).toBe(id('video_streaming'));
    expect(of.get('tiktok.com')).toBe(id('social_networks'));
    expect(of.get('discord.com')).toBe(id('chat'));
    expect(of.get('gmail.com')).toBe(id('webmail'));
    expect(of.get('pokerstars.com')).toBe(id('gambling'));
    expect(of.get('nordvpn.com')).toBe(id('vpn_services'));
    expect(of.get('bit.ly')).toBe(id('url_shorteners'));
  });

  it('use only fictional reserved names for malware, phishing, explicit and hateful sites', () => {
    const fictional = new Set([...LOCKED_CATEGORY_IDS, id('pornography'), id('nudity'), id('violence_hate')]);
    const real = KNOWN_SITES.filter((s) => fictional.has(s.categoryId) && !/\.(example|test)$/.test(s.host));
    expect(real).toEqual([]);
    expect(KNOWN_SITES.filter((s) => LOCKED_CATEGORY_IDS.has(s.categoryId)).length).toBeGreaterThanOrEqual(3);
  });

  it('use every match mode except includes, and are stored as typed', () => {
    const modes = new Set(KNOWN_SITES.map((s) => s.match));
    expect([...modes].sort()).toEqual(['ends_with', 'exact', 'starts_with']);
    const changed = KNOWN_SITES.filter((s) => normaliseWebsitePattern(s.host, s.match!) !== s.host);
    expect(changed).toEqual([]);
    expect(websiteRows(1, KNOWN_SITES)).toHaveLength(KNOWN_SITES.length);
  });
});

describe('websiteRows', () => {
  it('stores the normalised pattern, its host and path, the address as the name and an https url', () => {
    const rows = websiteRows(7, [
      { host: 'Wikipedia.org', categoryId: id('reference') },
      { host: 'https://www.BBC.co.uk/Bitesize', categoryId: id('education'), match: 'starts_with' },
      { host: 'translate.google.com', categoryId: id('translation'), match: 'exact' },
    ]);
    expect(rows).toEqual([
      {
        accountId: 7,
        kind: 'website',
        name: 'wikipedia.org',
        url: 'https://wikipedia.org',
        pattern: 'wikipedia.org',
        matchMode: 'ends_with',
        host: 'wikipedia.org',
        path: '/',
        categoryId: id('reference'),
      },
      {
        accountId: 7,
        kind: 'website',
        name: 'www.bbc.co.uk/bitesize',
        url: 'https://www.bbc.co.uk/bitesize',
        pattern: 'www.bbc.co.uk/bitesize',
        matchMode: 'starts_with',
        host: 'www.bbc.co.uk',
        path: '/bitesize',
        categoryId: id('education'),
      },
      expect.objectContaining({ pattern: 'translate.google.com', matchMode: 'exact', path: '/' }),
    ]);
  });

  it('skips repeats of a (match mode, pattern), nothing-left patterns and ends_with paths', () => {
    const rows = websiteRows(1, [
      { host: 'example.com', categoryId: 90 },
      { host: '*.EXAMPLE.com', categoryId: 86 },
      { host: 'example.com', categoryId: 90, match: 'exact' },
      { host: '   ', categoryId: 90 },
      { host: 'example.org/path', categoryId: 90 },
    ]);
    expect(rows.map((r) => [r.matchMode, r.pattern, r.categoryId])).toEqual([
      ['ends_with', 'example.com', 90],
      ['exact', 'example.com', 90],
    ]);
  });

  it('makes rows an administrator could have typed, for the catalogue as well', () => {
    const rows = websiteRows(1, [...KNOWN_SITES, ...catalogueHosts().slice(0, 5_000)]);
    expect(rows.length).toBeGreaterThan(5_000);
    const refused = rows.filter((r) => {
      const parsed = websitePatternInput.safeParse({ pattern: r.name, match: r.matchMode });
      return (
        !parsed.success ||
        parsed.data.pattern !== r.pattern ||
        (r.path === '/' ? r.host : r.host + r.path) !== r.pattern
      );
    });
    expect(refused).toEqual([]);
  });
});
