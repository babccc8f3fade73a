/**
 * TRUST_PROXY (config.ts): which proxies in front of the server may set X-Forwarded-For/-Proto/-Host.
 * - unset, `false` or `0`: none (request.ip is the socket's peer);
 * - a hop count `N`: the N nearest hops are proxies, so request.ip is the N-th address from the RIGHT of
 *   X-Forwarded-For, never the client-written left-most one. `true` means 1 (it used to trust every hop,
 * which let any client choose its address by writing X-Forwarded-For: docs/decisions/sign-in.md
 * "Proxies, cookies and the request log (issue 25)");
 * - a comma-separated list of proxy addresses or CIDRs (and proxy-addr's names loopback, linklocal,
 *   uniquelocal): only those are trusted, the safest form.
 * Fastify (5.12) takes a number as "trust nothing", so a hop count becomes a function here (app.ts).
 */
import { isIP } from 'node:net';

export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (family === 4 && isIP(prefix) === 4) return true; // a netmask, 255.255.255.0
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The configured value; throws a readable message on anything else. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 32) throw new Error('a hop count is at most 32');
    return hops;
  }
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !validAddressOrRange(e));
  if (bad.length > 0)
    throw new Error(`not a hop count nor a list of addresses/CIDRs (${bad.map((b) => `"${b}"`).join(', ')})`);
  return entries;
}

/** Fastify's `trustProxy` option for a configured value. */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}
