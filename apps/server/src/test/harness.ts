/**
 * Test harness: a fresh database per test file (a copy of the seeded template, db.ts), the real app,
 * and helpers to sign in and call the API through app.inject().
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_BASE, CSRF_HEADER } from '@wayguard/contracts';
import type { Config } from '../config.js';
import type { Db, DbPool } from '../db/client.js';
import { buildApp } from '../app.js';
import { seedDemo } from '../seed/demo.js';
import { createSeededTestDb, createTestDb } from './db.js';
import { TEST_ENV, testConfig } from './test-config.js';

export type TestApp = { app: FastifyInstance; db: Db; pool: DbPool; config: Config; close: () => Promise<void> };

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // The template was seeded with TEST_ENV's public URL (it is in the activation links); another one seeds afresh.
  const fromTemplate = (env.PUBLIC_URL ?? TEST_ENV.PUBLIC_URL) === TEST_ENV.PUBLIC_URL;
  const { url, db, pool } = fromTemplate ? await createSeededTestDb() : await createTestDb();
  const config = testConfig(url, env);
  if (!fromTemplate) await seedDemo(db, config);
  const app = await buildApp(config, db);
  await app.ready();
  return {
    app,
    db,
    pool,
    config,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

export type Session = { cookie: string; csrf: string };

let ipCounter = 1;
/** A distinct client address per call site, so per-IP counters don't leak between tests. */
export const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === 'wg_session');
  return c?.value;
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  ip = nextIp(),
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: `${API_BASE}/login`,
    remoteAddress: ip,
    headers: { [CSRF_HEADER]: 'anonymous' },
    payload: { username, password, ...extra },
  });
  const body = res.json() as { success: boolean; csrf_token: string | null; error_message: string | null };
  const cookie = sessionCookie(res);
  if (!body.success || !cookie || !body.csrf_token) throw new Error(`login failed for ${username}: ${res.body}`);
  return { cookie, csrf: body.csrf_token };
}

type CallOptions = {
  session?: Session;
  payload?: unknown;
  query?: Record<string, string>;
  csrf?: string | null;
  ip?: string;
  headers?: Record<string, string>;
};

/** Calls the console API; mutating calls carry the session's CSRF token unless `csrf` says otherwise. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  o: CallOptions = {},
) {
  const headers: Record<string, string> = { ...o.headers };
  if (method !== 'GET') {
    const csrf = o.csrf === undefined ? (o.session?.csrf ?? 'anonymous') : o.csrf;
    if (csrf !== null) headers[CSRF_HEADER] = csrf;
  }
  return app.inject({
    method,
    url: `${API_BASE}${path}`,
    query: o.query,
    headers,
    cookies: o.session ? { wg_session: o.session.cookie } : {},
    payload: method === 'GET' ? undefined : ((o.payload ?? {}) as object),
    remoteAddress: o.ip ?? nextIp(),
  });
}
