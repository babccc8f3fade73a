/**
 * The demo's media items (seed/demo-media.ts): every media type, the accordion's empty states (no
 * preview, no description, no referrer), and thumbnails that are inline SVG pictures, never remote.
 */
import { describe, expect, it } from 'vitest';
import { categoryById, MEDIA_TYPE_GROUPS, normaliseWebsitePattern } from '@wayguard/contracts';
import { mediaRows, mediaThumbnail, NORTHFIELD_MEDIA, RIVERSIDE_MEDIA } from './demo-media.js';

const rows = mediaRows(3, NORTHFIELD_MEDIA);
const svgOf = (url: string) => Buffer.from(url.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');

describe('demo media', () => {
  it('has about 40 items for Northfield over every media type, and a few for Riverside', () => {
    expect(rows.length).toBeGreaterThanOrEqual(38);
    expect(rows.length).toBeLessThanOrEqual(45);
    const types = new Set(rows.map((r) => r.mediaType));
    const keys: string[] = MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => t.key));
    for (const k of keys) expect(types.has(k), k).toBe(true);
    expect(mediaRows(4, RIVERSIDE_MEDIA).length).toBeGreaterThanOrEqual(3);
  });

  it('shows every empty state of the accordion somewhere', () => {
    expect(rows.filter((r) => r.thumbnail === null).length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.description === '').length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.referer === null).length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.thumbnail && r.description && r.referer).length).toBeGreaterThan(3);
  });

  it('stores each item as its exact address: host and path of its url, distinct per account', () => {
    for (const [list, accountId] of [
      [NORTHFIELD_MEDIA, 1],
      [RIVERSIDE_MEDIA, 2],
    ] as const) {
      const made = mediaRows(accountId, list);
      expect(new Set(made.map((r) => r.pattern)).size).toBe(made.length);
      for (const r of made) {
        expect(r, r.url).toMatchObject({ accountId, kind: 'media', matchMode: 'exact', name: r.title });
        expect(r.host + r.path).toBe(r.pattern);
        expect(normaliseWebsitePattern(r.url, 'exact')).toBe(r.pattern);
        expect(categoryById(r.categoryId!)).toBeDefined();
      }
    }
  });

  it('makes thumbnails as inline SVG data: URLs that load nothing remote (CSP img-src self data: blob:)', () => {
    const withPictures = rows.filter((r) => r.thumbnail !== null);
    for (const r of withPictures) {
      expect(r.thumbnail).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
      const svg = svgOf(r.thumbnail!);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href|<script|<image/i);
    }
    expect(mediaThumbnail('A', 'video', 'a.example')).toBe(mediaThumbnail('A', 'video', 'a.example'));
  });

  it('escapes what it writes into the picture', () => {
    const svg = svgOf(mediaThumbnail('t', 'group', '<b>&"x\''));
    expect(svg).toContain('&lt;b&gt;&amp;&quot;x&apos;');
    expect(svg).not.toContain('<b>');
  });
});
