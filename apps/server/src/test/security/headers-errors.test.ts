/**
 * Security headers on every answer of every route (CSP without unsafe-inline scripts, nosniff,
 * frame-ancestors, referrer policy; HSTS when served over TLS), and error answers without internals:
 * the generic 500, 503 with Retry-After when the database is down or the server is draining.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ANY_ROLE, API_BASE, CSRF_HEADER, MSG } from '@wayguard/contracts';
import { buildApp } from '../../app.js';
import { createDb } from '../../db/client.js';
import {
  apiRoutes,
  useSecurityApp,
  expectSafeAnswer,
  send,
  sessionOf,
  type SecurityApp,
  type Session,
} from './context.js';
import { requestOf, sampleOf } from './requests.js';
import type { SampleCtx } from './policy.js';

let t: SecurityApp;
let admin: Session;
let ctx: SampleCtx;
useSecurityApp((s) => {
  ({ t, admin, ctx } = s);
});

const GENERIC_500 = { success: false, error: MSG.somethingWrong, error_message: MSG.somethingWrong };
const answer = (message: string) => ({ success: false, error: message, error_message: message });
const UNAVAILABLE = answer('Service temporarily unavailable');
/** What the database's other faults answer (lib/database-faults.ts): 503, Retry-After, a clear message. */
const FAULTS = [
  ['57014', '5', answer(MSG.databaseBusy)], // query_canceled: statement_timeout
  ['55P03', '5', answer(MSG.databaseBusy)], // lock_not_available
  ['53300', '5', answer(MSG.databaseBusy)], // too_many_connections
  ['40001', '1', answer(MSG.databaseBusy)], // serialization_failure
  ['40P01', '1', answer(MSG.databaseBusy)], // deadlock_detected
  ['53100', '60', answer(MSG.databaseFull)], // disk_full
  ['53200', '30', answer(MSG.databaseFull)], // out_of_memory
  ['25P03', '5', UNAVAILABLE], // idle_in_transaction_session_timeout ends the connection
] as const;

describe('security headers', () => {
  it('are on every answer of every console API route: signed in, signed out, refused, and unknown paths', async () => {
    for (const r of apiRoutes(t.routes)) {
      // A fresh session each time: some samples end theirs (logout, password change).
      const sample = requestOf(r, sampleOf(r, ctx), await sessionOf(t, 'admin'));
      for (const req of [sample, { ...sample, session: undefined, csrf: 'anonymous' }, { ...sample, csrf: null }]) {
        expectSafeAnswer(r.key, await send(t.app, req), { api: true });
      }
    }
    for (const url of [`${API_BASE}/no_such_route`, `${API_BASE}/users/0/x`, '/api/nothing']) {
      const res = await send(t.app, { method: 'GET', url, session: await sessionOf(t, 'admin') });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Not found', error_message: 'Not found' });
      expectSafeAnswer(url, res, { api: url.startsWith(API_BASE) });
    }
  });

  it('are on every route outside the console API too (health, docs, outbox, web app files, the SPA page)', async () => {
    for (const r of t.routes.filter((x) => !x.api && x.method === 'GET' && !x.url.includes('*'))) {
      expectSafeAnswer(r.key, await send(t.app, { method: 'GET', url: r.url }), { api: false });
    }
    expectSafeAnswer('SPA page', await send(t.app, { method: 'GET', url: '/some/page' }), { api: false });
  });

  it('include HSTS on every answer when the console is served over HTTPS, and only then', async () => {
    const tls = await buildApp({ ...t.config, PUBLIC_URL: 'https://console.example' }, t.db);
    try {
      await tls.ready();
      for (const r of apiRoutes(t.routes)) {
        const session = await sessionOf(t, 'admin');
        expectSafeAnswer(r.key, await send(tls, requestOf(r, sampleOf(r, ctx), session)), { api: true, tls: true });
      }
      expectSafeAnswer('health', await send(tls, { method: 'GET', url: '/api/health' }), { api: false, tls: true });
    } finally {
      await tls.close();
    }
  });
});

