/**
 * Issue 25: a token and a serial do not take over a device. An enrolment of a known identity without
 * the device's secret is held as a replacement; its claim answers 401 replacement_pending until a
 * Console Admin approves (the claim becomes the secret, the old one is refused) or refuses it
 * (replacement_refused). A critical alert and timeline lines follow it; a newer hold supersedes an older.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import {
  AGENT_MSG,
  DEVICE_IDENTITY_MSG,
  REPLACEMENT_ALERT_CODE,
  type AgentEnrollRequest,
  type AgentEnrollResponse,
  type DeviceAlertsResponse,
  type DeviceReplacementResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { agentCall, newEnrolmentToken, signInDemo } from '../../test/agent.js';
import { auditRows } from '../../test/helpers.js';
import { deviceAlerts, deviceReplacements, devices, deviceTimeline, enrolmentTokens } from '../../db/schema/index.js';

let t: TestApp;
let admin: Session;
let token: { id: number; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInDemo(t, 'admin');
  const made = await newEnrolmentToken(t, admin, { label: 'Lab image', max_uses: 100 });
  token = { id: made.token.id, secret: made.secret };
});
afterAll(async () => t.close());

let n = 0;
function identity(over: Partial<AgentEnrollRequest> = {}): AgentEnrollRequest {
  n += 1;
  const tag = `${Date.now()}-${n}`;
  return {
    token: token.secret,
    instance_id: `inst-${tag}`,
    kind: 'machine',
    serial: `REPL-${tag}`,
    hardware_uuid: 'UUID-ORIGINAL',
    name: `LAB-${n}`,
    os: 'Windows',
    os_version: '11 23H2',
    agent_version: '5.15.0',
    model: 'OptiPlex 7010',
    ...over,
  };
}

const enroll = async (body: AgentEnrollRequest, secret?: string) => {
  const res = await agentCall(t, 'POST', '/enroll', { payload: body, ...(secret ? { secret } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json<AgentEnrollResponse>();
};
const checkin = (secret: string) => agentCall(t, 'POST', '/checkin', { secret, payload: { seq: 1 } });
const uses = async () => (await t.db.select().from(enrolmentTokens).where(eq(enrolmentTokens.id, token.id)))[0]!.uses;
const replacementOf = async (serial: string) => {
  const res = await call(t.app, 'GET', '/devices/replacement', {
    session: admin,
    query: { id: serial, type: 'machine' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<DeviceReplacementResponse>().replacement;
};
const decide = (serial: string, replacementId: number, decision: 'approve' | 'refuse') =>
  call(t.app, 'POST', '/devices/replacement', {
    session: admin,
    payload: { id: serial, type: 'machine', replacement_id: replacementId, decision },
  });
const openReplacementAlerts = (deviceId: number) =>
  t.db
    .select()
    .from(deviceAlerts)
    .where(
      and(
        eq(deviceAlerts.deviceId, deviceId),
        eq(deviceAlerts.code, REPLACEMENT_ALERT_CODE),
        isNull(deviceAlerts.clearedAt),
      ),
    );

/** A device enrolled, and a second enrolment of its identity without its secret (from another machine). */
async function held(over: Partial<AgentEnrollRequest> = {}) {
  const body = identity();
  const first = await enroll(body);
  const before = await uses();
  const clone = await enroll({ ...body, hardware_uuid: 'UUID-CLONE', model: 'Latitude 5440', ...over });
  return { body, first, clone, usesBefore: before };
}

