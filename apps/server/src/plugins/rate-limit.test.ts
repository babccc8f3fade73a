import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDb, type TestDb } from '../test/db.js';
import { loadConfig } from '../config.js';
import { TEST_ENV } from '../test/test-config.js';
import errorsPlugin from './errors.js';
import rateLimit from './rate-limit.js';
import type { Actor } from '../domain/access/actor.js';
import '../types.js';

let t: TestDb;
let app: FastifyInstance;
let run = 0;
const actor = (userId: number): Actor => ({
  userId,
  accountId: 1,
  username: `u${userId}`,
  name: `u${userId}`,
  role: 'console_user',
  ip: '10.9.0.1',
  sessionIdHash: 'x',
});

beforeAll(async () => {
  t = await createTestDb();
  run = Date.now();
  app = Fastify();
  app.decorate('db', t.db);
  app.decorate('config', loadConfig({ ...TEST_ENV, LOGIN_RATE_PER_MINUTE: '2' }));
  app.decorateRequest('actor', null);
  // Stands in for the auth plugin: the acting user comes from a header.
  app.addHook('onRequest', async (request) => {
    const id = Number(request.headers['x-user'] ?? 0);
    request.actor = id > 0 ? actor(id) : null;
  });
  await app.register(errorsPlugin);
  await app.register(rateLimit);
  app.get(`/per-user-${run}`, { config: { rateLimit: { key: `t_user_${run}`, perMinute: 3 } } }, async () => 'ok');
  app.get(
    `/per-ip-${run}`,
    { config: { rateLimit: { key: `t_ip_${run}`, by: 'ip', perMinute: (c) => c.LOGIN_RATE_PER_MINUTE } } },
    async () => 'ok',
  );
  app.get(`/free-${run}`, async () => 'ok');
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.pool.end();
});

const get = (path: string, headers: Record<string, string> = {}, ip = '10.9.0.1') =>
  app.inject({ method: 'GET', url: `${path}-${run}`, headers, remoteAddress: ip });

describe('rate limits declared on the route', () => {
  it('counts per user: the fourth call in a minute is 429 with Retry-After; another user is not affected', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await get('/per-user', { 'x-user': '7' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await get('/per-user', { 'x-user': '7' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, error: 'Too many requests. Please wait and try again.' });
    expect((await get('/per-user', { 'x-user': '8' })).statusCode).toBe(200);
  });

  it('counts per address with a limit read from the configuration', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await get('/per-ip', {}, '10.9.1.1')).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    expect((await get('/per-ip', {}, '10.9.1.2')).statusCode).toBe(200);
  });

  it('leaves routes without a declaration alone', async () => {
    for (let i = 0; i < 5; i++) expect((await get('/free', { 'x-user': '7' })).statusCode).toBe(200);
  });

  it('refuses at start a per-user limit on a public route', async () => {
    const bad = Fastify();
    bad.decorate('db', t.db);
    bad.decorate('config', loadConfig(TEST_ENV));
    await bad.register(rateLimit);
    expect(() =>
      bad.get('/x', { config: { public: true, rateLimit: { key: 'x', perMinute: 1 } } }, async () => 'ok'),
    ).toThrow(/per-user rate limit needs a private route/);
    await bad.close();
  });
});
