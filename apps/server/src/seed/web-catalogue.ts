/**
 * Real hosts for the demo and the benchmarks (issue 10 'Catalogue data'; docs/design/policy.md 'Data that
 * makes it real'), from the npm package third-party-web (MIT, pinned): its entities (a company's
 * product with its domains and one category) and its domain map (about 125,000 hosts seen on the web,
 * each with its entity's category or 'unknown'). Their categories are mapped to ours
 * (THIRD_PARTY_CATEGORY_MAP); the hand-written well-known sites are in web-known-sites.ts.
 *
 * websiteRows turns sites into rows of the `websites` table, as an administrator adding them would
 * store them (the pattern normalised by contracts, host and path split from it, '/' for a bare host).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { normaliseWebsitePattern, UNCATEGORISED_CATEGORY_ID, type MatchMode } from '@wayguard/contracts';
import { patternAddress } from '../domain/web-access/rule-rows.js';
import type { websites } from '../db/schema/index.js';
import type { CatalogueSite } from './web-known-sites.js';

export { KNOWN_SITES, type CatalogueSite } from './web-known-sites.js';

/**
 * third-party-web's categories → ours. Tag managers load trackers, so they are tracking; marketing
 * tools (pop-ups, lead capture, ad targeting) count as advertising. Utility, content, customer
 * success (help desks), consent managers, 'other' and 'unknown' have no good match: Uncategorised.
 */
export const THIRD_PARTY_CATEGORY_MAP: Readonly<Record<string, number>> = {
  ad: 86,
  marketing: 86,
  analytics: 87,
  'tag-manager': 87,
  cdn: 88,
  hosting: 88,
  social: 40,
  video: 51,
};

export function mapThirdPartyCategory(category: string | undefined): number {
  return (category !== undefined && THIRD_PARTY_CATEGORY_MAP[category]) || UNCATEGORISED_CATEGORY_ID;
}

type Entity = { name: string; category?: string; domains: string[] };

const requireHere = createRequire(import.meta.url);
const packageFile = (name: string) => readFileSync(requireHere.resolve(`third-party-web/dist/${name}`), 'utf8');

/**
 * A host of the package as we store it, or null: '*.' prefixes stripped to the base domain,
 * lower-cased, and only when it is a bare host that is its own `ends_with` pattern (normaliseWebsitePattern
 * leaves it as is).
 */
export function catalogueHost(domain: string): string | null {
  const host = domain
    .trim()
    .toLowerCase()
    .replace(/^(\*\.)+/, '');
  return host !== '' && !/[*/]/.test(host) && normaliseWebsitePattern(host, 'ends_with') === host ? host : null;
}

/**
 * Every host of the package with our category id, without duplicates (the first occurrence wins):
 * the entities' domains in the package's order (best-known first), then the domain map's hosts in
 * file order. The same list on every call for the pinned version.
 */
export function hostsFrom(entities: readonly Entity[], domainMapCsv: string): CatalogueSite[] {
  const out: CatalogueSite[] = [];
  const seen = new Set<string>();
  const add = (domain: string, category: string | undefined) => {
    const host = catalogueHost(domain);
    if (host === null || seen.has(host)) return;
    seen.add(host);
    out.push({ host, categoryId: mapThirdPartyCategory(category) });
  };
  for (const e of entities) for (const d of e.domains) add(d, e.category);
  // host,entity domain pattern,category
  for (const line of domainMapCsv.split('\n')) {
    const [host, , category] = line.split(',');
    if (host) add(host, category?.trim());
  }
  return out;
}

let cached: readonly CatalogueSite[] | null = null;

/** The real hosts of third-party-web (about 125,000), each mapped to one of our categories. */
export function catalogueHosts(): { host: string; categoryId: number }[] {
  cached ??= hostsFrom(JSON.parse(packageFile('entities-nostats.json')) as Entity[], packageFile('domain-map.csv'));
  return cached.map((s) => ({ host: s.host, categoryId: s.categoryId }));
}

export type WebsiteInsert = typeof websites.$inferInsert;

/**
 * Insert rows of the `websites` table for `sites` (kind 'website'): pattern = the normalised address
 * for its match mode (default `ends_with`), host and path split from it, name = the address as
 * shown, url = https:// and the address. Sites that normalise to nothing, `ends_with` ones with a
 * path, and repeats of a (match mode, pattern) already given (the table's unique key) are skipped.
 */
export function websiteRows(accountId: number, sites: readonly CatalogueSite[]): WebsiteInsert[] {
  const rows: WebsiteInsert[] = [];
  const seen = new Set<string>();
  for (const site of sites) {
    const match: MatchMode = site.match ?? 'ends_with';
    const pattern = normaliseWebsitePattern(site.host, match);
    if (pattern === null || (match === 'ends_with' && pattern.includes('/'))) continue;
    const key = `${match} ${pattern}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { host, path } = patternAddress(pattern);
    rows.push({
      accountId,
      kind: 'website',
      name: pattern,
      url: `https://${host}${path === '/' ? '' : path}`,
      pattern,
      matchMode: match,
      host,
      path,
      categoryId: site.categoryId,
    });
  }
  return rows;
}
