/**
 * Shared machinery of the security suites: the app built with a route table collected by an onRoute
 * hook (so every route that exists, now or later, is seen with its zod schemas and config), sessions
 * made directly in the database (no sign-in cost or rate limits), per-table checksums, and the checks
 * every answer must pass (security headers, no internals, no other tenant's marker).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { randomUUID } from 'node:crypto';
import { AGENT_BASE, API_BASE, CSRF_HEADER, type Role } from '@wayguard/contracts';
import type { SubjectAction } from '../../domain/access/authorize.js';
import type { Config } from '../../config.js';
import { createDb, type Db } from '../../db/client.js';
import { buildApp, type BuildOptions } from '../../app.js';
import { seedDemo } from '../../seed/demo.js';
import { createSession } from '../../domain/sessions/sessions.js';
import { createProviderSession, PROVIDER_COOKIE } from '../../domain/sessions/provider-sessions.js';
import { SESSION_COOKIE } from '../../domain/sessions/sessions.js';
import { createSeededTestDb, createTestDb } from '../db.js';
import { TEST_ENV, testConfig } from '../test-config.js';
import type pg from 'pg';
import type { SampleCtx } from './policy.js';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export const MUTATING: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export type RouteInfo = {
  method: Method;
  /** Full path as registered, e.g. /api/mobile/admin/users/details or /api/health. */
  url: string;
  /** 'GET /users/details' for console API routes (path after API_BASE), 'GET /api/health' for others. */
  key: string;
  /** Under the console API base, where the session and CSRF guard applies. */
  api: boolean;
  public: boolean;
  /** The roles the route declares (config.roles); empty on public routes. */
  roles: readonly Role[];
  /** The subject-dependent rule its service applies (config.subjectRule). */
  subjectRule: SubjectAction | undefined;
  multipart: boolean;
  /** On the device-facing API: who may call it (config.agent); undefined elsewhere. */
  agent: 'device' | 'public' | undefined;
  /** On the provider's review API: who may call it (config.provider); undefined elsewhere. */
  provider: 'staff' | 'public' | undefined;
  bodyLimit: number | undefined;
  body: ZodType | undefined;
  querystring: ZodType | undefined;
  params: ZodType | undefined;
};

export const routeKey = (method: string, url: string) =>
  `${method} ${url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url}`;

function toRouteInfo(r: RouteOptions): RouteInfo[] {
  const methods = (Array.isArray(r.method) ? r.method : [r.method]).map((m) => m.toUpperCase() as Method);
  const schema = (r.schema ?? {}) as { body?: ZodType; querystring?: ZodType; params?: ZodType };
  const config = (r.config ?? {}) as {
    public?: boolean;
    multipart?: boolean;
    roles?: readonly Role[];
    subjectRule?: SubjectAction;
    agent?: 'device' | 'public';
    provider?: 'staff' | 'public';
  };
  return methods.map((method) => ({
    method,
    url: r.url,
    key: routeKey(method, r.url),
    api: r.url.startsWith(`${API_BASE}/`),
    public: config.public === true,
    roles: config.roles ?? [],
    subjectRule: config.subjectRule,
    multipart: config.multipart === true,
    agent: config.agent,
    provider: config.provider,
    bodyLimit: r.bodyLimit,
    body: schema.body,
    querystring: schema.querystring,
    params: schema.params,
  }));
}

export type SecurityApp = {
  app: FastifyInstance;
  db: Db;
  pool: pg.Pool;
  config: Config;
  /** Every route the app registered (HEAD twins of GET routes included). */
  routes: RouteInfo[];
  close: () => Promise<void>;
};

