/**
 * The device simulator (tools/simulator) against the real server over HTTP: a fleet enrols, sends
 * its details, checks in, and a second run of the same fleet finds the same devices; a device whose secret was rotated
 * by someone else enrols again by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { SimDevice, identityOf } from '../../../../tools/simulator/device.mjs';
import { createTestApp, login, type TestApp } from '../test/harness.js';
import { newEnrolmentToken } from '../test/agent.js';
import { deviceAlerts, devices } from '../db/schema/index.js';

let t: TestApp;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  token = (await newEnrolmentToken(t, await login(t.app, 'admin', 'DemoAdmin2026!'), { label: 'Simulator' })).secret;
});
afterAll(async () => t.close());

const fleet = (name: string, log: string[]) =>
  [identityOf(name, 0, 'machine'), identityOf(name, 1, 'machine'), identityOf(name, 0, 'mobile')].map(
    (identity) => new SimDevice({ baseUrl, token, identity, log: (line) => log.push(line) }),
  );

describe('device simulator', () => {
  it('enrols a fleet and checks it in; a second run finds the same devices', async () => {
    const log: string[] = [];
    const first = fleet('t1', log);
    for (const d of first) await d.enrol();
    for (const d of first) await d.inventory();
    for (const d of first) expect((await d.checkin()).applied).toBe(true);
    const ids = first.map((d) => d.deviceId!);
    expect(new Set(ids).size).toBe(3);
    const rows = await t.db.select().from(devices).where(inArray(devices.id, ids));
    expect(rows.map((r) => r.name).sort()).toEqual(['T1-PC001', 'T1-PC002', 'T1-TAB001']);
    expect(rows.every((r) => r.lastCheckinSeq === 1)).toBe(true);
    const tablet = rows.find((r) => r.kind === 'mobile');
    expect(tablet?.details).toMatchObject({ imei: expect.stringMatching(/^\d{15}$/) });
    expect(rows.find((r) => r.name === 'T1-PC001')?.details).toMatchObject({ processor: 'Intel Core i5-13500' });
    expect(log.filter((l) => l.includes('enrolled as device'))).toHaveLength(3);

    const [pc] = first;
    await pc!.sendEvents([{ type: 'alert_raised', code: 200, group_id: 'critical_warning', title: 'No filtering' }]);
    const alerts = await t.db
      .select()
      .from(deviceAlerts)
      .where(inArray(deviceAlerts.deviceId, [pc!.deviceId!]));
    expect(alerts.map((a) => [a.code, a.severity, a.clearedAt])).toEqual([[200, 'critical', null]]);
    await pc!.sendEvents([{ type: 'alert_cleared', code: 200 }]);
    const cleared = await t.db
      .select()
      .from(deviceAlerts)
      .where(inArray(deviceAlerts.deviceId, [pc!.deviceId!]));
    expect(cleared[0]?.clearedAt).not.toBeNull();

    const again = fleet('t1', log);
    for (const d of again) await d.enrol();
    expect(again.map((d) => d.deviceId)).toEqual(ids);
  });

  it('a device whose secret was rotated elsewhere enrols again on its next check-in', async () => {
    const log: string[] = [];
    const [a] = fleet('t2', log);
    const [clone] = fleet('t2', log);
    await a!.enrol();
    await clone!.enrol(); // the same identity: the server rotates the secret, a's is now refused
    const r = await a!.checkin();
    expect(r.applied).toBe(true);
    expect(log.some((l) => l.includes('secret refused, enrolling again'))).toBe(true);
    expect(a!.deviceId).toBe(clone!.deviceId);
  });
});
