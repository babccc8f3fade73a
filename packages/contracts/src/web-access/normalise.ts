/**
 * Host, path and website-pattern normalisation of web access (docs/design/policy.md 'Matching is strict
 * and documented'; 002 §3 match modes). Hosts are lower-cased, trimmed, stripped of scheme, user,
 * port and trailing dots, and converted to ASCII (IDNA, punycode) by the WHATWG URL parser, which
 * Node and every current browser implement alike (UTS #46, non-transitional: 'faß.de' stays
 * 'xn--fa-hia.de'). An ASCII host is taken as typed, so '192.168' stays a prefix and is not read as
 * an IPv4 address. Paths keep their query, lose their fragment and are lower-cased: matching is
 * case-insensitive over the whole address, so capitals cannot get round a block.
 */
import type { MatchMode } from './rules.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const ASCII_HOST = /^[a-z0-9._-]+$/;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** Splits typed text into its host-and-port part and the rest (path, query, fragment). */
function cut(input: string): { hostport: string; rest: string } {
  const s = input.trim().replace(SCHEME, '').replace(/^\/\//, '');
  const i = s.search(/[/?#\\]/);
  return i < 0 ? { hostport: s, rest: '' } : { hostport: s.slice(0, i), rest: s.slice(i) };
}

/** The host of `user@host:port`. */
function hostOf(hostport: string): string {
  const h = hostport.slice(hostport.lastIndexOf('@') + 1);
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1) || h;
  return h.replace(/:\d*$/, '');
}

const trimDots = (host: string) => host.replace(/\.+$/, '');

/**
 * Lower-case ASCII form of a host or a host fragment, or null when the URL parser refuses it. The
 * '.a' label keeps a last numeric label from being parsed as IPv4 ('bücher.123' is a name).
 */
function toAscii(host: string): string | null {
  const lower = host.toLowerCase();
  if (ASCII_HOST.test(lower)) return lower;
  try {
    if (lower.startsWith('[')) return new URL(`http://${lower}`).hostname;
    const h = new URL(`http://${lower}.a`).hostname;
    return h.endsWith('.a') ? h.slice(0, -2) : null;
  } catch {
    return null;
  }
}

/** A path with its query, as the URL parser encodes it, lower-case; '/' when empty. */
export function normalisePath(rest: string): string {
  const text = rest.trim();
  if (text === '' || text.startsWith('#')) return '/';
  try {
    const u = new URL(`http://a.a${text.startsWith('/') || text.startsWith('?') ? '' : '/'}${text}`);
    return (u.pathname + u.search).toLowerCase();
  } catch {
    return text.toLowerCase();
  }
}

/** A host (or URL, of which the host is kept) in its matching form, or null when nothing is left. */
export function normaliseHost(input: string): string | null {
  const host = toAscii(trimDots(hostOf(cut(input).hostport)));
  return host ? trimDots(host) || null : null;
}

/** A visited address split for matching: the normalised host and the path (never empty, from '/'). */
export function splitUrl(url: string): { host: string; path: string } | null {
  const c = cut(url);
  const host = normaliseHost(c.hostport);
  return host ? { host, path: normalisePath(c.rest) } : null;
}

/** The text that `starts_with` and `includes` are matched against: host then path. */
export const addressText = (host: string, path: string) => host + path;

/** An `includes` fragment: printable ASCII as typed (lower-case); otherwise its host part in IDNA. */
function normaliseFragment(text: string): string | null {
  const s = text.replace(SCHEME, '').toLowerCase();
  if (s === '' || /\s/.test(s)) return null;
  if (PRINTABLE_ASCII.test(s)) return s;
  const i = s.indexOf('/');
  const head = i < 0 ? s : s.slice(0, i);
  const rest = i < 0 ? '' : s.slice(i);
  const asciiHead = head === '' ? '' : toAscii(head);
  if (asciiHead === null) return null;
  return asciiHead + (rest === '' ? '' : normalisePath(rest));
}

/**
 * A website rule's pattern in the form it is stored and matched in, or null when nothing is left:
 * - `exact`: host, and a path only when one other than '/' is given (no path: any page of the host);
 * - `ends_with`: a host; '*.' and leading dots are dropped ('*.example.com' is 'example.com');
 * - `starts_with`: host and optional path; a trailing dot is kept when no path follows ('www.');
 * - `includes`: any fragment of host and path.
 * The pattern of an `ends_with` rule must hold no path: rules.ts refuses it.
 */
export function normaliseWebsitePattern(pattern: string, match: MatchMode): string | null {
  if (match === 'includes') return normaliseFragment(pattern.trim());
  const c = cut(pattern);
  let hostText = hostOf(c.hostport);
  if (match === 'ends_with') hostText = hostText.replace(/^(\*?\.)+/, '');
  const keepDot = match === 'starts_with' && c.rest === '';
  const host = toAscii(keepDot ? hostText : trimDots(hostText));
  if (!host) return null;
  if (c.rest === '') return host;
  const path = normalisePath(c.rest);
  return match === 'exact' && path === '/' ? host : host + path;
}

/** The host and the path ('' when none) of a stored pattern. */
export function splitPattern(pattern: string): { host: string; path: string } {
  const i = pattern.indexOf('/');
  return i < 0 ? { host: pattern, path: '' } : { host: pattern.slice(0, i), path: pattern.slice(i) };
}