describe('error answers', () => {
  let faulty: FastifyInstance;
  beforeAll(async () => {
    faulty = await buildApp(t.config, t.db);
    faulty.get(`${API_BASE}/test_throw`, { config: { public: true } }, async () => {
      throw new Error('secret internals at /srv/app/src/secret.ts:12');
    });
    // Private test routes declare roles like every private route (the auth plugin refuses them otherwise).
    const anyRole = { config: { roles: ANY_ROLE } };
    faulty.get(`${API_BASE}/test_sql`, anyRole, async () => {
      await t.db.execute(sql`SELECT password_hash FROM no_such_table`);
      return {};
    });
    faulty.post(`${API_BASE}/test_type_error`, anyRole, async () => {
      const o = null as unknown as { x: { y: number } };
      return { v: o.x.y };
    });
    for (const code of ['57P01', '57P03', '08006', 'ECONNRESET', ...FAULTS.map((f) => f[0])]) {
      faulty.get(`${API_BASE}/test_db_${code}`, anyRole, async () => {
        throw new Error('query failed', {
          cause: Object.assign(new Error('the database system is shutting down'), { code }),
        });
      });
    }
    await faulty.ready();
  });
  afterAll(async () => faulty.close());

  it('answer an unexpected fault with the generic 500, the security headers and no internals', async () => {
    admin = await sessionOf(t, 'admin');
    const thrown = await send(faulty, { method: 'GET', url: `${API_BASE}/test_throw` });
    const failedSql = await send(faulty, { method: 'GET', url: `${API_BASE}/test_sql`, session: admin });
    const typeError = await send(faulty, {
      method: 'POST',
      url: `${API_BASE}/test_type_error`,
      session: admin,
      body: '{}',
    });
    for (const res of [thrown, failedSql, typeError]) {
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(GENERIC_500);
      expect(res.body).not.toMatch(/stack|secret|no_such_table|password_hash|\.ts:|TypeError|null/);
      expectSafeAnswer('500', res, { api: true, fault: true });
    }
  });

  it('answer 503 with Retry-After to every kind of lost database connection, not a 500', async () => {
    for (const code of ['57P01', '57P03', '08006', 'ECONNRESET']) {
      const res = await send(faulty, { method: 'GET', url: `${API_BASE}/test_db_${code}`, session: admin });
      expect([code, res.statusCode, res.headers['retry-after'], res.json()]).toEqual([code, 503, '5', UNAVAILABLE]);
    }
  });

  it('answer 503 with Retry-After and a clear message to a timeout, a full disk, a deadlock: never a 500', async () => {
    for (const [code, retryAfter, body] of FAULTS) {
      const res = await send(faulty, { method: 'GET', url: `${API_BASE}/test_db_${code}`, session: admin });
      expect([code, res.statusCode, res.headers['retry-after'], res.json()]).toEqual([code, 503, retryAfter, body]);
      expectSafeAnswer(code, res, { api: true, fault: true });
    }
  });

  it('answer 503 with Retry-After when the database is down, without internals', async () => {
    const down = createDb('postgres://nobody:nothing@127.0.0.1:1/none');
    const app = await buildApp(t.config, down.db);
    try {
      await app.ready();
      for (const url of [`${API_BASE}/registration_info`, `${API_BASE}/login`]) {
        const res = await app.inject({
          method: url.endsWith('login') ? 'POST' : 'GET',
          url,
          cookies: { wg_session: admin.cookie },
          headers: { [CSRF_HEADER]: 'x' },
          ...(url.endsWith('login') ? { payload: { username: 'admin', password: 'x' } } : {}),
        });
        expect([url, res.statusCode, res.headers['retry-after'], res.json()]).toEqual([url, 503, '5', UNAVAILABLE]);
      }
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await down.pool.end();
    }
  });

  it('answer 503 with Retry-After and the security headers once the server drains for shutdown', async () => {
    admin = await sessionOf(t, 'admin');
    const app = await buildApp(t.config, t.db);
    try {
      await app.ready();
      expect((await send(app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await app.drain(0);
      for (const req of [
        { method: 'GET' as const, url: '/api/health' },
        { method: 'GET' as const, url: `${API_BASE}/registration_info`, session: admin },
        { method: 'POST' as const, url: `${API_BASE}/login`, body: '{}' },
      ]) {
        const res = await send(app, req);
        expect([req.url, res.statusCode, res.headers['retry-after'], res.headers.connection, res.json()]).toEqual([
          req.url,
          503,
          '5',
          'close',
          UNAVAILABLE,
        ]);
        expectSafeAnswer(req.url, res, { api: true, fault: true });
      }
    } finally {
      await app.close();
    }
  });
});
