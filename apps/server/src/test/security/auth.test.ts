/**
 * Suite 1, authentication coverage. Every route the app registers (read from its own route table)
 * is either on an explicit public list or answers 401, with the exact body, to a call without a
 * session, with a forged, expired, idle, logged-out or deactivated user's session, and to
 * percent-encoded or otherwise respelled paths.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { API_BASE, MSG, type Role } from '@wayguard/contracts';
import { API_MODULES } from '../../modules/index.js';
import { sessions } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { forgetAllSessions } from '../../domain/sessions/session-cache.js';
import { loadConfig } from '../../config.js';
import { buildApp } from '../../app.js';
import {
  apiRoutes,
  useSecurityApp,
  expectSafeAnswer,
  send,
  sessionOf,
  type RouteInfo,
  type SecurityApp,
  type Session,
} from './context.js';
import { ID_FIELDS, MULTIPART_FIELDS, NON_API_ROUTES, PUBLIC_API_ROUTES, SAMPLES, roleTableOf } from './policy.js';
import { requestOf, sampleOf } from './requests.js';
import type { SampleCtx } from './policy.js';

let t: SecurityApp;
let ctx: SampleCtx;
useSecurityApp((s) => {
  ({ t, ctx } = s);
});

const UNAUTHORIZED = { success: false, error: MSG.unauthorized, error_message: MSG.unauthorized };
/** Console API routes with their HEAD twins (a HEAD of a private GET must be refused too). */
const guarded = () => t.routes.filter((r) => r.api && !r.public);
/** A HEAD twin is called with its GET route's sample. */
const asGet = (r: RouteInfo): RouteInfo =>
  r.method === 'HEAD' ? { ...r, method: 'GET', key: r.key.replace(/^HEAD/, 'GET') } : r;
const call = (r: RouteInfo, session?: Session) =>
  send(t.app, { ...requestOf(asGet(r), sampleOf(asGet(r), ctx), session), method: r.method });

async function expectUnauthorized(label: string, session: () => Promise<Session | undefined>) {
  const seen: string[] = [];
  for (const r of guarded()) {
    const res = await call(r, await session());
    expectSafeAnswer(`${label} ${r.key}`, res, { api: true });
    const body = r.method === 'HEAD' ? UNAUTHORIZED : res.json();
    expect([label, r.key, res.statusCode, body]).toEqual([label, r.key, 401, UNAUTHORIZED]);
    seen.push(r.key);
  }
  expect(seen.length).toBeGreaterThan(20);
}

describe('route inventory', () => {
  it('reads every route from the app, with the console API among them', () => {
    const keys = t.routes.map((r) => r.key);
    for (const k of ['POST /login', 'POST /logout', 'GET /registration_info', 'POST /profile', 'GET /api/health'])
      expect(keys).toContain(k);
    expect(apiRoutes(t.routes).length).toBeGreaterThanOrEqual(30);
    // HEAD twins of GET routes are in the table, so the guard is proven on them as well.
    expect(keys).toContain('HEAD /registration_info');
  });

  it('has a policy for every console API route: public or roles, and a sample call', () => {
    const missing: string[] = [];
    const roleTable = roleTableOf(t.routes);
    for (const r of apiRoutes(t.routes)) {
      if (!SAMPLES[r.key]) missing.push(`${r.key}: no sample in SAMPLES`);
      if (!r.public && r.roles.length === 0) missing.push(`${r.key}: private but declares no roles`);
      if (!r.public && !roleTable[r.key]) missing.push(`${r.key}: private but not in the role table`);
      if (r.public && !PUBLIC_API_ROUTES.has(r.key)) missing.push(`${r.key}: public but not in PUBLIC_API_ROUTES`);
      if (r.public && (roleTable[r.key] || r.roles.length > 0)) missing.push(`${r.key}: public yet declares roles`);
      if (r.multipart && !MULTIPART_FIELDS[r.key]) missing.push(`${r.key}: multipart but not in MULTIPART_FIELDS`);
    }
    expect(missing).toEqual([]);
  });

  it('names no route in its tables that the app does not have', () => {
    const keys = new Set(apiRoutes(t.routes).map((r) => r.key));
    const stale = [
      ...PUBLIC_API_ROUTES,
      ...Object.keys(SAMPLES),
      ...Object.keys(ID_FIELDS),
      ...Object.keys(MULTIPART_FIELDS),
    ].filter((k) => !keys.has(k));
    expect(stale).toEqual([]);
  });

  it('knows why each route outside the console API is there (none slips in unguarded)', () => {
    const unexplained = t.routes
      .filter((r) => !r.api)
      .map((r) => r.key)
      .filter((k) => !NON_API_ROUTES.some((n) => n.pattern.test(k)));
    expect(unexplained).toEqual([]);
    // Nothing but GET/HEAD lives outside the console API, the device-facing API and the provider's review API.
    expect(
      t.routes
        .filter((r) => !r.api && !r.agent && !r.provider && r.method !== 'GET' && r.method !== 'HEAD')
        .map((r) => r.key),
    ).toEqual([]);
  });
});