describe('an enrolment of a known device without its secret', () => {
  it('gets only a claim: 401 replacement_pending, the device keeps its secret, a critical alert and a timeline line', async () => {
    const criticalOnDashboard = async () =>
      (await call(t.app, 'GET', '/registration_info', { session: admin })).json<{ critical_alert_count: number }>()
        .critical_alert_count;
    const before = await criticalOnDashboard();
    const { body, first, clone, usesBefore } = await held();
    expect(await criticalOnDashboard()).toBe(before + 1);
    expect(clone).toMatchObject({ device_id: first.device_id, status: 'replacement_pending' });
    expect(clone.device_secret).not.toBe(first.device_secret);
    expect(await uses()).toBe(usesBefore + 1);

    const refused = await checkin(clone.device_secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      error_code: 'replacement_pending',
      error: AGENT_MSG.replacementPending,
    });
    expect((await checkin(first.device_secret)).statusCode).toBe(200);

    const alerts = await call(t.app, 'GET', '/devices/alerts', {
      session: admin,
      query: { id: body.serial, type: 'machine' },
    });
    expect(alerts.json<DeviceAlertsResponse>().alerts).toEqual([
      expect.objectContaining({ code: REPLACEMENT_ALERT_CODE, group_id: 'critical_warning' }),
    ]);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, first.device_id));
    expect(row?.openCriticalAlerts).toBe(1);
    const kinds = (await t.db.select().from(deviceTimeline).where(eq(deviceTimeline.deviceId, first.device_id))).map(
      (l) => l.kind,
    );
    expect(kinds).toEqual(['enrolled', 'replacement_requested']);
    const r = await replacementOf(body.serial);
    expect((await decide(body.serial, r!.id, 'refuse')).statusCode).toBe(200);
    expect(await criticalOnDashboard()).toBe(before);
    expect(await auditRows(t.db, 'device.replacement_requested')).toEqual(
      expect.arrayContaining([expect.objectContaining({ targetId: String(first.device_id) })]),
    );
  });

  it('shows the current and the new hardware side by side on the device page', async () => {
    const { body, clone } = await held();
    const r = await replacementOf(body.serial);
    expect(r).toMatchObject({
      token_label: 'Lab image',
      current: {
        serial: body.serial,
        instance_id: body.instance_id,
        hardware_uuid: 'UUID-ORIGINAL',
        model: 'OptiPlex 7010',
      },
      proposed: {
        serial: body.serial,
        instance_id: body.instance_id,
        hardware_uuid: 'UUID-CLONE',
        model: 'Latitude 5440',
      },
    });
    expect(r!.proposed.address).toMatch(/^10\.0\./);
    expect(r!.proposed.at).toBeGreaterThan(0);
    expect(JSON.stringify(r)).not.toContain(clone.device_secret);
  });

  it('approved: the claim becomes the secret, the old one is refused, the new hardware is kept, the alert closes', async () => {
    const { body, first, clone } = await held();
    const r = await replacementOf(body.serial);
    const res = await decide(body.serial, r!.id, 'approve');
    expect(res.statusCode).toBe(200);
    expect((await checkin(clone.device_secret)).statusCode).toBe(200);
    const old = await checkin(first.device_secret);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ error_code: 'reenrol' });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, first.device_id));
    expect(row).toMatchObject({ hardwareUuid: 'UUID-CLONE', modelName: 'Latitude 5440', openCriticalAlerts: 0 });
    expect(await openReplacementAlerts(first.device_id)).toEqual([]);
    expect(await replacementOf(body.serial)).toBeNull();
    const [line] = await t.db
      .select()
      .from(deviceTimeline)
      .where(and(eq(deviceTimeline.deviceId, first.device_id), eq(deviceTimeline.kind, 'replacement_approved')));
    expect(line?.actor).toBe('Alex Morgan');
    // Decided once: deciding again is refused with the reason.
    const again = await decide(body.serial, r!.id, 'refuse');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: DEVICE_IDENTITY_MSG.replacementDecided });
  });

  it('refused: the claim answers replacement_refused, the device keeps its secret, the alert closes', async () => {
    const { body, first, clone } = await held();
    const r = await replacementOf(body.serial);
    expect((await decide(body.serial, r!.id, 'refuse')).statusCode).toBe(200);
    const res = await checkin(clone.device_secret);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error_code: 'replacement_refused', error: AGENT_MSG.replacementRefused });
    expect((await checkin(first.device_secret)).statusCode).toBe(200);
    expect(await openReplacementAlerts(first.device_id)).toEqual([]);
  });

  it('a newer hold supersedes the older (one pending a device, one alert); the older claim is refused', async () => {
    const { body, first, clone } = await held();
    const newer = await enroll({ ...body, hardware_uuid: 'UUID-THIRD' });
    expect(newer.status).toBe('replacement_pending');
    const pending = await t.db
      .select()
      .from(deviceReplacements)
      .where(and(eq(deviceReplacements.deviceId, first.device_id), eq(deviceReplacements.state, 'pending')));
    expect(pending.map((p) => p.hardwareUuid)).toEqual(['UUID-THIRD']);
    expect(await openReplacementAlerts(first.device_id)).toHaveLength(1);
    expect((await checkin(clone.device_secret)).json()).toMatchObject({ error_code: 'replacement_refused' });
    expect((await checkin(newer.device_secret)).json()).toMatchObject({ error_code: 'replacement_pending' });
  });

  it('two administrators deciding at once: exactly one wins, the other gets 409', async () => {
    const { body, first, clone } = await held();
    const r = await replacementOf(body.serial);
    const both = await Promise.all([decide(body.serial, r!.id, 'approve'), decide(body.serial, r!.id, 'refuse')]);
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const approved = both[0]!.statusCode === 200;
    expect((await checkin(clone.device_secret)).statusCode).toBe(approved ? 200 : 401);
    expect((await checkin(first.device_secret)).statusCode).toBe(approved ? 401 : 200);
  });

  it('refuses a replacement id of another device (409), a bad decision (400) and an unknown device (404)', async () => {
    const a = await held();
    const b = await held();
    const ra = await replacementOf(a.body.serial);
    expect((await decide(b.body.serial, ra!.id, 'approve')).statusCode).toBe(409);
    const bad = await call(t.app, 'POST', '/devices/replacement', {
      session: admin,
      payload: { id: a.body.serial, type: 'machine', replacement_id: ra!.id, decision: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await decide('NO-SUCH-SERIAL', ra!.id, 'approve')).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', '/devices/replacement', { session: admin, query: { id: 'NO-SUCH', type: 'machine' } }))
        .statusCode,
    ).toBe(404);
  });

  it('a device cannot raise or clear the replacement alert through its events', async () => {
    const { first } = await held();
    const res = await agentCall(t, 'POST', '/events', {
      secret: first.device_secret,
      payload: {
        events: [
          {
            event_id: `ev-${Date.now()}-x`,
            type: 'alert_cleared',
            code: REPLACEMENT_ALERT_CODE,
            occurred: Math.floor(Date.now() / 1000),
          },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(await openReplacementAlerts(first.device_id)).toHaveLength(1);
  });

  it('approving one whose instance id another device took meanwhile answers 409 and changes nothing', async () => {
    const taken = `taken-${Date.now()}`;
    const { body, first, clone } = await held({ instance_id: taken });
    await enroll(identity({ instance_id: taken }));
    const r = await replacementOf(body.serial);
    const res = await decide(body.serial, r!.id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: DEVICE_IDENTITY_MSG.instanceTaken });
    expect((await checkin(first.device_secret)).statusCode).toBe(200);
    expect((await checkin(clone.device_secret)).json()).toMatchObject({ error_code: 'replacement_pending' });
  });
});
