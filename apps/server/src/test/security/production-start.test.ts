/**
 * Production defaults (issue 25), against the REAL server process: a production start (or any start on
 * DATABASE_URL) on an empty database seeds nothing, so no user or provider staff member has a known
 * demo password, prints no demo sign-ins and serves no outbox; without SECRET_KEY it does not start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_BASE, CSRF_HEADER, PROVIDER_BASE } from '@wayguard/contracts';
import { createTestDb, type TestDb } from '../db.js';
import { buildServer, freePort, spawnServer, untilHealthy, type ServerProcess } from '../server-process.js';
import { verifyPassword } from '../../lib/crypto.js';
import { NORTHFIELD_USERS, RIVERSIDE_USERS } from '../../seed/demo-users.js';
import { DEMO_PROVIDER_STAFF } from '../../seed/provider-staff.js';
import { DEMO_USERS } from '../demo.js';

const KEY = 'production-start-test-key-000000000000000';
const started: ServerProcess[] = [];
const dbs: TestDb[] = [];

beforeAll(async () => {
  await buildServer();
}, 180_000);

afterAll(async () => {
  for (const s of started) await s.kill();
  for (const d of dbs) await d.pool.end();
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const s = spawnServer({ PORT: String(await freePort()), WEB_DIST: '/nonexistent-web-build', ...env });
  started.push(s);
  return s;
}

const post = (base: string, route: string, body: unknown) =>
  fetch(`${base}${route}`, {
    method: 'POST',
    headers: { [CSRF_HEADER]: 'anonymous', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const DEMO_PASSWORDS = [...NORTHFIELD_USERS, ...RIVERSIDE_USERS, DEMO_PROVIDER_STAFF]
  .map((u) => u.password)
  .filter((p): p is string => !!p);

describe('a start outside the demo on an empty database', () => {
  for (const [name, env] of [
    ['production', { NODE_ENV: 'production', SECRET_KEY: KEY }],
    ['DATABASE_URL without NODE_ENV', { SECRET_KEY: KEY }],
  ] as const) {
    it(`${name}: seeds nothing, no known demo password signs in, no demo sign-ins printed, no outbox`, async () => {
      const d = await createTestDb();
      dbs.push(d);
      const s = await start({ ...env, DATABASE_URL: d.url });
      await untilHealthy(s);

      const counts = await d.db.execute<{ accounts: string; users: string; staff: string }>(sql`
        SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM users) AS users,
               (SELECT count(*) FROM provider_staff) AS staff`);
      expect(counts.rows[0]).toEqual({ accounts: '0', users: '0', staff: '0' });
      // Whatever a start may create some day: no stored password is a published demo one.
      const hashes = await d.db.execute<{ h: string }>(sql`
        SELECT password_hash AS h FROM users WHERE password_hash IS NOT NULL
        UNION ALL SELECT password_hash FROM provider_staff`);
      for (const { h } of hashes.rows) for (const p of DEMO_PASSWORDS) expect(await verifyPassword(h, p)).toBe(false);

      const consoleLogin = await post(s.base, `${API_BASE}/login`, {
        username: 'admin',
        password: DEMO_USERS.admin.password,
      });
      expect(((await consoleLogin.json()) as { success: boolean }).success).toBe(false);
      const provider = await post(s.base, `${PROVIDER_BASE}/login`, {
        username: DEMO_PROVIDER_STAFF.username,
        password: DEMO_PROVIDER_STAFF.password,
      });
      expect(provider.status).not.toBe(200);
      expect((await fetch(`${s.base}/api/dev/outbox`)).status).toBe(404);
      expect(s.output()).not.toMatch(/Demo sign-ins|DemoAdmin2026|DemoProvider2026/);
      await s.kill();
    });
  }

  it('production without SECRET_KEY does not start, and says why', async () => {
    const d = await createTestDb();
    dbs.push(d);
    const s = await start({ NODE_ENV: 'production', DATABASE_URL: d.url });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('SECRET_KEY is required in production');
  });

  it('production with SEED_DEMO=true does not start, and says why', async () => {
    const s = await start({ NODE_ENV: 'production', SECRET_KEY: KEY, SEED_DEMO: 'true' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('SEED_DEMO cannot be on in production');
  });
});
