import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { AGENT_BASE, type AgentEventsResponse, type RegistrationInfo } from '@wayguard/contracts';
import { call, type Session, type TestApp } from '../../test/harness.js';
import { enrolDevice, agentTestApp } from '../../test/agent.js';
import { deviceAlerts, deviceTimeline } from '../../db/schema/index.js';

let t: TestApp, admin: Session, token: string;
beforeAll(async () => ({ t, admin, token } = await agentTestApp()));
afterAll(async () => t.close());

const enrolled = (kind: 'machine' | 'mobile' = 'machine') => enrolDevice(t, token, { kind });
const send = (secret: string, events: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/events`,
    headers: { authorization: `Bearer ${secret}` },
    payload: { events },
  });
const now = () => Math.floor(Date.now() / 1000);
const raise = (id: string, code: number, occurred = now(), group = 'validation_failure') => ({
  event_id: id,
  type: 'alert_raised',
  occurred,
  code,
  group_id: group,
  title: `Alert ${code}`,
  description: 'Seen by the agent',
});
const clear = (id: string, code: number, occurred = now()) => ({ event_id: id, type: 'alert_cleared', occurred, code });
const openAlerts = (deviceId: number) =>
  t.db
    .select()
    .from(deviceAlerts)
    .where(and(eq(deviceAlerts.deviceId, deviceId), isNull(deviceAlerts.clearedAt)));

describe('POST /api/agent/v1/events', () => {
  it('raises and clears alerts; a resent batch changes nothing', async () => {
    const d = await enrolled();
    const batch = [raise('evt-a-0001', 301), raise('evt-a-0002', 200, now(), 'critical_warning')];
    const first = await send(d.device_secret, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json<AgentEventsResponse>()).toMatchObject({ accepted: 2, duplicates: 0 });
    const open = await openAlerts(d.device_id);
    expect(open.map((a) => [a.code, a.severity, a.groupId, a.title]).sort()).toEqual([
      [200, 'critical', 'critical_warning', 'Alert 200'],
      [301, 'important', 'validation_failure', 'Alert 301'],
    ]);

    const again = await send(d.device_secret, batch);
    expect(again.json<AgentEventsResponse>()).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await openAlerts(d.device_id)).toHaveLength(2);

    await send(d.device_secret, [clear('evt-a-0003', 301)]);
    expect((await openAlerts(d.device_id)).map((a) => a.code)).toEqual([200]);
  });

  it('one open alert per code: raising it again updates its text', async () => {
    const d = await enrolled();
    await send(d.device_secret, [raise('evt-b-0001', 305)]);
    await send(d.device_secret, [{ ...raise('evt-b-0002', 305), title: 'Updated title' }]);
    const open = await openAlerts(d.device_id);
    expect(open.map((a) => a.title)).toEqual(['Updated title']);
  });

  it('writes a timeline line for each alert opened or closed, none for copies, re-raises or clears of nothing', async () => {
    const d = await enrolled();
    const lines = async () =>
      (await t.db.select().from(deviceTimeline).where(eq(deviceTimeline.deviceId, d.device_id)))
        .filter((l) => l.kind.startsWith('alert_'))
        .sort((a, b) => a.id - b.id)
        .map((l) => [l.kind, l.text]);
    const t0 = now() - 100;
    const batch = [raise('evt-t-0001', 301, t0), clear('evt-t-0002', 999, t0)];
    await send(d.device_secret, batch);
    await send(d.device_secret, batch);
    await send(d.device_secret, [raise('evt-t-0003', 301, t0 + 1)]);
    await send(d.device_secret, [clear('evt-t-0004', 301, t0 + 2)]);
    expect(await lines()).toEqual([
      ['alert_raised', 'Alert 301 (301)'],
      ['alert_cleared', 'Alert 301 (301) cleared'],
    ]);
    const raised = (await t.db.select().from(deviceTimeline).where(eq(deviceTimeline.deviceId, d.device_id))).find(
      (l) => l.kind === 'alert_raised',
    );
    expect(raised?.at.getTime()).toBe(t0 * 1000);
  });

  it('a raise older than a clear already received opens nothing (events out of order)', async () => {
    const d = await enrolled();
    const t0 = now() - 60;
    await send(d.device_secret, [clear('evt-c-0002', 307, t0 + 30)]);
    const res = await send(d.device_secret, [raise('evt-c-0001', 307, t0)]);
    expect(res.json<AgentEventsResponse>().accepted).toBe(1);
    expect(await openAlerts(d.device_id)).toHaveLength(0);
    // A newer raise opens it again.
    await send(d.device_secret, [raise('evt-c-0003', 307, t0 + 50)]);
    expect(await openAlerts(d.device_id)).toHaveLength(1);
  });

  it('two copies of one batch at once apply it once', async () => {
    const d = await enrolled();
    const batch = [raise('evt-d-0001', 303), raise('evt-d-0002', 304)];
    const answers = await Promise.all([send(d.device_secret, batch), send(d.device_secret, batch)]);
    const sum = answers.map((r) => r.json<AgentEventsResponse>()).reduce((a, r) => a + r.accepted, 0);
    expect(sum).toBe(2);
    expect(await openAlerts(d.device_id)).toHaveLength(2);
  });

  it("the dashboard's alert tiles count a device's open alerts, and stop when they clear", async () => {
    const counts = async () =>
      (await call(t.app, 'GET', '/registration_info', { session: admin })).json<RegistrationInfo>();
    const before = await counts();
    const d = await enrolled();
    await send(d.device_secret, [raise('evt-e-0001', 200, now(), 'critical_warning')]);
    expect((await counts()).critical_alert_count).toBe(before.critical_alert_count + 1);
    await send(d.device_secret, [raise('evt-e-0002', 301)]);
    expect((await counts()).important_alert_count).toBe(before.important_alert_count + 1);
    await send(d.device_secret, [clear('evt-e-0003', 200), clear('evt-e-0004', 301)]);
    const after = await counts();
    expect([after.critical_alert_count, after.important_alert_count]).toEqual([
      before.critical_alert_count,
      before.important_alert_count,
    ]);
  });

  it.each([
    ['an empty batch', []],
    ['more than 100 events', Array.from({ length: 101 }, (_, i) => raise(`evt-f-${String(i).padStart(4, '0')}`, 301))],
    ['an unknown type', [{ ...raise('evt-g-0001', 301), type: 'alert_exploded' }]],
    ['an unknown group', [raise('evt-g-0002', 301, now(), 'nonsense')]],
    ['a short event id', [raise('e1', 301)]],
    ['a raise without a title', [{ ...raise('evt-g-0003', 301), title: '' }]],
    ['a code of 0', [raise('evt-g-0004', 0)]],
  ])('refuses %s with 400', async (_, events) => {
    const d = await enrolled();
    expect((await send(d.device_secret, events)).statusCode).toBe(400);
    expect(await openAlerts(d.device_id)).toHaveLength(0);
  });
});
