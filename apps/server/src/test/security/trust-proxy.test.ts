/**
 * TRUST_PROXY (issue 25, lib/trust-proxy.ts): behind a proxy, the client address is what the trusted
 * hops say, never what the client writes. A client that puts a new address at the left of
 * X-Forwarded-For on every attempt still meets the per-address sign-in limit; `true` means one hop.
 * The session cookie is Secure over forwarded HTTPS, and whenever PUBLIC_URL is https (as the provider's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_BASE, CSRF_HEADER, MSG } from '@wayguard/contracts';
import { buildApp } from '../../app.js';
import { createTestApp, nextIp, type TestApp } from '../harness.js';
import { DEMO_USERS } from '../demo.js';
import type { Config } from '../../config.js';
import { parseTrustProxy } from '../../lib/trust-proxy.js';

const LIMIT = 3;
let t: TestApp;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_PER_MINUTE: String(LIMIT) });
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await t.close();
});

async function appWith(over: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ ...t.config, ...over }, t.db);
  await app.ready();
  apps.push(app);
  return app;
}

let forged = 0;
/** A failed sign-in from `client` through the proxy at `proxy`, with a new forged address on the left. */
const attempt = (app: FastifyInstance, proxy: string, client: string) =>
  app.inject({
    method: 'POST',
    url: `${API_BASE}/login`,
    remoteAddress: proxy,
    headers: { [CSRF_HEADER]: 'anonymous', 'x-forwarded-for': `198.51.100.${++forged % 250}, ${client}` },
    payload: { username: 'nobody-at-all', password: 'x' },
  });

/** Statuses of LIMIT + 1 attempts of one client, each with another forged left-most address. */
async function statuses(app: FastifyInstance, proxy: string, client: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i <= LIMIT; i++) out.push((await attempt(app, proxy, client)).statusCode);
  return out;
}

const LIMITED = [...Array<number>(LIMIT).fill(200), 429];

describe('TRUST_PROXY', () => {
  it('a hop count (1): the proxy-appended address counts, a forged left-most one does not', async () => {
    const app = await appWith({ TRUST_PROXY: 1 });
    expect(await statuses(app, nextIp(), '203.0.113.1')).toEqual(LIMITED);
    // Another client behind the same proxy has its own window.
    expect((await attempt(app, nextIp(), '203.0.113.2')).statusCode).toBe(200);
  });

  it('`true` is one hop, never every hop', async () => {
    const app = await appWith({ TRUST_PROXY: parseTrustProxy('true') });
    expect(await statuses(app, nextIp(), '203.0.113.3')).toEqual(LIMITED);
  });

  it("an address list: the listed proxy's word counts; anyone else's X-Forwarded-For is ignored", async () => {
    const proxy = nextIp();
    const app = await appWith({ TRUST_PROXY: parseTrustProxy(proxy) });
    expect(await statuses(app, proxy, '203.0.113.4')).toEqual(LIMITED);
    // A direct client (not the proxy) rotating X-Forwarded-For is counted by its own socket address.
    expect(await statuses(app, nextIp(), '203.0.113.5')).toEqual(LIMITED);
    const limited = await attempt(app, proxy, '203.0.113.4');
    expect(limited.json()).toMatchObject({ error: MSG.tooManyRequests });
  });

  it('off: X-Forwarded-For is ignored altogether', async () => {
    const app = await appWith({ TRUST_PROXY: false });
    const direct = nextIp();
    const out: number[] = [];
    for (let i = 0; i <= LIMIT; i++) out.push((await attempt(app, direct, `203.0.113.${10 + i}`)).statusCode);
    expect(out).toEqual(LIMITED);
  });
});

describe('the session cookie behind a proxy', () => {
  const signIn = (app: FastifyInstance, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      remoteAddress: nextIp(),
      headers: { [CSRF_HEADER]: 'anonymous', ...headers },
      payload: { username: 'reviewer', password: DEMO_USERS.reviewer.password },
    });
  const secure = (res: Awaited<ReturnType<typeof signIn>>) =>
    res.cookies.find((c) => c.name === 'wg_session')?.secure === true;

  it('is Secure when PUBLIC_URL is https, even if the proxy is not trusted to say the request was', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://console.example', TRUST_PROXY: false });
    expect(secure(await signIn(app))).toBe(true);
  });

  it('with an http PUBLIC_URL, follows the forwarded protocol of a trusted proxy only', async () => {
    const trusted = await appWith({ TRUST_PROXY: 1 });
    expect(secure(await signIn(trusted, { 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(secure(await signIn(trusted))).toBe(false);
    const untrusted = await appWith({ TRUST_PROXY: false });
    expect(secure(await signIn(untrusted, { 'x-forwarded-proto': 'https' }))).toBe(false);
  });
});
