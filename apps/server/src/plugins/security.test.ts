import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_BASE, CSRF_HEADER, MSG } from '@wayguard/contracts';
import { call, createTestApp, login, nextIp, type Session, type TestApp } from '../test/harness.js';
import { buildApp } from '../app.js';
import { createDb } from '../db/client.js';
import { loadConfig } from '../config.js';

let t: TestApp;
let admin: Session;
let teacher: Session;
let routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin', 'DemoAdmin2026!');
  teacher = await login(t.app, 'teacher', 'DemoTeacher2026!');
  // Every console API route, from the OpenAPI document (so new routes are covered without editing this file).
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths)
    .filter(([p]) => p.startsWith(API_BASE))
    .flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => ({
        method: m.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
        path: p.slice(API_BASE.length).replace(/\{[^}]+\}/g, '1'),
      })),
    );
});
afterAll(async () => t.close());

/** The routes reachable without a session (000 §2.1: sign-in, activation, reset password, Contact Us). */
const PUBLIC = new Set([
  'POST /login',
  'GET /recaptcha_token',
  'GET /check_activation_token',
  'POST /activation',
  'POST /reset_password',
  'GET /contact',
]);
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const isPrivate = (r: { method: string; path: string }) => !PUBLIC.has(key(r));
const isMutating = (r: { method: string }) => r.method !== 'GET';
const unauthorized = { success: false, error: MSG.unauthorized, error_message: MSG.unauthorized };
const csrfRefused = { success: false, error: MSG.csrfMissing, error_message: MSG.csrfMissing };

describe('route inventory', () => {
  it('finds the console API routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const r of ['POST /login', 'POST /logout', 'GET /registration_info', 'POST /profile', 'POST /change_password'])
      expect(routes.map(key)).toContain(r);
  });

  it('makes public exactly the sign-in, activation, reset and contact routes', async () => {
    const reachable: string[] = [];
    for (const r of routes) {
      const res = await call(t.app, r.method, r.path, { csrf: 'anonymous' });
      if (res.statusCode !== 401) reachable.push(key(r));
    }
    expect(reachable.sort()).toEqual([...PUBLIC].sort());
  });
});

describe('private routes', () => {
  it('answer 401 without a session', async () => {
    for (const r of routes.filter(isPrivate)) {
      const res = await call(t.app, r.method, r.path, { csrf: 'anonymous' });
      expect([key(r), res.statusCode, res.json()]).toEqual([key(r), 401, unauthorized]);
    }
  });

  it('answer 401 to a forged session cookie', async () => {
    for (const r of routes.filter(isPrivate)) {
      const res = await call(t.app, r.method, r.path, { session: { cookie: 'x'.repeat(43), csrf: admin.csrf } });
      expect([key(r), res.statusCode]).toEqual([key(r), 401]);
    }
  });

  it('answer 401 to the cookie of a session that was logged out', async () => {
    const u = await login(t.app, 'reviewer', 'DemoReview2026!');
    expect((await call(t.app, 'POST', '/logout', { session: u })).statusCode).toBe(200);
    for (const r of routes.filter(isPrivate)) {
      const res = await call(t.app, r.method, r.path, { session: u });
      expect([key(r), res.statusCode]).toEqual([key(r), 401]);
    }
  });

  it('cannot be reached around the guard with a percent-encoded path', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/mobile/%61dmin/registration_info',
      remoteAddress: nextIp(),
    });
    expect(get.statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/mobile/%61dmin/profile',
      remoteAddress: nextIp(),
      cookies: { wg_session: teacher.cookie },
      payload: {},
    });
    expect(post.statusCode).toBe(403);
  });
});

