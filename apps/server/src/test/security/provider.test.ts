/**
 * The provider's review team API (/api/provider/v1, issue 11) read from the app's own route table:
 * every route declares who may call it (only sign-in is public); every other route refuses without a
 * review team session (none, a made-up cookie, a console session, a device secret) and, on POST, without
 * the session's CSRF token; a review team session opens nothing on the console API or the device API;
 * a route without its declaration stops the app at start. Bad input is fuzz.test.ts's (it covers these
 * routes too, with a review team session).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { AGENT_BASE, PROVIDER_BASE, PROVIDER_MSG } from '@wayguard/contracts';
import { buildApp } from '../../app.js';
import {
  MUTATING,
  apiRoutes,
  deviceOf,
  expectSafeAnswer,
  providerSessionOf,
  send,
  sessionOf,
  useSecurityApp,
  type RouteInfo,
  type SecurityApp,
} from './context.js';
import { requestOf, sampleOf } from './requests.js';
import { PROVIDER_SAMPLES, type SampleCtx } from './policy.js';
import { SESSION_COOKIE } from '../../domain/sessions/sessions.js';
import { totpCode } from '../../lib/totp.js';
import { DEMO_PROVIDER_STAFF } from '../../seed/provider-staff.js';

let t: SecurityApp;
let ctx: SampleCtx;
useSecurityApp((s) => {
  ({ t, ctx } = s);
});

const providerRoutes = () => t.routes.filter((r) => r.url.startsWith(`${PROVIDER_BASE}/`) && r.method !== 'HEAD');
const staffRoutes = () => providerRoutes().filter((r) => r.provider === 'staff');
/** The route's sample call (PROVIDER_SAMPLES), as `o` says. */
const call = (
  r: RouteInfo,
  o: {
    provider?: { cookie: string; csrf: string };
    consoleSession?: { cookie: string; csrf: string };
    secret?: string;
    csrf?: string | null;
  } = {},
) => {
  const make = PROVIDER_SAMPLES[r.key];
  if (!make) throw new Error(`no sample for ${r.key}: add one to PROVIDER_SAMPLES in test/security/policy.ts`);
  const req = requestOf(r, make(ctx));
  return send(t.app, {
    ...req,
    session: o.consoleSession,
    providerSession: o.provider,
    csrf: o.csrf,
    headers: o.secret ? { authorization: `Bearer ${o.secret}` } : {},
  });
};

