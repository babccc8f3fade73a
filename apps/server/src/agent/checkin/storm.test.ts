/**
 * A check-in storm while PostgreSQL is slow (issue 25; batch.ts): the devices' rows are held locked by
 * another transaction, so the batch being written waits, and thousands of check-ins arrive at once. The
 * queue stays within its bound: what does not fit is refused at once with 503 'busy' and a Retry-After
 * of 5-30 s, not held in memory. Once the database answers again, every acknowledged check-in is in it,
 * and no refused one is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { AGENT_BASE, AGENT_MSG, type AgentEnrollResponse } from '@wayguard/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { enrolDevice, newEnrolmentToken, signInDemo } from '../../test/agent.js';
import { buildApp } from '../../app.js';
import { CHECKIN_BATCH_MAX, CHECKIN_RETRY_AFTER_S } from './batch.js';

const DEVICES = 200;
const PER_DEVICE = 10;
const QUEUE_MAX = 300;

let t: TestApp;
let fleet: AgentEnrollResponse[];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signInDemo(t, 'admin');
  const tokens = await Promise.all(
    Array.from({ length: DEVICES / 50 }, async () => (await newEnrolmentToken(t, admin)).secret),
  );
  fleet = [];
  for (const token of tokens)
    fleet.push(...(await Promise.all(Array.from({ length: 50 }, () => enrolDevice(t, token)))));
});
afterAll(async () => t.close());

describe('a check-in storm', () => {
  it('keeps the queue bounded, refuses the rest with 503 and Retry-After, and writes every acknowledged check-in', async () => {
    const app = await buildApp(t.config, t.db, { checkinQueueMax: QUEUE_MAX });
    await app.ready();
    const locker = new pg.Client({ connectionString: t.config.DATABASE_URL! });
    await locker.connect();
    try {
      const checkin = (d: AgentEnrollResponse, seq: number) =>
        app.inject({
          method: 'POST',
          url: `${AGENT_BASE}/checkin`,
          headers: { authorization: `Bearer ${d.device_secret}` },
          payload: { seq },
        });
      // Each device known to the process (its secret kept), so the storm only reaches the batcher.
      for (const d of fleet) expect((await checkin(d, 1)).statusCode).toBe(200);

      const ids = fleet.map((d) => d.device_id);
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM devices WHERE id = ANY($1::int[]) FOR UPDATE', [ids]);

      const answers = new Map<string, LightMyRequestResponse>();
      const storm = fleet.flatMap((d) =>
        Array.from({ length: PER_DEVICE }, (_, i) => {
          const seq = 2 + i;
          return checkin(d, seq).then((res) => answers.set(`${d.device_id}:${seq}`, res));
        }),
      );
      const total = storm.length;
      // At most one batch being written and a full queue wait; every other check-in is answered at once.
      const waitingAtMost = QUEUE_MAX + CHECKIN_BATCH_MAX;
      await expect
        .poll(() => answers.size, { timeout: 20_000, interval: 20 })
        .toBeGreaterThanOrEqual(total - waitingAtMost);
      const early = [...answers.values()];
      expect(early.every((r) => r.statusCode === 503)).toBe(true);

      await locker.query('COMMIT');
      await Promise.all(storm);
      expect(answers.size).toBe(total);

      const acked: [number, number][] = [];
      for (const [key, res] of answers) {
        const [device, seq] = key.split(':').map(Number) as [number, number];
        if (res.statusCode === 200) {
          acked.push([device, seq]);
          continue;
        }
        expect([key, res.statusCode]).toEqual([key, 503]);
        const wait = Number(res.headers['retry-after']);
        expect(wait).toBeGreaterThanOrEqual(CHECKIN_RETRY_AFTER_S.min);
        expect(wait).toBeLessThanOrEqual(CHECKIN_RETRY_AFTER_S.max);
        expect(res.json()).toMatchObject({ error: AGENT_MSG.busy, error_code: 'busy', retry_after: wait });
      }
      expect(acked.length).toBeGreaterThan(0);
      expect(acked.length).toBeLessThanOrEqual(waitingAtMost);
      expect(total - acked.length).toBeGreaterThanOrEqual(total - waitingAtMost);
      // The jitter spreads the refused devices' return over the range.
      const waits = new Set(
        [...answers.values()].filter((r) => r.statusCode === 503).map((r) => r.headers['retry-after']),
      );
      expect(waits.size).toBeGreaterThan(5);

      // Every acknowledged check-in is written: each device's stored sequence is its highest acknowledged one.
      const stored = new Map(
        (
          await t.db.execute<{ id: number; seq: string }>(
            sql`SELECT id, last_checkin_seq AS seq FROM devices WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
          )
        ).rows.map((r) => [r.id, Number(r.seq)]),
      );
      const highest = new Map<number, number>();
      for (const [device, seq] of acked) highest.set(device, Math.max(highest.get(device) ?? 1, seq));
      for (const id of ids) expect([id, stored.get(id)]).toEqual([id, highest.get(id) ?? 1]);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
      await app.close();
    }
  });
});
