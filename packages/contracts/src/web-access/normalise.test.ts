import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseHost, normalisePath, normaliseWebsitePattern, splitUrl } from './normalise.js';
import { MATCH_MODES } from './rules.js';

describe('host normalisation', () => {
  it('lower-cases, trims and strips scheme, user, port, path and trailing dots', () => {
    expect(normaliseHost('  WWW.Example.COM  ')).toBe('www.example.com');
    expect(normaliseHost('https://user:pw@Example.com:8443/a/b?c#d')).toBe('example.com');
    expect(normaliseHost('example.com.')).toBe('example.com');
    expect(normaliseHost('//example.com/x')).toBe('example.com');
    expect(normaliseHost('[::1]:80')).toBe('[::1]');
  });

  it('converts international names to ASCII (IDNA), whatever their case', () => {
    expect(normaliseHost('BÜCHER.example')).toBe('xn--bcher-kva.example');
    expect(normaliseHost('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normaliseHost('XN--BCHER-KVA.EXAMPLE')).toBe('xn--bcher-kva.example');
    expect(normaliseHost('Ｅｘａｍｐｌｅ.com')).toBe('example.com');
    expect(normaliseHost('faß.de')).toBe('xn--fa-hia.de');
    expect(normaliseHost('bücher.123')).toBe('xn--bcher-kva.123');
  });

  it('keeps ASCII as typed: a partial address is not read as an IPv4 address', () => {
    expect(normaliseHost('192.168')).toBe('192.168');
    expect(normaliseHost('10.0.0.1')).toBe('10.0.0.1');
  });

  it('returns null when nothing is left or the host cannot be one', () => {
    for (const bad of ['', '   ', 'https://', '...', 'http:///path', 'ex ample.com', 'exa<mple.cöm'])
      expect(normaliseHost(bad), bad).toBeNull();
  });
});

describe('URL splitting', () => {
  it('gives the host and the path with its query, lower-case, without the fragment', () => {
    expect(splitUrl('https://WWW.Example.com/Games/Play?Level=2#top')).toEqual({
      host: 'www.example.com',
      path: '/games/play?level=2',
    });
    expect(splitUrl('example.com')).toEqual({ host: 'example.com', path: '/' });
    expect(splitUrl('http://bücher.example/ä')).toEqual({ host: 'xn--bcher-kva.example', path: '/%c3%a4' });
    expect(splitUrl('nothing here')).toBeNull();
  });

  it('normalises paths as the URL parser does', () => {
    expect(normalisePath('')).toBe('/');
    expect(normalisePath('/a/../B')).toBe('/b');
    expect(normalisePath('?Q=1')).toBe('/?q=1');
  });
});

describe('website patterns', () => {
  it('exact: host, with a path only when it is more than "/"', () => {
    expect(normaliseWebsitePattern('https://Example.com/', 'exact')).toBe('example.com');
    expect(normaliseWebsitePattern('example.com/Games', 'exact')).toBe('example.com/games');
  });

  it('ends_with: drops "*." and leading dots; keeps a path for the schema to refuse', () => {
    expect(normaliseWebsitePattern('*.Example.com', 'ends_with')).toBe('example.com');
    expect(normaliseWebsitePattern('.example.com.', 'ends_with')).toBe('example.com');
    expect(normaliseWebsitePattern('example.com/x', 'ends_with')).toBe('example.com/x');
  });

  it('starts_with: host and path; a trailing dot stays when no path follows', () => {
    expect(normaliseWebsitePattern('WWW.', 'starts_with')).toBe('www.');
    expect(normaliseWebsitePattern('http://example.com./Docs', 'starts_with')).toBe('example.com/docs');
    expect(normaliseWebsitePattern('example.com/', 'starts_with')).toBe('example.com/');
  });

  it('includes: any fragment, lower-case; international host parts in IDNA', () => {
    expect(normaliseWebsitePattern(' Casino ', 'includes')).toBe('casino');
    expect(normaliseWebsitePattern('http://Example.com/A', 'includes')).toBe('example.com/a');
    expect(normaliseWebsitePattern('BÜCHER', 'includes')).toBe('xn--bcher-kva');
    expect(normaliseWebsitePattern('/Ä', 'includes')).toBe('/%c3%a4');
  });

  it('returns null when nothing is left', () => {
    for (const m of MATCH_MODES) {
      expect(normaliseWebsitePattern('   ', m)).toBeNull();
      expect(normaliseWebsitePattern('https://', m)).toBeNull();
    }
    expect(normaliseWebsitePattern('*.', 'ends_with')).toBeNull();
    expect(normaliseWebsitePattern('two words', 'includes')).toBeNull();
  });

  it('is idempotent: a stored pattern normalises to itself', () => {
    const text = fc.oneof(
      fc.constantFrom('Example.com', 'BÜCHER.example/Ä', '*.a.b', 'www.', 'a.b/?Q=1', 'http://x.y:80/p/', '192.168'),
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    fc.assert(
      fc.property(text, fc.constantFrom(...MATCH_MODES), (t, m) => {
        const once = normaliseWebsitePattern(t, m);
        if (once !== null) expect(normaliseWebsitePattern(once, m)).toBe(once);
      }),
      { numRuns: 200 },
    );
    // The first property run pays for warming up fast-check and the URL parser: seconds on a loaded CI machine.
  }, 30_000);
});
