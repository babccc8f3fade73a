/**
 * Policies named for a person (issue 26): each new version of a device's policy takes its next number
 * (device_configs.policy_number); the timeline says 'Policy version N applied', never a hash, and the
 * details answer the current and applied numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { DeviceDetails } from '@wayguard/contracts';
import { call, type Session, type TestApp } from '../../test/harness.js';
import { agentCall, enrolDevice, agentTestApp } from '../../test/agent.js';
import { deviceConfigs, devices, deviceTimeline } from '../../db/schema/index.js';
import { refreshPolicyVersion } from '../../domain/devices/device-policy.js';

let t: TestApp, admin: Session, token: string;
beforeAll(async () => ({ t, admin, token } = await agentTestApp()));
afterAll(async () => t.close());

let seq = 0;
const configOf = async (id: number) =>
  (await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, id)))[0]!;
const serialOf = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!.serial;
const apply = async (secret: string, version: string) => {
  const res = await agentCall(t, 'POST', '/checkin', {
    secret,
    payload: { seq: ++seq, applied_policy_version: version },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const lastLine = async (id: number) =>
  (
    await t.db
      .select()
      .from(deviceTimeline)
      .where(eq(deviceTimeline.deviceId, id))
      .orderBy(desc(deviceTimeline.id))
      .limit(1)
  )[0]!;
/** Turns Beta Versions over: a settings change, so a new policy version. */
const changeSettings = async (serial: string) => {
  const config = (
    await call(t.app, 'GET', '/devices/config', { session: admin, query: { id: serial, type: 'machine' } })
  ).json<{ bool_settings: { key: string; value: boolean }[] }>();
  const beta = config.bool_settings.find((s) => s.key === 'allow_beta_service_pack_install')!;
  const res = await call(t.app, 'POST', '/devices/config', {
    session: admin,
    payload: { id: serial, type: 'machine', bool_settings: [{ key: beta.key, value: !beta.value }] },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const policyOf = async (serial: string) =>
  (
    await call(t.app, 'GET', '/devices/details', { session: admin, query: { id: serial, type: 'machine' } })
  ).json<DeviceDetails>().policy;

describe('policy numbers', () => {
  it('numbers each new version; the timeline names the applied one by number, never by hash', async () => {
    const d = await enrolDevice(t, token);
    const serial = await serialOf(d.device_id);
    const first = await configOf(d.device_id);
    expect(first.policyNumber).toBe(1);
    await apply(d.device_secret, first.policyVersion);
    expect((await lastLine(d.device_id)).text).toBe('Policy version 1 applied');
    expect(await policyOf(serial)).toMatchObject({ number: 1, applied_number: 1, state: 'applied' });

    await changeSettings(serial);
    const second = await configOf(d.device_id);
    expect(second.policyNumber).toBe(2);
    expect(await policyOf(serial)).toMatchObject({ number: 2, applied_number: null, state: 'pending' });
    await apply(d.device_secret, second.policyVersion);
    const line = await lastLine(d.device_id);
    expect(line.text).toBe('Policy version 2 applied');
    expect(line.text).not.toContain(second.policyVersion.slice(0, 8));

    // An older version applied again (a device behind) is not named by a number it no longer has.
    await apply(d.device_secret, first.policyVersion);
    expect((await lastLine(d.device_id)).text).toBe('An earlier policy version applied');
  });

  it('the same version computed again (cleared by a web-access change that changed nothing) keeps its number', async () => {
    const d = await enrolDevice(t, token);
    await t.db.update(deviceConfigs).set({ policyVersion: '' }).where(eq(deviceConfigs.deviceId, d.device_id));
    await refreshPolicyVersion(t.db, (await configOf(d.device_id)).accountId, d.device_id);
    expect((await configOf(d.device_id)).policyNumber).toBe(1);
    const serial = await serialOf(d.device_id);
    await t.db.update(deviceConfigs).set({ policyVersion: '' }).where(eq(deviceConfigs.deviceId, d.device_id));
    expect(await policyOf(serial)).toMatchObject({ number: 1 });
  });
});
