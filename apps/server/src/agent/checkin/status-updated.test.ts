/**
 * 'Status updated' (001 §3 status_updated, issue 26): it moves when a check-in or an event changes the
 * device's status (back online, another policy applied, an alert opened or closed), not on every
 * check-in; GET /devices/details answers the moment an offline device went offline when that is later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEVICE_ONLINE_MINUTES, type DeviceDetails } from '@wayguard/contracts';
import { call, type Session, type TestApp } from '../../test/harness.js';
import { agentCall, enrolDevice, agentTestApp } from '../../test/agent.js';
import { devices } from '../../db/schema/index.js';

let t: TestApp, admin: Session, token: string;
beforeAll(async () => ({ t, admin, token } = await agentTestApp()));
afterAll(async () => t.close());

const HOUR = 3_600_000;
let seq = 0;
const row = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;
/** Puts the device's last check-in and status change `ms` in the past. */
const age = (id: number, ms: number, statusMs = ms) =>
  t.db
    .update(devices)
    .set({ lastOnline: new Date(Date.now() - ms), statusUpdated: new Date(Date.now() - statusMs) })
    .where(eq(devices.id, id));
const checkin = async (secret: string, payload: Record<string, unknown> = {}) => {
  const res = await agentCall(t, 'POST', '/checkin', { secret, payload: { seq: ++seq, ...payload } });
  expect(res.statusCode, res.body).toBe(200);
};
const events = async (secret: string, list: unknown[]) => {
  const res = await agentCall(t, 'POST', '/events', { secret, payload: { events: list } });
  expect(res.statusCode, res.body).toBe(200);
};
const alert = (id: string, type: 'alert_raised' | 'alert_cleared', occurred: number) => ({
  event_id: id,
  type,
  occurred,
  code: 201,
  ...(type === 'alert_raised' ? { group_id: 'validation_failure', title: 'Alert 201', description: '' } : {}),
});
const statusOf = async (id: number) => (await row(id)).statusUpdated!.getTime();

describe("'Status updated' moves with the device's status", () => {
  it('a check-in of a device that stayed online leaves it; one bringing it back online moves it', async () => {
    const d = await enrolDevice(t, token);
    await age(d.device_id, 60_000, 2 * HOUR);
    const before = await statusOf(d.device_id);
    await checkin(d.device_secret);
    expect(await statusOf(d.device_id)).toBe(before);

    await age(d.device_id, (DEVICE_ONLINE_MINUTES + 1) * 60_000, 2 * HOUR);
    const start = Date.now();
    await checkin(d.device_secret);
    expect(await statusOf(d.device_id)).toBeGreaterThanOrEqual(start - 1000);
  });

  it('a check-in applying another policy version moves it; the same version again does not', async () => {
    const d = await enrolDevice(t, token);
    await checkin(d.device_secret, { applied_policy_version: 'v-one' });
    await age(d.device_id, 60_000, 2 * HOUR);
    const before = await statusOf(d.device_id);
    await checkin(d.device_secret, { applied_policy_version: 'v-one' });
    expect(await statusOf(d.device_id)).toBe(before);
    const start = Date.now();
    await checkin(d.device_secret, { applied_policy_version: 'v-two' });
    expect(await statusOf(d.device_id)).toBeGreaterThanOrEqual(start - 1000);
  });

  it('an alert opened or closed moves it to the event time; a copy, an older event or a future clock do not', async () => {
    const d = await enrolDevice(t, token);
    await age(d.device_id, 60_000, 2 * HOUR);
    const raisedAt = Math.floor((Date.now() - HOUR) / 1000);
    await events(d.device_secret, [alert('event-01', 'alert_raised', raisedAt)]);
    expect(await statusOf(d.device_id)).toBe(raisedAt * 1000);

    await events(d.device_secret, [alert('event-01', 'alert_raised', raisedAt)]); // a copy
    await events(d.device_secret, [alert('event-02', 'alert_raised', raisedAt + 60)]); // already open
    expect(await statusOf(d.device_id)).toBe(raisedAt * 1000);

    const late = Math.floor(Date.now() / 1000) + 3600; // the device's clock runs an hour ahead
    const start = Date.now();
    await events(d.device_secret, [alert('event-03', 'alert_cleared', late)]);
    const cleared = await statusOf(d.device_id);
    expect(cleared).toBeGreaterThanOrEqual(start - 1000);
    expect(cleared).toBeLessThanOrEqual(Date.now());

    await events(d.device_secret, [alert('event-04', 'alert_raised', raisedAt - 60)]); // older than the clear
    expect(await statusOf(d.device_id)).toBe(cleared);
  });

  it('GET /devices/details answers when an offline device went offline, if later than the last change', async () => {
    const d = await enrolDevice(t, token);
    const { serial } = await row(d.device_id);
    const details = async () => {
      const res = await call(t.app, 'GET', '/devices/details', {
        session: admin,
        query: { id: serial, type: 'machine' },
      });
      expect(res.statusCode).toBe(200);
      return res.json<DeviceDetails>();
    };
    await age(d.device_id, 3 * HOUR, 5 * HOUR);
    const wentOffline = (await row(d.device_id)).lastOnline!.getTime() + DEVICE_ONLINE_MINUTES * 60_000;
    expect((await details()).status_updated).toBe(Math.floor(wentOffline / 1000));

    await age(d.device_id, 3 * HOUR, HOUR);
    expect((await details()).status_updated).toBe(Math.floor((await statusOf(d.device_id)) / 1000));

    await age(d.device_id, 60_000, 5 * HOUR); // online: the stored change
    expect((await details()).status_updated).toBe(Math.floor((await statusOf(d.device_id)) / 1000));
  });
});