/** A fresh database with both demo accounts, and the real app with its route table. */
export async function createSecurityApp(
  env: Record<string, string> = {},
  build: Omit<BuildOptions, 'onRoute'> = {},
): Promise<SecurityApp> {
  // The seeded template holds the default public URL (it is in the activation links); another one seeds afresh.
  const fromTemplate = env.PUBLIC_URL === undefined || env.PUBLIC_URL === TEST_ENV.PUBLIC_URL;
  const created = fromTemplate ? await createSeededTestDb() : await createTestDb();
  // These suites make thousands of small writes and never test durability (faults.test.ts does, against a
  // real server): commits need not wait for the WAL flush. New connections pick the setting up.
  await created.db.execute(
    sql.raw(`ALTER DATABASE "${new URL(created.url).pathname.slice(1)}" SET synchronous_commit TO off`),
  );
  await created.pool.end();
  const { url } = created;
  const { db, pool } = createDb(url);
  const config = testConfig(url, env);
  if (!fromTemplate) await seedDemo(db, config);
  const routes: RouteInfo[] = [];
  const app = await buildApp(config, db, { ...build, onRoute: (r) => routes.push(...toRouteInfo(r)) });
  await app.ready();
  routes.sort((a, b) => a.key.localeCompare(b.key));
  return {
    app,
    db,
    pool,
    config,
    routes,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/** Console API routes (the ones the guard covers), without the HEAD twins of GET routes. */
export const apiRoutes = (routes: RouteInfo[]) => routes.filter((r) => r.api && r.method !== 'HEAD');

/** A path with every :param filled (ids by default). */
export function concretePath(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));
}

export type Session = { cookie: string; csrf: string; userId: number; accountId: number };

/** A live session of `username`, made directly in the database. */
export async function sessionOf(t: SecurityApp, username: string): Promise<Session> {
  const r = await t.db.execute<{ id: number; account_id: number }>(
    sql`SELECT id, account_id FROM users WHERE lower(username) = ${username.toLowerCase()}`,
  );
  const u = r.rows[0];
  if (!u) throw new Error(`no user ${username}`);
  const { cookieValue, csrfToken } = await createSession(
    t.db,
    { id: u.id, accountId: u.account_id },
    { idleMinutes: t.config.SESSION_IDLE_MINUTES, absoluteHours: t.config.SESSION_ABSOLUTE_HOURS },
    { ip: '127.0.0.1' },
  );
  return { cookie: cookieValue, csrf: csrfToken, userId: u.id, accountId: u.account_id };
}

/** A live session of the demo review team member 'provider' (issue 11), made directly in the database. */
export async function providerSessionOf(t: SecurityApp, username = 'provider'): Promise<ProviderSessionRef> {
  const r = await t.db.execute<{ id: number }>(sql`SELECT id FROM provider_staff WHERE username = ${username}`);
  if (!r.rows[0]) throw new Error(`no provider staff ${username}`);
  const { cookieValue, csrfToken } = await createProviderSession(
    t.db,
    r.rows[0].id,
    { idleMinutes: t.config.SESSION_IDLE_MINUTES, absoluteHours: t.config.SESSION_ABSOLUTE_HOURS },
    '127.0.0.1',
  );
  return { cookie: cookieValue, csrf: csrfToken, staffId: r.rows[0].id };
}
export type ProviderSessionRef = { cookie: string; csrf: string; staffId: number };

