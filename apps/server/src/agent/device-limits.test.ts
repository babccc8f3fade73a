/**
 * Per-device limits of the device-facing API (issue 25; docs/decisions/devices.md "Device API limits (issue 25)"): the
 * token buckets (lib/device-rate-limits.ts), their 429 'slow_down' with Retry-After on the routes, per device and per
 * route class, before anything is written; and the cap on stored Idempotency-Keys per device
 * (domain/devices/agent-idempotency.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AGENT_BASE, AGENT_MSG, type AgentEnrollResponse } from '@wayguard/contracts';
import type { TestApp } from '../test/harness.js';
import { enrolDevice, agentTestApp } from '../test/agent.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createDeviceRateLimiter, DEVICE_BUCKETS_MAX, DEVICE_RATE_LIMITS } from '../lib/device-rate-limits.js';
import { IDEMPOTENCY_KEYS_PER_DEVICE } from '../domain/devices/agent-idempotency.js';

let t: TestApp;
let token: string;
/** The app under test: its device limits' clock stands still, so no bucket refills during a test however slow the machine. */
let app: FastifyInstance;

beforeAll(async () => {
  ({ t, token } = await agentTestApp());
  const now = Date.now();
  app = await buildApp(t.config, t.db, {
    deviceRateLimiter: createDeviceRateLimiter(DEVICE_RATE_LIMITS, DEVICE_BUCKETS_MAX, () => now),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t.close();
});

const call = (d: AgentEnrollResponse, method: 'GET' | 'POST', path: string, payload?: unknown, headers = {}) =>
  app.inject({
    method,
    url: `${AGENT_BASE}${path}`,
    headers: { authorization: `Bearer ${d.device_secret}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let e = 0;
/** One alert cleared: a valid event batch. */
const events = () => ({
  events: [{ event_id: `limit-event-${Date.now()}-${++e}`, occurred: 1, code: 1, type: 'alert_cleared' }],
});

const expectSlowDown = (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(res.json()).toEqual({
    success: false,
    error: AGENT_MSG.slowDown,
    error_message: AGENT_MSG.slowDown,
    error_code: 'slow_down',
    retry_after: wait,
    server_time: expect.any(Number),
  });
};

describe('the token buckets', () => {
  it("allows a minute's calls at once, then refills at the steady rate; a refused call takes nothing", () => {
    const limiter = createDeviceRateLimiter({ all: 4, asks: 2, events: 2, pages: 2 });
    const t0 = 1_000_000;
    expect([1, 2].map(() => limiter.take(1, ['all', 'asks'], t0))).toEqual([0, 0]);
    // asks is empty: 30 s until one more (2 a minute); 'all' is not charged for the refusal.
    expect(limiter.take(1, ['all', 'asks'], t0)).toBe(30);
    expect([1, 2].map(() => limiter.take(1, ['all'], t0))).toEqual([0, 0]);
    expect(limiter.take(1, ['all'], t0)).toBe(15);
    // Another device has its own buckets.
    expect(limiter.take(2, ['all', 'asks'], t0)).toBe(0);
    // 15 s later one 'all' call came back (4 a minute), and no more.
    expect(limiter.take(1, ['all'], t0 + 15_000)).toBe(0);
    expect(limiter.take(1, ['all'], t0 + 15_000)).toBeGreaterThan(0);
  });

  it('keeps at most its number of buckets, forgetting the least recently used', () => {
    const limiter = createDeviceRateLimiter(DEVICE_RATE_LIMITS, 3);
    for (let id = 1; id <= 10; id++) limiter.take(id, ['all']);
    expect(limiter.size()).toBe(3);
  });
});

describe('per-device rate limits on the routes', () => {
  it('answers 429 slow_down with Retry-After past 10 asks a minute, writing nothing; another device still asks', async () => {
    const d = await enrolDevice(t, token, { kind: 'mobile' });
    const stamp = Date.now();
    const ask = (i: number, device = d) =>
      call(device, 'POST', '/requests', {
        request_id: `limit-${i}`,
        kind: 'app',
        app: { package_name: `com.limit.a${stamp}x${i}` },
      });
    for (let i = 0; i < DEVICE_RATE_LIMITS.asks; i++) expect((await ask(i)).statusCode).toBe(200);
    const refused = await ask(DEVICE_RATE_LIMITS.asks);
    expectSlowDown(refused);
    const written = await t.db.execute<{ id: string }>(
      sql`SELECT client_request_id AS id FROM app_request_asks WHERE device_id = ${d.device_id} ORDER BY id`,
    );
    expect(written.rows).toHaveLength(DEVICE_RATE_LIMITS.asks);
    expect(written.rows.map((r) => r.id)).not.toContain(`limit-${DEVICE_RATE_LIMITS.asks}`);
    // Other routes of the device still answer (only 'asks' is empty), and so does another device's ask.
    expect((await call(d, 'GET', '/policy')).statusCode).toBe(200);
    expect((await ask(99, await enrolDevice(t, token, { kind: 'mobile' }))).statusCode).toBe(200);
  });

  it('answers 429 past 20 event batches a minute', async () => {
    const d = await enrolDevice(t, token);
    const batch = () => call(d, 'POST', '/events', events());
    for (let i = 0; i < DEVICE_RATE_LIMITS.events; i++) expect((await batch()).statusCode).toBe(200);
    expectSlowDown(await batch());
  });

  it('answers 429 past 120 calls a minute on any device route together', async () => {
    const d = await enrolDevice(t, token);
    for (let i = 0; i < DEVICE_RATE_LIMITS.all; i++) {
      const res = i % 2 ? await call(d, 'GET', '/commands') : await call(d, 'GET', '/policy');
      expect(res.statusCode).toBe(200);
    }
    expectSlowDown(await call(d, 'POST', '/checkin', { seq: 1 }));
    const stored = await t.db.execute<{ seq: string }>(
      sql`SELECT last_checkin_seq AS seq FROM devices WHERE id = ${d.device_id}`,
    );
    // Never written: still the -1 of a device that never checked in.
    expect(Number(stored.rows[0]!.seq)).toBe(-1);
  });
});

describe('stored Idempotency-Keys', () => {
  it(`keeps at most ${IDEMPOTENCY_KEYS_PER_DEVICE} per device, forgetting the oldest`, async () => {
    const d = await enrolDevice(t, token);
    const other = await enrolDevice(t, token);
    const account = (
      await t.db.execute<{ a: number }>(sql`SELECT account_id AS a FROM devices WHERE id = ${d.device_id}`)
    ).rows[0]!.a;
    // A device that already used the cap's number of keys in the last hours (oldest first), and a neighbour with a few.
    for (const [device, n] of [
      [d.device_id, IDEMPOTENCY_KEYS_PER_DEVICE],
      [other.device_id, 3],
    ] as const)
      await t.db
        .execute(sql`INSERT INTO agent_idempotency (account_id, device_id, route, key, body_hash, status_code, response, created_at)
        SELECT ${account}, ${device}, '/api/agent/v1/events', 'old-' || i, 'x', 200, '{}'::jsonb, now() - (${n} - i) * interval '1 second' - interval '1 hour'
        FROM generate_series(1, ${n}) AS i`);
    const body = events();
    const res = await call(d, 'POST', '/events', body, { 'idempotency-key': 'new-key' });
    expect(res.statusCode, res.body).toBe(200);
    const keys = async (device: number) =>
      (
        await t.db.execute<{ key: string }>(
          sql`SELECT key FROM agent_idempotency WHERE device_id = ${device} ORDER BY created_at, key`,
        )
      ).rows.map((r) => r.key);
    const kept = await keys(d.device_id);
    expect(kept).toHaveLength(IDEMPOTENCY_KEYS_PER_DEVICE);
    expect(kept[0]).toBe('old-2');
    expect(kept.at(-1)).toBe('new-key');
    expect(await keys(other.device_id)).toEqual(['old-1', 'old-2', 'old-3']);
    // The newest key still replays.
    const again = await call(d, 'POST', '/events', body, { 'idempotency-key': 'new-key' });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
