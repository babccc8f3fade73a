import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_GROUPS,
  LOCKED_CATEGORY_IDS,
  UNCATEGORISED_CATEGORY_ID,
  categoryById,
  categoryGroups,
} from './categories.js';

describe('the category catalogue (docs/design/policy.md)', () => {
  it('has about 50 categories with unique ids and keys, each with a one-line description', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(45);
    expect(CATEGORIES.length).toBeLessThanOrEqual(60);
    expect(new Set(CATEGORIES.map((c) => c.id)).size).toBe(CATEGORIES.length);
    expect(new Set(CATEGORIES.map((c) => c.key)).size).toBe(CATEGORIES.length);
    expect(new Set(CATEGORIES.map((c) => c.name)).size).toBe(CATEGORIES.length);
    for (const c of CATEGORIES) {
      expect(c.key).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(c.description).toMatch(/^[A-Z].{10,100}\.$/);
      expect(c.description).not.toContain('\n');
    }
  });

  it('holds the nine groups of policy.md, each used', () => {
    expect(CATEGORY_GROUPS.map((g) => g.title)).toEqual([
      'Security',
      'Filter avoidance',
      'Adult content',
      'Potentially liable',
      'Communication & social',
      'Entertainment',
      'Education & reference',
      'Business & technology',
      'Uncategorised',
    ]);
    for (const g of CATEGORY_GROUPS) expect(CATEGORIES.some((c) => c.group === g.key)).toBe(true);
  });

  it('names every category policy.md lists, in its group', () => {
    const listed: Record<string, string[]> = {
      security: ['Malware', 'Phishing & fraud', 'Cryptojacking'],
      filter_avoidance: ['Proxies & anonymisers', 'VPN services', 'DNS-over-HTTPS', 'Remote control', 'URL shorteners'],
      potentially_liable: [
        'Gambling',
        'Drugs',
        'Alcohol & tobacco',
        'Weapons',
        'Violence & hate',
        'Hacking',
        'Piracy',
        'Academic dishonesty',
      ],
      communication_social: ['Social networks', 'Chat', 'Webmail', 'Forums', 'Blogs'],
      entertainment: ['Games', 'Video streaming', 'Music & radio', 'Sports', 'Shopping'],
      education_reference: [
        'Education',
        'Educational games',
        'Reference',
        'Translation',
        "Kids' sites",
        'News',
        'Government',
        'Jobs',
      ],
      business_technology: [
        'Banking',
        'Finance',
        'Cryptocurrency',
        'File sharing',
        'Software downloads',
        'Updates',
        'Advertising',
        'Tracking & analytics',
        'CDNs & hosting',
      ],
    };
    for (const [group, names] of Object.entries(listed))
      for (const n of names) expect(CATEGORIES.find((c) => c.name === n)?.group, n).toBe(group);
  });

  it('locks exactly Malware, Phishing & fraud and Cryptojacking', () => {
    const locked = CATEGORIES.filter((c) => c.locked).map((c) => c.name);
    expect(locked).toEqual(['Malware', 'Phishing & fraud', 'Cryptojacking']);
    expect([...LOCKED_CATEGORY_IDS].sort()).toEqual(
      CATEGORIES.filter((c) => c.locked)
        .map((c) => c.id)
        .sort(),
    );
  });

  it('finds a category by id, and has an Uncategorised category', () => {
    expect(categoryById(51)?.name).toBe('Video streaming');
    expect(categoryById(9999)).toBeUndefined();
    expect(categoryById(UNCATEGORISED_CATEGORY_ID)?.group).toBe('uncategorised');
  });

  it('groups for the categories page: groups and categories alphabetically (002 §2.3)', () => {
    const groups = categoryGroups();
    const titles = groups.map((g) => g.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
    expect(titles[0]).toBe('Adult content');
    for (const g of groups) {
      const names = g.categories.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    }
    expect(groups.flatMap((g) => g.categories)).toHaveLength(CATEGORIES.length);
  });

  it('drops the groups a search leaves empty', () => {
    const found = categoryGroups(CATEGORIES.filter((c) => c.name.toLowerCase().includes('game')));
    expect(found.map((g) => g.title)).toEqual(['Education & reference', 'Entertainment']);
  });
});