let ipCounter = 0;
/** Client addresses from a range the shared harness does not use, one per call, so per-address limits stay apart. */
export const freshIp = () => {
  const n = ipCounter++;
  return `10.${200 + ((n >> 16) % 50)}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * A device of `username`'s account enrolled through the real API (a token made through the console
 * API, then POST /api/agent/v1/enroll), and its secret for `Authorization: Bearer`.
 */
/** A device of `username`'s account; with `secret` (its current one), the same identity enrolled again (rotated). */
export async function deviceOf(
  t: SecurityApp,
  username: string,
  instanceId = `sec-${randomUUID()}`,
  kind: 'machine' | 'mobile' = 'machine',
  /** The device's current secret, sent when it enrols again (a known device without it is held). */
  secret?: string,
): Promise<{ id: number; secret: string }> {
  const admin = await sessionOf(t, username);
  const made = await send(t.app, {
    method: 'POST',
    url: `${API_BASE}/enrolment_tokens`,
    session: admin,
    body: JSON.stringify({ label: 'Security suite', max_uses: 100, valid_days: 1 }),
  });
  const token = (made.json() as { secret?: string }).secret;
  if (!token) throw new Error(`no enrolment token for ${username}: ${made.body}`);
  const res = await send(t.app, {
    method: 'POST',
    url: `${AGENT_BASE}/enroll`,
    body: JSON.stringify({ token, instance_id: instanceId, kind, serial: instanceId, name: 'Security PC' }),
    ...(secret ? { headers: { authorization: `Bearer ${secret}` } } : {}),
  });
  const body = res.json() as { device_id?: number; device_secret?: string };
  if (!body.device_id || !body.device_secret) throw new Error(`enrolment failed: ${res.body}`);
  return { id: body.device_id, secret: body.device_secret };
}

export type Request = {
  method: Method;
  /** Path and raw query string, e.g. /api/mobile/admin/users?page=1 (already encoded). */
  url: string;
  session?: Pick<Session, 'cookie' | 'csrf'> | undefined;
  /** A review team session (the provider API's wg_provider cookie); its token is sent unless `csrf` says otherwise. */
  providerSession?: Pick<ProviderSessionRef, 'cookie' | 'csrf'> | undefined;
  /** undefined: the session's token on mutating methods; null: no header. */
  csrf?: string | null | undefined;
  body?: string | Buffer | undefined;
  contentType?: string | undefined;
  headers?: Record<string, string> | undefined;
  ip?: string | undefined;
};

export function send(app: FastifyInstance, r: Request): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...r.headers };
  if (MUTATING.includes(r.method)) {
    const csrf = r.csrf === undefined ? (r.session?.csrf ?? r.providerSession?.csrf ?? 'anonymous') : r.csrf;
    if (csrf !== null) headers[CSRF_HEADER] = csrf;
  }
  if (r.body !== undefined) headers['content-type'] = r.contentType ?? 'application/json';
  return app.inject({
    method: r.method,
    url: r.url,
    headers,
    cookies: {
      ...(r.session ? { [SESSION_COOKIE]: r.session.cookie } : {}),
      ...(r.providerSession ? { [PROVIDER_COOKIE]: r.providerSession.cookie } : {}),
    },
    ...(r.body !== undefined ? { payload: r.body } : {}),
    remoteAddress: r.ip ?? freshIp(),
  });
}

/** Builds `path?query` from a record (arrays repeat the key), encoding as a browser would. */
export function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      if (one === undefined) continue;
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(one))}`);
    }
  }
  return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
}

// ---------------------------------------------------------------------------------------------
// Checks every answer must pass.

/** Problems with an answer's security headers and body, as text (empty when it is fine). */
export type AnswerOptions = {
  api: boolean;
  tls?: boolean;
  /** A 5xx is the expected answer (its headers still count). */ fault?: boolean;
};

