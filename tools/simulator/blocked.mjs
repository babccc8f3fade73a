// What a simulated device's users run into (docs/design/agent-api.md "The simulator"): the addresses its
// current policy blocks, read from the policy document it received (GET /policy), never from a list of
// its own. An address qualifies when a BLOCK rule names it (a website, a website group's member, a
// media item) or a blocked category holds it (the policy's `categorised` websites), and no ALLOW rule
// could cover it, no provider-locked category holds it (nobody may ask for those) and no schedule or
// expiry makes it vary: the simulator only shows a block page, and asks, where the device blocks for
// certain. The pattern match is the server's own (contracts websiteMatches).
import { splitPattern, splitUrl, websiteMatches } from '@wayguard/contracts';

/** An address of a stored website pattern that the pattern covers, or null (an `includes` fragment, a bare 'www.'). */
function addressOf(pattern, match) {
  if (match === 'includes') return null;
  const { host, path } = splitPattern(pattern);
  if (!host || host.endsWith('.') || host.startsWith('.')) return null;
  return `https://${host}${path || '/'}`;
}

/** Whether a website pattern covers the address. */
const covers = (pattern, match, url) => {
  const at = splitUrl(url);
  return at !== null && websiteMatches(pattern, match, at.host, at.path);
};

/**
 * The addresses the device's compiled web access blocks for certain, each with what it is
 * (`website` or `media`), sorted and without repeats. @param {import('./blocked.d.mts').PolicyWebAccess | null | undefined} web
 * @returns {{ kind: 'website' | 'media', url: string }[]}
 */
export function blockedAddresses(web) {
  if (!web) return [];
  const steady = (r) => r.schedule === null && r.expires_at === null;
  const blocks = web.rules.filter((r) => r.action === 'BLOCK' && steady(r));
  const allows = web.rules.filter((r) => r.action === 'ALLOW');
  const categoriesOf = (url) =>
    web.categorised.filter((c) => covers(c.pattern, c.match, url)).map((c) => c.category_id);
  const allowedCategories = new Set(allows.filter((r) => r.subject.kind === 'category').map((r) => r.subject.id));
  const locked = new Set(web.locked_categories);
  const allowedSomehow = (url, kind) =>
    allows.some((r) => {
      const s = r.subject;
      if (s.kind === 'website') return covers(s.pattern, s.match, url);
      if (s.kind === 'website_group') return s.members.some((m) => covers(m.pattern, m.match, url));
      if (s.kind === 'media') return kind === 'media' && `https://${s.pattern}` === url;
      return false;
    }) || categoriesOf(url).some((c) => allowedCategories.has(c) || locked.has(c));

  const found = [];
  const blockedCategories = new Set();
  for (const r of blocks) {
    const s = r.subject;
    if (s.kind === 'website') found.push({ kind: 'website', url: addressOf(s.pattern, s.match) });
    else if (s.kind === 'website_group')
      for (const m of s.members) found.push({ kind: 'website', url: addressOf(m.pattern, m.match) });
    else if (s.kind === 'media') found.push({ kind: 'media', url: `https://${s.pattern}` });
    else blockedCategories.add(s.id);
  }
  for (const c of web.categorised)
    if (blockedCategories.has(c.category_id)) found.push({ kind: 'website', url: addressOf(c.pattern, c.match) });
  const seen = new Set();
  return found
    .filter((a) => a.url !== null && !seen.has(a.url) && seen.add(a.url) && !allowedSomehow(a.url, a.kind))
    .sort((a, b) => a.url.localeCompare(b.url));
}
