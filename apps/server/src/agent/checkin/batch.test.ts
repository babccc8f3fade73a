/**
 * Check-ins written in batches (batch.ts): a burst from many devices, each applied once; two check-ins
 * of one device in one batch, only the newer applied; a batch that fails written one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { AGENT_BASE, type AgentCheckinResponse, type AgentEnrollResponse } from '@wayguard/contracts';
import type { TestApp } from '../../test/harness.js';
import { enrolDevice, agentTestApp } from '../../test/agent.js';
import { devices } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { createCheckinBatcher } from './batch.js';

let t: TestApp, token: string;
beforeAll(async () => ({ t, token } = await agentTestApp()));
afterAll(async () => t.close());

const checkin = async (d: AgentEnrollResponse, seq: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/checkin`,
    headers: { authorization: `Bearer ${d.device_secret}` },
    payload: { seq, agent_version: `9.${seq}.0` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgentCheckinResponse>();
};
const stored = async (ids: number[]) =>
  new Map(
    (
      await t.db
        .select({ id: devices.id, seq: devices.lastCheckinSeq, version: devices.agentVersion })
        .from(devices)
        .where(inArray(devices.id, ids))
    ).map((r) => [r.id, r]),
  );

/** The devices as the device API's authentication gives them to the route, in the order of `ids`. */
const deviceRows = async (ids: number[]) => {
  const rows = await t.db
    .select({ id: devices.id, accountId: devices.accountId, kind: devices.kind })
    .from(devices)
    .where(inArray(devices.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
};

describe('check-ins in batches', () => {
  it('applies a burst from many devices, each once, and answers each', async () => {
    const fleet = await Promise.all(Array.from({ length: 24 }, () => enrolDevice(t, token)));
    const answers = await Promise.all(fleet.map((d, i) => checkin(d, 100 + i)));
    expect(answers.every((a) => a.applied)).toBe(true);
    const rows = await stored(fleet.map((d) => d.device_id));
    fleet.forEach((d, i) => expect(rows.get(d.device_id)).toMatchObject({ seq: 100 + i, version: `9.${100 + i}.0` }));
  });

  it('of two check-ins of one device in one batch, applies the newer only, whatever their order', async () => {
    const batcher = createCheckinBatcher(t.db);
    for (const order of [
      [5, 6],
      [8, 7],
    ]) {
      const [other, d] = await Promise.all([enrolDevice(t, token), enrolDevice(t, token)]);
      const [first, target] = await deviceRows([other!.device_id, d!.device_id]);
      // The first check-in is written at once, alone; the two that come meanwhile wait and go together.
      const alone = batcher.checkin(first!, { seq: 1 });
      const answers = await Promise.all(
        order.map((seq) => batcher.checkin(target!, { seq, agent_version: `9.${seq}.0` })),
      );
      expect((await alone).applied).toBe(true);
      const newest = Math.max(...order);
      expect(answers.map((a) => a.applied)).toEqual(order.map((seq) => seq === newest));
      expect((await stored([d!.device_id])).get(d!.device_id)).toMatchObject({
        seq: newest,
        version: `9.${newest}.0`,
      });
    }
  });

  it('writes a failed batch one check-in at a time', async () => {
    const fleet = await Promise.all(Array.from({ length: 3 }, () => enrolDevice(t, token)));
    const rows = await deviceRows(fleet.map((d) => d.device_id));
    // A database whose batch statement fails once; every other statement runs as usual.
    let failures = 0;
    const session = t.db._.session;
    const failing = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== '_') return Reflect.get(target, key, receiver) as unknown;
        return {
          ...target._,
          session: new Proxy(session, {
            get(s, k, r) {
              if (k !== 'prepareQuery') return Reflect.get(s, k, r) as unknown;
              return (q: { sql: string }, ...rest: unknown[]) => {
                if (q.sql.includes('latest AS') && failures === 0) {
                  failures += 1;
                  return { execute: () => Promise.reject(new Error('batch refused')) };
                }
                return (s.prepareQuery as (...a: unknown[]) => unknown).call(s, q, ...rest);
              };
            },
          }),
        };
      },
    }) as DbOrTx;
    const batcher = createCheckinBatcher(failing);
    const answers = await Promise.all(rows.map((d) => batcher.checkin(d, { seq: 50 })));
    expect(failures).toBe(1);
    expect(answers.every((a) => a.applied)).toBe(true);
    const after = await stored(rows.map((d) => d.id));
    for (const d of rows) expect(after.get(d.id)?.seq).toBe(50);
    expect(await t.db.select().from(devices).where(eq(devices.id, rows[0]!.id))).toHaveLength(1);
  });
});