describe('declared roles', () => {
  const withModule = (module: FastifyPluginAsync) =>
    buildApp({ ...t.config, DEMO_OUTBOX: false }, t.db, { modules: [...API_MODULES, module] });

  it('stops the app at start when a private route declares no roles', async () => {
    const undeclared: FastifyPluginAsync = async (app) => {
      app.get('/undeclared', async () => ({ ok: true }));
    };
    await expect(withModule(undeclared).then((app) => app.ready())).rejects.toThrow(
      /GET \/api\/mobile\/admin\/undeclared is private and declares no roles/,
    );
  });

  it('stops the app at start on an unknown role, and on a public route that declares roles', async () => {
    const unknown: FastifyPluginAsync = async (app) => {
      app.get('/unknown-role', { config: { roles: ['superuser' as Role] } }, async () => ({ ok: true }));
    };
    await expect(withModule(unknown).then((app) => app.ready())).rejects.toThrow(/unknown roles: superuser/);
    const both: FastifyPluginAsync = async (app) => {
      app.get('/both', { config: { public: true, roles: ['console_admin'] } }, async () => ({ ok: true }));
    };
    await expect(withModule(both).then((app) => app.ready())).rejects.toThrow(/is public and declares roles/);
  });
});

describe('public allow-list', () => {
  it('makes exactly the listed routes reachable without a session', async () => {
    const reachable: string[] = [];
    for (const r of apiRoutes(t.routes)) {
      const res = await call(r);
      expectSafeAnswer(r.key, res, { api: true });
      if (res.statusCode !== 401) reachable.push(r.key);
    }
    expect(reachable.sort()).toEqual([...PUBLIC_API_ROUTES].sort());
  });

  it('marks public in the route config exactly the listed routes', () => {
    expect(
      apiRoutes(t.routes)
        .filter((r) => r.public)
        .map((r) => r.key)
        .sort(),
    ).toEqual([...PUBLIC_API_ROUTES].sort());
  });
});

describe('private routes answer 401', () => {
  const admin = () => sessionOf(t, 'admin');
  const setSession = async (s: Session, values: Partial<typeof sessions.$inferInsert>) => {
    await t.db
      .update(sessions)
      .set(values)
      .where(eq(sessions.idHash, sha256(s.cookie)));
    forgetAllSessions(); // a change behind the server's back (domain/sessions/session-cache.ts)
  };

  it('without a session', async () => {
    await expectUnauthorized('none', async () => undefined);
  });

  it('to forged session cookies', async () => {
    const real = await admin();
    const forged = [
      'x'.repeat(43),
      real.cookie.slice(0, -1) + (real.cookie.endsWith('A') ? 'B' : 'A'),
      sha256(real.cookie),
      '',
      `${real.cookie} `,
      real.cookie.toUpperCase(),
    ];
    let i = 0;
    await expectUnauthorized('forged', async () => ({ ...real, cookie: forged[i++ % forged.length]! }));
  });

  it('to a session past its absolute expiry', async () => {
    await expectUnauthorized('expired', async () => {
      const s = await admin();
      await setSession(s, { expiresAt: new Date(Date.now() - 1000) });
      return s;
    });
  });

  it('to a session idle for longer than the idle timeout', async () => {
    await expectUnauthorized('idle', async () => {
      const s = await admin();
      await setSession(s, { lastSeenAt: new Date(Date.now() - (t.config.SESSION_IDLE_MINUTES * 60 + 1) * 1000) });
      return s;
    });
  });

  it('to the cookie of a session that was logged out', async () => {
    await expectUnauthorized('logged out', async () => {
      const s = await admin();
      const out = await send(t.app, { method: 'POST', url: `${API_BASE}/logout`, session: s, body: '{}' });
      expect(out.statusCode).toBe(200);
      return s;
    });
  });

  it('to the session of a user who is deactivated', async () => {
    // formerstaff is deactivated; a session row made for them anyway must not count.
    await expectUnauthorized('deactivated', () => sessionOf(t, 'formerstaff'));
    const left = await t.db.execute(
      sql`SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'formerstaff'`,
    );
    expect(left.rows).toHaveLength(0);
  });

  it('to a live session presented any other way than the cookie', async () => {
    const s = await admin();
    for (const r of guarded().filter((x) => x.method === 'GET')) {
      for (const headers of <Record<string, string>[]>[
        { authorization: `Bearer ${s.cookie}` },
        { 'x-session': s.cookie },
        { cookie: `wg_session_=${s.cookie}; WG_SESSION=${s.cookie}` },
      ]) {
        const res = await send(t.app, { method: 'GET', url: requestOf(r, sampleOf(r, ctx)).url, headers });
        expect([r.key, res.statusCode]).toEqual([r.key, 401]);
      }
    }
  });
});