describe("the provider's review team API", () => {
  it('has its routes, each declaring staff or public; only sign-in is public', () => {
    expect(
      providerRoutes()
        .map((r) => r.key)
        .sort(),
    ).toEqual(Object.keys(PROVIDER_SAMPLES).sort());
    for (const r of providerRoutes()) {
      expect([r.key, r.provider]).toEqual([r.key, expect.stringMatching(/^(staff|public)$/)]);
      expect([r.key, r.api, r.agent, r.public, r.roles]).toEqual([r.key, false, undefined, false, []]);
    }
    expect(
      providerRoutes()
        .filter((r) => r.provider === 'public')
        .map((r) => r.key),
    ).toEqual([`POST ${PROVIDER_BASE}/login`]);
  });

  it('refuses every staff route without a review team session (none, made up, a console session, a device secret), with the security headers', async () => {
    const admin = await sessionOf(t, 'admin');
    const device = await deviceOf(t, 'admin');
    for (const r of staffRoutes()) {
      for (const o of [
        {},
        { provider: { cookie: 'A'.repeat(43), csrf: 'A'.repeat(43) } },
        { consoleSession: admin },
        // The console session's cookie value sent as a provider cookie.
        { provider: { cookie: admin.cookie, csrf: admin.csrf } },
        { secret: device.secret },
      ]) {
        const res = await call(r, o);
        expectSafeAnswer(r.key, res, { api: true });
        expect([r.key, Object.keys(o), res.statusCode, res.json()]).toEqual([
          r.key,
          Object.keys(o),
          401,
          expect.objectContaining({ success: false, error: PROVIDER_MSG.unauthorized }),
        ]);
      }
    }
  });

  it('refuses every mutating staff route without the session’s CSRF token (none, empty, another session’s)', async () => {
    const staff = await providerSessionOf(t);
    const other = await providerSessionOf(t);
    for (const r of staffRoutes().filter((x) => MUTATING.includes(x.method))) {
      for (const csrf of [null, '', other.csrf]) {
        const res = await call(r, { provider: staff, csrf });
        expectSafeAnswer(r.key, res, { api: true });
        expect([r.key, csrf, res.statusCode]).toEqual([r.key, csrf, 403]);
      }
    }
    // Sign-in is public but still needs the header (a custom header cannot be sent cross-site).
    const login = providerRoutes().find((r) => r.provider === 'public')!;
    expect((await call(login, { csrf: null })).statusCode).toBe(403);
    // The session was left alone by the refusals.
    const session = staffRoutes().find((r) => r.key === `GET ${PROVIDER_BASE}/session`)!;
    expect((await call(session, { provider: staff })).statusCode).toBe(200);
  });

  it('a review team session opens no console API route and no device API route', async () => {
    const staff = await providerSessionOf(t);
    for (const r of apiRoutes(t.routes).filter((x) => !x.public)) {
      const res = await send(t.app, { ...requestOf(r, sampleOf(r, ctx)), providerSession: staff });
      expect([r.key, res.statusCode]).toEqual([
        r.key,
        r.method === 'GET' || r.method === 'HEAD' ? 401 : expect.any(Number),
      ]);
      expect([r.key, res.statusCode < 300]).toEqual([r.key, false]);
    }
    // Its cookie value as the console's cookie is no console session either.
    const registration = await send(t.app, {
      method: 'GET',
      url: '/api/mobile/admin/registration_info',
      headers: { cookie: `${SESSION_COOKIE}=${staff.cookie}` },
    });
    expect(registration.statusCode).toBe(401);
    for (const r of t.routes.filter((x) => x.agent === 'device' && x.method !== 'HEAD')) {
      const res = await send(t.app, {
        method: r.method,
        url: r.url,
        ...(r.method === 'GET' ? {} : { body: '{}' }),
        providerSession: staff,
      });
      expect([r.key, res.statusCode]).toEqual([r.key, 401]);
    }
    expect(t.routes.some((r) => r.url.startsWith(`${AGENT_BASE}/`))).toBe(true);
  });

  it('sets its cookie httpOnly, SameSite=Strict, on /api/provider only, and Secure when the public URL is https', async () => {
    const login = async (app: typeof t.app) => {
      // A code is taken once: the member's last accepted step is forgotten before each sign-in.
      await t.db.execute(sql`UPDATE provider_staff SET totp_last_counter = NULL WHERE username = 'provider'`);
      return send(app, {
        method: 'POST',
        url: `${PROVIDER_BASE}/login`,
        body: JSON.stringify({
          username: DEMO_PROVIDER_STAFF.username,
          password: DEMO_PROVIDER_STAFF.password,
          code: totpCode(DEMO_PROVIDER_STAFF.totpSecret),
        }),
      });
    };
    const plain = (await login(t.app)).cookies.find((c) => c.name === 'wg_provider');
    expect(plain).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/provider' });
    expect(plain?.secure).toBeFalsy();
    const tls = await buildApp({ ...t.config, PUBLIC_URL: 'https://console.example' }, t.db);
    try {
      await tls.ready();
      const secure = (await login(tls)).cookies.find((c) => c.name === 'wg_provider');
      expect(secure).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/api/provider' });
    } finally {
      await tls.close();
    }
  });

  it('stops the app at start when a provider route declares no caller, or console declarations', async () => {
    for (const [config, message] of [
      [{}, /\/api\/provider\/v1\/undeclared declares no config.provider/],
      [{ provider: 'staff', roles: ['console_admin'] }, /console or device declarations on a provider route/],
    ] as const) {
      const undeclared: FastifyPluginAsync = async (app) => {
        app.register(
          async (provider) => {
            provider.post('/undeclared', { config }, async () => ({ ok: true }));
          },
          { prefix: PROVIDER_BASE },
        );
      };
      const app = await buildApp({ ...t.config, DEMO_OUTBOX: false }, t.db);
      const start = async () => {
        await app.register(undeclared);
        await app.ready();
      };
      await expect(start()).rejects.toThrow(message);
      await app.close().catch(() => undefined);
    }
  });
});