export function answerProblems(res: LightMyRequestResponse, opts: AnswerOptions): string[] {
  const p: string[] = [];
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';
  if (directive('default-src') !== "default-src 'self'") p.push(`CSP default-src: ${directive('default-src')}`);
  if (directive('script-src') !== "script-src 'self'") p.push(`CSP script-src: ${directive('script-src')}`);
  if (/'unsafe-(inline|eval)'/.test(directive('script-src'))) p.push('CSP script-src allows unsafe scripts');
  if (directive('object-src') !== "object-src 'none'") p.push('CSP object-src');
  if (directive('frame-ancestors') !== "frame-ancestors 'none'") p.push('CSP frame-ancestors');
  if (directive('base-uri') !== "base-uri 'self'") p.push('CSP base-uri');
  if (res.headers['x-content-type-options'] !== 'nosniff') p.push('nosniff');
  if (res.headers['referrer-policy'] !== 'strict-origin-when-cross-origin') p.push('referrer-policy');
  if (!/^(DENY|SAMEORIGIN)$/.test(String(res.headers['x-frame-options'] ?? ''))) p.push('x-frame-options');
  if (res.headers['x-powered-by'] !== undefined) p.push('x-powered-by');
  const hsts = res.headers['strict-transport-security'];
  if (opts.tls && hsts !== 'max-age=31536000; includeSubDomains') p.push(`HSTS: ${String(hsts)}`);
  if (!opts.tls && hsts !== undefined) p.push('HSTS without TLS');
  // API answers carry personal data: never stored. Images (the account logo) may be kept by the browser
  // only, revalidated on every use (ETag), as docs/decisions/dependencies.md "Static assets" says.
  const cache = String(res.headers['cache-control'] ?? '');
  const image = String(res.headers['content-type'] ?? '').startsWith('image/') || res.statusCode === 304;
  const privateRevalidated = /\bprivate\b/.test(cache) && /\bno-cache\b/.test(cache);
  if (opts.api && cache !== 'no-store' && !(image && privateRevalidated)) p.push(`cache-control: ${cache}`);
  // Session cookies, whenever set, carry their flags.
  for (const c of res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[]) {
    if (c.name !== SESSION_COOKIE) continue;
    if (!c.httpOnly || String(c.sameSite).toLowerCase() !== 'strict' || c.path !== '/')
      p.push(`session cookie flags: ${JSON.stringify(c)}`);
  }
  if (res.statusCode >= 500 && !opts.fault) p.push(`status ${res.statusCode}`);
  // Error bodies are fixed texts: no stack, path, SQL or driver message (success bodies may hold user text).
  if (
    res.statusCode >= 400 &&
    /\bat .+\.(ts|js):\d+|node_modules|stack|syntax error at or near|relation ".*" does not exist|violates|duplicate key/i.test(
      res.body,
    )
  )
    p.push('internals in body');
  return p;
}

/** Fails with the route and answer when an answer breaks a rule every answer must keep. */
export function expectSafeAnswer(label: string, res: LightMyRequestResponse, opts: AnswerOptions) {
  expect([label, answerProblems(res, opts)], res.body.slice(0, 500)).toEqual([label, []]);
}

export const MARKER = 'RIVERSIDE-MARKER';

// ---------------------------------------------------------------------------------------------
// Database checksums.

export type ChecksumOptions = {
  /** Tables left out entirely. */
  skipTables?: readonly string[];
  /** Columns left out, per table. */
  skipColumns?: Readonly<Record<string, readonly string[]>>;
};

/**
 * What a request may change without it being a change of data, and so is left out of "nothing
 * changed": rate_counters (throttling state: refused calls may count), sessions.last_seen_at and
 * users.last_active (touched by any authenticated request, at most once a minute). audit_events is
 * kept unless a suite checks it on its own.
 */
export const CHURN: Required<ChecksumOptions> = {
  skipTables: ['rate_counters'],
  skipColumns: { sessions: ['last_seen_at'], users: ['last_active'] },
};

let tableNames: string[] | null = null;