describe('respelled paths', () => {
  /** Variants of a route's path that a naive prefix check might miss. */
  const variants = (path: string) => {
    const after = path.slice(API_BASE.length + 1);
    const c = after.charCodeAt(0).toString(16);
    return [
      `${API_BASE}/%${c}${after.slice(1)}`,
      path.replace('/admin/', '/%61dmin/'),
      path.replace('/api/', '/%61pi/'),
      `${path}/`,
      `/${path}`,
      path.replace(API_BASE, `${API_BASE}/.`),
      path.replace(API_BASE, `${API_BASE}/x/..`),
      path.toUpperCase(),
      `${path}%00`,
      `${path};x=1`,
    ];
  };

  it('never reach a private route without a session (400, 401, 404 or the web app page, never data)', async () => {
    for (const r of guarded()) {
      const path = requestOf(asGet(r), sampleOf(asGet(r), ctx)).url.split('?')[0]!;
      for (const url of variants(path)) {
        const body = r.method === 'GET' || r.method === 'HEAD' ? undefined : '{}';
        const res = await send(t.app, { method: r.method, url, csrf: 'anonymous', body });
        // The web app's index page (any unknown non-API path) carries no data.
        const spaShell =
          res.statusCode === 200 &&
          String(res.headers['content-type']).startsWith('text/html') &&
          (r.method === 'HEAD' || /^<!doctype html>/i.test(res.body));
        const refused = [400, 401, 404].includes(res.statusCode) || spaShell;
        expect([r.key, url, refused ? 'refused' : res.statusCode]).toEqual([r.key, url, 'refused']);
      }
    }
  });

  it('keep the CSRF check on a percent-encoded path with a session', async () => {
    const s = await sessionOf(t, 'teacher');
    const res = await send(t.app, {
      method: 'POST',
      url: '/api/mobile/%61dmin/profile',
      session: s,
      csrf: null,
      body: '{}',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('routes outside the console API', () => {
  it('serve the demo mail outbox only when DEMO_OUTBOX is on, filtered by recipient', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      query: { to: 'newstaff@northfield.example' },
    });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<{ messages: { to: string; subject: string; text: string }[] }>();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      to: 'newstaff@northfield.example',
      subject: 'Activate your Wayguard Console account',
    });
    expect(messages[0]?.text).toMatch(/\/activate\?token=[A-Za-z0-9]{64}/);

    const off = await buildApp({ ...t.config, DEMO_OUTBOX: false }, t.db);
    try {
      await off.ready();
      const gone = await off.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).not.toContain('token=');
    } finally {
      await off.close();
    }
  });

  it('never turn the demo outbox on in production, where SECRET_KEY is required', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) }).DEMO_OUTBOX).toBe(false);
    // Demo data is refused in production altogether (config.test.ts has the whole matrix).
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32), SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO cannot be on in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32), DEMO_OUTBOX: 'true' })).toThrow(
      /DEMO_OUTBOX cannot be on in production/,
    );
    // On by default for the demo only (embedded database, not production), not with DATABASE_URL.
    expect(loadConfig({ NODE_ENV: 'development', SECRET_KEY: 'k'.repeat(32) }).DEMO_OUTBOX).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'development', SECRET_KEY: 'k'.repeat(32), DATABASE_URL: 'postgres://h/db' }).DEMO_OUTBOX,
    ).toBe(false);
  });
});