describe('CSRF', () => {
  it('refuses every private mutating route with no token, an empty token, or another session’s token', async () => {
    for (const r of routes.filter((x) => isMutating(x) && isPrivate(x))) {
      for (const csrf of [null, '', teacher.csrf]) {
        const res = await call(t.app, r.method, r.path, { session: admin, csrf });
        expect([key(r), csrf, res.statusCode, res.json()]).toEqual([key(r), csrf, 403, csrfRefused]);
      }
    }
    // None of that ended or changed the session.
    expect((await call(t.app, 'GET', '/registration_info', { session: admin })).statusCode).toBe(200);
  });

  it('refuses every public mutating route without the header, with or without a session', async () => {
    for (const r of routes.filter((x) => isMutating(x) && !isPrivate(x))) {
      for (const session of [undefined, admin]) {
        for (const csrf of [null, '']) {
          const res = await call(t.app, r.method, r.path, { session, csrf });
          expect([key(r), res.statusCode, res.json()]).toEqual([key(r), 403, csrfRefused]);
        }
      }
    }
  });

  it('does not apply a refused change', async () => {
    const before = (await call(t.app, 'GET', '/profile', { session: teacher })).body;
    const res = await call(t.app, 'POST', '/profile', {
      session: teacher,
      csrf: admin.csrf,
      payload: {
        email_address: 'evil@example.com',
        first_name: 'Evil',
        last_name: 'Person',
        time_zone: 'Europe/London',
      },
    });
    expect(res.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/profile', { session: teacher })).body).toBe(before);
  });
});

describe('security headers', () => {
  const check = (res: LightMyRequestResponse) => {
    const csp = String(res.headers['content-security-policy'] ?? '');
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  };

  it('are sent on API answers, successful or not, which are never cached', async () => {
    for (const res of [
      await call(t.app, 'GET', '/registration_info', { session: admin }),
      await call(t.app, 'GET', '/registration_info'),
      await call(t.app, 'POST', '/login', { payload: {} }),
      await call(t.app, 'GET', '/no_such_route', { session: admin }),
    ]) {
      check(res);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('are sent outside the API too', async () => {
    check(await t.app.inject({ method: 'GET', url: '/api/health' }));
    check(await t.app.inject({ method: 'GET', url: '/some/page' }));
  });

  it('include HSTS only when the console is served over HTTPS', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const tls = await buildApp({ ...t.config, PUBLIC_URL: 'https://console.example', DEMO_OUTBOX: false }, t.db);
    try {
      await tls.ready();
      expect((await tls.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await tls.close();
    }
  });
});

describe('errors', () => {
  let faulty: FastifyInstance;
  beforeAll(async () => {
    faulty = await buildApp(t.config, t.db);
    faulty.get(`${API_BASE}/test_throw`, { config: { public: true } }, async () => {
      throw new Error('secret internals at /srv/app/src/secret.ts:12');
    });
    faulty.get(`${API_BASE}/test_sql`, async () => {
      await t.db.execute(sql`SELECT password_hash FROM no_such_table`);
      return {};
    });
    await faulty.ready();
  });
  afterAll(async () => faulty.close());

  it('answer an unexpected fault with the generic 500 body and no internals', async () => {
    const generic = { success: false, error: MSG.somethingWrong, error_message: MSG.somethingWrong };
    const thrown = await faulty.inject({ method: 'GET', url: `${API_BASE}/test_throw` });
    expect(thrown.statusCode).toBe(500);
    expect(thrown.json()).toEqual(generic);
    const failedSql = await faulty.inject({
      method: 'GET',
      url: `${API_BASE}/test_sql`,
      cookies: { wg_session: admin.cookie },
    });
    expect(failedSql.statusCode).toBe(500);
    expect(failedSql.json()).toEqual(generic);
    for (const body of [thrown.body, failedSql.body]) {
      expect(body).not.toMatch(/stack|secret|no_such_table|password_hash|\.ts:/);
    }
  });

  it('answer 503 with Retry-After when the database is down, without internals', async () => {
    const down = createDb('postgres://nobody:nothing@127.0.0.1:1/none');
    const app = await buildApp(t.config, down.db);
    try {
      await app.ready();
      const res = await app.inject({
        method: 'GET',
        url: `${API_BASE}/registration_info`,
        cookies: { wg_session: admin.cookie },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ success: false, error: 'Service temporarily unavailable' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await down.pool.end();
    }
  });

  it('answer bad input with 4xx, never 500', async () => {
    const post = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: `${API_BASE}/profile`,
        remoteAddress: nextIp(),
        cookies: { wg_session: teacher.cookie },
        headers: { [CSRF_HEADER]: teacher.csrf, 'content-type': type },
        payload,
      });
    expect((await post('{"first_name":')).statusCode).toBe(400);
    expect((await post('[]')).statusCode).toBe(400);
    expect((await post('null')).statusCode).toBe(400);
    expect((await post('{"first_name": 5}')).statusCode).toBe(400);
    expect((await post('first_name=x', 'text/plain')).statusCode).toBe(415);
    const big = await post(JSON.stringify({ first_name: 'x'.repeat(1_100_000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false });
    const unknown = await call(t.app, 'GET', '/no_such_route', { session: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Not found', error_message: 'Not found' });
  });
});

describe('tenant isolation', () => {
  it('shows the Northfield admin nothing of Riverside on any GET route', async () => {
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const res = await call(t.app, 'GET', r.path, { session: admin });
      expect(res.statusCode).toBeLessThan(500);
      expect([key(r), res.body.includes('RIVERSIDE-MARKER')]).toEqual([key(r), false]);
    }
  });
});

describe('demo mail outbox', () => {
  it('is readable at /api/dev/outbox when DEMO_OUTBOX is on, filtered by recipient', async () => {
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
  });

  it('is off by default in production, where SECRET_KEY is required', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) }).DEMO_OUTBOX).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).DEMO_OUTBOX).toBe(true);
  });

  it('does not exist when DEMO_OUTBOX is off', async () => {
    const app = await buildApp({ ...t.config, DEMO_OUTBOX: false }, t.db);
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('token=');
    } finally {
      await app.close();
    }
  });
});
