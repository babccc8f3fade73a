/**
 * Whether a website pattern covers an address (docs/design/policy.md 'Matching is strict and documented'):
 * the one definition, used by the server's resolver (domain/web-access/match.ts) and by the device
 * simulator reading its policy. Pattern and address are both in normalised form (normalise.ts):
 * - `exact`: the same host; with a path, the same path and query too;
 * - `ends_with`: the host or a subdomain of it, on label boundaries (example.com covers
 *   www.example.com and example.com, never badexample.com);
 * - `starts_with` and `includes`: the text host + path starts with / contains the pattern.
 */
import { addressText, splitPattern } from './normalise.js';
import type { MatchMode } from './rules.js';

export function websiteMatches(pattern: string, match: MatchMode, host: string, path: string): boolean {
  switch (match) {
    case 'exact': {
      const p = splitPattern(pattern);
      return p.host === host && (p.path === '' || p.path === path);
    }
    case 'ends_with':
      return host === pattern || host.endsWith(`.${pattern}`);
    case 'starts_with':
      return addressText(host, path).startsWith(pattern);
    case 'includes':
      return addressText(host, path).includes(pattern);
  }
}