/** md5 of every public table's rows (as JSON, minus skipped columns), by table name; one query. */
export async function checksums(db: Db, o: ChecksumOptions = CHURN): Promise<Record<string, string>> {
  tableNames ??= (
    await db.execute<{ tablename: string }>(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).rows.map((r) => r.tablename);
  const parts = tableNames
    .filter((name) => !o.skipTables?.includes(name))
    .map((name) => {
      const skip = o.skipColumns?.[name] ?? [];
      const row = sql.raw(
        skip.length > 0 ? `(to_jsonb(t) - ARRAY[${skip.map((c) => `'${c}'`).join(', ')}]::text[])` : 'to_jsonb(t)',
      );
      return sql`SELECT ${name}::text AS name, (SELECT md5(string_agg(x::text, E'\n' ORDER BY x::text)) FROM (SELECT ${row} AS x FROM ${sql.identifier(name)} t) s) AS sum`;
    });
  const r = await db.execute<{ name: string; sum: string | null }>(sql.join(parts, sql` UNION ALL `));
  return Object.fromEntries(r.rows.map((x) => [x.name, x.sum ?? 'empty']));
}

export async function accountId(db: Db, name: string): Promise<number> {
  const r = await db.execute<{ id: number }>(sql`SELECT id FROM accounts WHERE name = ${name}`);
  const id = r.rows[0]?.id;
  if (id === undefined) throw new Error(`no account ${name}`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// The set-up every suite shares.

/** The sample context for `actor` acting on `target` (a console user of the same account). */
export async function sampleCtx(t: SecurityApp, actor: string, target: string): Promise<SampleCtx> {
  const user = async (name: string) => {
    const r = await t.db.execute<{ id: number; email: string; account_id: number }>(
      sql`SELECT id, email, account_id FROM users WHERE lower(username) = ${name.toLowerCase()}`,
    );
    if (!r.rows[0]) throw new Error(`no user ${name}`);
    return r.rows[0];
  };
  const a = await user(actor);
  const u = await user(target);
  const su = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM server_users WHERE account_id = ${a.account_id} AND status = 'activated' ORDER BY id LIMIT 1`,
  );
  const terms = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM agreements WHERE kind = 'terms_of_use' ORDER BY published_at DESC, id DESC LIMIT 1`,
  );
  const token = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM enrolment_tokens WHERE account_id = ${a.account_id} AND revoked_at IS NULL ORDER BY id LIMIT 1`,
  );
  const device = async (kind: 'machine' | 'mobile') =>
    (
      await t.db.execute<{ serial: string }>(
        sql`SELECT serial FROM devices WHERE account_id = ${a.account_id} AND kind = ${kind}
            AND deactivated_date IS NULL ORDER BY serial LIMIT 1`,
      )
    ).rows[0]?.serial ?? 'NONE';
  const website = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM websites WHERE account_id = ${a.account_id} AND kind = 'website' ORDER BY id LIMIT 1`,
  );
  const connection = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM server_connections WHERE account_id = ${a.account_id} ORDER BY id LIMIT 1`,
  );
  const request = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM access_requests WHERE account_id = ${a.account_id} AND kind = 'website' AND state = 'pending'
        ORDER BY id LIMIT 1`,
  );
  const appThread = await t.db.execute<{ id: number; package_name: string }>(
    sql`SELECT id, package_name FROM app_requests WHERE account_id = ${a.account_id} AND state = 'pending'
        ORDER BY id LIMIT 1`,
  );
  const approvedApp = await t.db.execute<{ app_id: number }>(
    sql`SELECT app_id FROM app_requests WHERE account_id = ${a.account_id} AND state = 'approved' ORDER BY id LIMIT 1`,
  );
  const trainee = await t.db.execute<{ id: number }>(sql`SELECT id FROM provider_staff WHERE username = 'trainee'`);
  return {
    providerStaff: trainee.rows[0]?.id ?? 1,
    request: request.rows[0]?.id ?? 1,
    appRequest: appThread.rows[0]?.id ?? 1,
    appPackage: appThread.rows[0]?.package_name ?? 'com.no.such.app',
    app: approvedApp.rows[0]?.app_id ?? 1,
    website: website.rows[0]?.id ?? 1,
    connection: connection.rows[0]?.id ?? 1,
    machine: await device('machine'),
    mobile: await device('mobile'),
    actor: { id: a.id, email: a.email },
    user: { id: u.id, email: u.email },
    serverUser: su.rows[0]?.id ?? 1,
    agreementId: terms.rows[0]?.id ?? 1,
    enrolmentToken: token.rows[0]?.id ?? 1,
  };
}

export type SuiteSetUp = {
  t: SecurityApp;
  /** A session of the Northfield Console Admin 'admin'. */
  admin: Session;
  /** 'admin' acting on the activated console user 'ben.hughes2' of the same account. */
  ctx: SampleCtx;
};

/**
 * One security app for the test file, built before its tests and closed after them, with the admin
 * session and sample context most suites use. `ready` receives them (assign them to the file's
 * variables); `env` adds configuration.
 */
export function useSecurityApp(ready: (s: SuiteSetUp) => void | Promise<void>, env: Record<string, string> = {}): void {
  let t: SecurityApp | undefined;
  beforeAll(async () => {
    t = await createSecurityApp(env);
    await ready({ t, admin: await sessionOf(t, 'admin'), ctx: await sampleCtx(t, 'admin', 'ben.hughes2') });
  });
  afterAll(async () => t?.close());
}
