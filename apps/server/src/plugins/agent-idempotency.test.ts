import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { AGENT_BASE, IDEMPOTENCY_MSG, type AgentEventsResponse } from '@wayguard/contracts';
import { createTestApp, nextIp, type TestApp } from '../test/harness.js';
import { signInAs } from '../test/demo.js';
import { enrolDevice, newEnrolmentToken } from '../test/agent.js';
import { agentIdempotency, deviceAlerts } from '../db/schema/index.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await newEnrolmentToken(t, await signInAs(t, 'admin'))).secret;
});
afterAll(async () => t.close());

const enrolled = () => enrolDevice(t, token);
const post = (secret: string, path: string, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}${path}`,
    headers: { authorization: `Bearer ${secret}`, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
const raise = (id: string) => ({
  event_id: id,
  type: 'alert_raised',
  occurred: Math.floor(Date.now() / 1000),
  code: 301,
  group_id: 'validation_failure',
  title: 'Licence',
});

describe('Idempotency-Key on device POSTs', () => {
  it('the same key and body get the first answer again, without running twice', async () => {
    const d = await enrolled();
    const body = { events: [raise('idem-evt-0001')] };
    const first = await post(d.device_secret, '/events', body, 'retry-1');
    expect(first.json<AgentEventsResponse>()).toMatchObject({ accepted: 1, duplicates: 0 });
    const again = await post(d.device_secret, '/events', body, 'retry-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The first answer (accepted 1), not what running it again would say (duplicates 1).
    expect(again.json<AgentEventsResponse>()).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(again.json<AgentEventsResponse>().server_time).toBeGreaterThan(0);
    const open = await t.db
      .select()
      .from(deviceAlerts)
      .where(and(eq(deviceAlerts.deviceId, d.device_id), isNull(deviceAlerts.clearedAt)));
    expect(open).toHaveLength(1);
  });

  it('the same key with another body answers 422; without a key every call runs', async () => {
    const d = await enrolled();
    await post(d.device_secret, '/checkin', { seq: 1 }, 'k-2');
    const other = await post(d.device_secret, '/checkin', { seq: 2 }, 'k-2');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: IDEMPOTENCY_MSG.reused });
    const plain = await post(d.device_secret, '/checkin', { seq: 2 });
    expect(plain.json()).toMatchObject({ applied: true });
  });

  it("keys are each device's own", async () => {
    const a = await enrolled();
    const b = await enrolled();
    await post(a.device_secret, '/checkin', { seq: 5 }, 'shared-key');
    const res = await post(b.device_secret, '/checkin', { seq: 5 }, 'shared-key');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.json()).toMatchObject({ applied: true });
    const rows = await t.db.select().from(agentIdempotency).where(eq(agentIdempotency.key, 'shared-key'));
    expect(rows.map((r) => r.deviceId).sort()).toEqual([a.device_id, b.device_id].sort());
  });

  it('refuses a malformed key with 400, and stores no enrolment answer', async () => {
    const d = await enrolled();
    for (const key of ['', 'has space', 'x'.repeat(129)]) {
      const res = await post(d.device_secret, '/checkin', { seq: 9 }, key);
      expect([key, res.statusCode]).toEqual([key, 400]);
    }
    const enrol = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/enroll`,
      headers: { 'idempotency-key': 'enrol-1' },
      payload: {
        token,
        instance_id: `idem-e-${Date.now()}`,
        kind: 'machine',
        serial: `IDEM-E-${Date.now()}`,
        name: 'E',
      },
      remoteAddress: nextIp(),
    });
    expect(enrol.statusCode).toBe(200);
    expect(await t.db.select().from(agentIdempotency).where(eq(agentIdempotency.key, 'enrol-1'))).toEqual([]);
  });
});
