import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AGENT_BASE,
  AGENT_MSG,
  type AgentCheckinResponse,
  type AgentEnrollRequest,
  type AgentEnrollResponse,
} from '@wayguard/contracts';
import { call, createTestApp, nextIp, type Session, type TestApp } from '../../test/harness.js';
import { auditRows } from '../../test/helpers.js';
import { newEnrolmentToken, signInDemo } from '../../test/agent.js';
import { deviceConfigs, devices, deviceTimeline, enrolmentTokens } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInDemo(t, 'admin');
});
afterAll(async () => t.close());

function agent(method: 'GET' | 'POST', path: string, o: { payload?: unknown; secret?: string; cookie?: string } = {}) {
  return t.app.inject({
    method,
    url: `${AGENT_BASE}${path}`,
    headers: o.secret ? { authorization: `Bearer ${o.secret}` } : {},
    cookies: o.cookie ? { wg_session: o.cookie } : {},
    payload: method === 'GET' ? undefined : ((o.payload ?? {}) as object),
    remoteAddress: nextIp(),
  });
}

const newToken = (payload: Record<string, unknown> = {}) =>
  newEnrolmentToken(t, admin, { max_uses: 5, valid_days: 7, ...payload });

let n = 0;
function device(token: string, over: Partial<AgentEnrollRequest> = {}): AgentEnrollRequest {
  n += 1;
  return {
    token,
    instance_id: `inst-${Date.now()}-${n}`,
    kind: 'machine',
    serial: `SIM-${Date.now()}-${n}`,
    hardware_uuid: '4C4C4544-0042-3010-8052-B7C04F4B4E32',
    name: `LAB-PC-${n}`,
    os: 'Windows',
    os_version: '11 23H2',
    agent_version: '5.15.0',
    model: 'OptiPlex 7010',
    ...over,
  };
}

const enroll = (payload: unknown, secret?: string) =>
  agent('POST', '/enroll', { payload, ...(secret ? { secret } : {}) });
const uses = async (id: number) =>
  (await t.db.select().from(enrolmentTokens).where(eq(enrolmentTokens.id, id)))[0]!.uses;

describe('POST /api/agent/v1/enroll', () => {
  it('gives a new device its id and a secret (stored as a hash), counts a use and audits', async () => {
    const { token, secret: tokenSecret } = await newToken();
    const body = device(tokenSecret);
    const before = Math.floor(Date.now() / 1000);
    const res = await enroll(body);
    expect(res.statusCode).toBe(200);
    const r = res.json<AgentEnrollResponse>();
    expect(r.device_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.checkin_interval_s).toBe(300);
    expect(r.server_time).toBeGreaterThanOrEqual(before);

    const [row] = await t.db.select().from(devices).where(eq(devices.id, r.device_id));
    expect(row).toMatchObject({ serial: body.serial, name: body.name, kind: 'machine', instanceId: body.instance_id });
    expect(row?.agentTokenHash).toBe(sha256(r.device_secret));
    expect(JSON.stringify(row)).not.toContain(r.device_secret);
    expect(await uses(token.id)).toBe(1);
    const audits = (await auditRows(t.db, 'device.enrolled')).filter((a) => a.targetId === String(r.device_id));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(r.device_secret);
  });

  it('re-enrolment with the current secret finds the device by instance id, then by kind and serial: no duplicate, a new secret, no use counted', async () => {
    const { token, secret: tokenSecret } = await newToken();
    const first = device(tokenSecret);
    const a = (await enroll(first)).json<AgentEnrollResponse>();
    expect(a.status).toBe('enrolled');
    const again = (await enroll({ ...first, name: 'renamed by agent' }, a.device_secret)).json<AgentEnrollResponse>();
    expect(again).toMatchObject({ device_id: a.device_id, status: 'enrolled' });
    expect(again.device_secret).not.toBe(a.device_secret);
    const seen = await agent('POST', '/checkin', { secret: again.device_secret, payload: { seq: 7 } });
    expect(seen.json<AgentCheckinResponse>().applied).toBe(true);
    // Re-imaged: a new instance id, the same serial (the agent kept its secret).
    const reimaged = (
      await enroll({ ...first, instance_id: `${first.instance_id}-new` }, again.device_secret)
    ).json<AgentEnrollResponse>();
    expect(reimaged).toMatchObject({ device_id: a.device_id, status: 'enrolled' });
    const rows = await t.db
      .select()
      .from(devices)
      .where(and(eq(devices.serial, first.serial)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe(first.name);
    expect(await uses(token.id)).toBe(1);

    // Only the newest secret works.
    for (const old of [a.device_secret, again.device_secret]) {
      const res = await agent('POST', '/checkin', { secret: old, payload: { seq: 1 } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error_code: 'reenrol', error: AGENT_MSG.reenrol });
    }
    // A re-installed agent counts its check-ins from the start again.
    const fresh = await agent('POST', '/checkin', { secret: reimaged.device_secret, payload: { seq: 1 } });
    expect(fresh.json<AgentCheckinResponse>().applied).toBe(true);
  });

  it('writes the timeline: enrolled, then enrolled again; a new device starts with its default settings', async () => {
    const { secret: tokenSecret } = await newToken({ label: 'Lab image' });
    const body = device(tokenSecret, { kind: 'mobile' });
    const a = (await enroll(body)).json<AgentEnrollResponse>();
    const [config] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, a.device_id));
    expect(config?.boolSettings).toEqual([
      { key: 'safe_search_enabled', value: true },
      { key: 'allow_website_requests', value: true },
      { key: 'allow_media_requests', value: true },
      { key: 'allow_google_secondary_accounts', value: false },
    ]);
    expect(config?.policyVersion).toMatch(/^[0-9a-f]{32}$/);
    // Settings an administrator changed survive a re-enrolment.
    await t.db.update(deviceConfigs).set({ boolSettings: [] }).where(eq(deviceConfigs.deviceId, a.device_id));
    await enroll(body, a.device_secret);
    const lines = await t.db
      .select()
      .from(deviceTimeline)
      .where(eq(deviceTimeline.deviceId, a.device_id))
      .orderBy(deviceTimeline.id);
    expect(lines.map((l) => [l.kind, l.text, l.actor])).toEqual([
      ['enrolled', 'Enrolled with the token "Lab image"', ''],
      [
        're_enrolled',
        'Enrolled again with the token "Lab image" and its current secret: a new device secret, history and settings kept',
        '',
      ],
    ]);
    const [kept] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, a.device_id));
    expect(kept?.boolSettings).toEqual([]);
  });

  it('two enrolments of one new device at once make one device: one enrolled, the others held as replacements', async () => {
    const { token, secret: tokenSecret } = await newToken();
    const body = device(tokenSecret);
    const answers = await Promise.all([enroll(body), enroll(body), enroll(body)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.json<AgentEnrollResponse>().device_id)).size).toBe(1);
    expect(answers.map((r) => r.json<AgentEnrollResponse>().status).sort()).toEqual([
      'enrolled',
      'replacement_pending',
      'replacement_pending',
    ]);
    expect(await t.db.select().from(devices).where(eq(devices.instanceId, body.instance_id))).toHaveLength(1);
    // Each hold counts as a use of the token.
    expect(await uses(token.id)).toBe(3);
    const id = answers[0]!.json<AgentEnrollResponse>().device_id;
    const kinds = (await t.db.select().from(deviceTimeline).where(eq(deviceTimeline.deviceId, id))).map((l) => l.kind);
    expect(kinds.filter((k) => k === 'enrolled')).toHaveLength(1);

    // With two tokens of the account nothing serialises the two calls: the unique index decides.
    const other = await newToken();
    const twice = device(tokenSecret);
    const both = await Promise.all([enroll(twice), enroll({ ...twice, token: other.secret })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(both.map((r) => r.json<AgentEnrollResponse>().device_id)).size).toBe(1);
    expect(await t.db.select().from(devices).where(eq(devices.instanceId, twice.instance_id))).toHaveLength(1);
  });

  it('refuses an unknown, revoked, expired or used-up token with 401 token_invalid', async () => {
    const unknown = await enroll(device('wge_nosuchtokenatallxxxxxxxxxxxxxxxxxx'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({
      success: false,
      error: AGENT_MSG.tokenInvalid,
      error_code: 'token_invalid',
    });
    expect(unknown.json<{ server_time: number }>().server_time).toBeGreaterThan(0);

    const revoked = await newToken();
    await call(t.app, 'POST', '/enrolment_tokens/revoke', { session: admin, payload: { id: revoked.token.id } });
    expect((await enroll(device(revoked.secret))).json()).toMatchObject({ error_code: 'token_invalid' });

    const expired = await newToken();
    await t.db
      .update(enrolmentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(enrolmentTokens.id, expired.token.id));
    expect((await enroll(device(expired.secret))).json()).toMatchObject({ error_code: 'token_invalid' });

    const single = await newToken({ max_uses: 1 });
    const only = device(single.secret);
    const enrolled = await enroll(only);
    expect(enrolled.statusCode).toBe(200);
    expect((await enroll(device(single.secret))).json()).toMatchObject({ error_code: 'token_invalid' });
    // A used-up token enrols no known device either: not with its secret, not without it.
    const secret = enrolled.json<AgentEnrollResponse>().device_secret;
    for (const again of [await enroll(only, secret), await enroll(only)]) {
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ error_code: 'token_invalid' });
    }
    expect(await uses(single.token.id)).toBe(1);
    expect((await agent('POST', '/checkin', { secret, payload: { seq: 1 } })).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['no token', { ...device('x'), token: undefined }],
    ['a short instance id', { ...device('x'), instance_id: 'short' }],
    ['an instance id with spaces', { ...device('x'), instance_id: 'has spaces in it' }],
    ['an unknown kind', { ...device('x'), kind: 'toaster' }],
    ['an empty serial', { ...device('x'), serial: '   ' }],
    ['an overlong name', { ...device('x'), name: 'n'.repeat(65) }],
    ['a lone surrogate', { ...device('x'), name: 'bad\uD800name' }],
  ])('answers %s with 400, never 500', async (_, payload) => {
    const res = await enroll(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ server_time: number }>().server_time).toBeGreaterThan(0);
  });
});

describe('POST /api/agent/v1/checkin', () => {
  it('records the heartbeat; an older sequence number changes nothing', async () => {
    const { secret: tokenSecret } = await newToken();
    const r = (await enroll(device(tokenSecret))).json<AgentEnrollResponse>();
    const res = await agent('POST', '/checkin', {
      secret: r.device_secret,
      payload: { seq: 10, agent_version: '5.16.0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AgentCheckinResponse>()).toMatchObject({ applied: true, checkin_interval_s: 300 });
    const late = await agent('POST', '/checkin', {
      secret: r.device_secret,
      payload: { seq: 9, agent_version: '5.14.0' },
    });
    expect(late.json<AgentCheckinResponse>().applied).toBe(false);
    const same = await agent('POST', '/checkin', { secret: r.device_secret, payload: { seq: 10 } });
    expect(same.json<AgentCheckinResponse>().applied).toBe(false);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, r.device_id));
    expect(row?.agentVersion).toBe('5.16.0');
    expect(row?.lastCheckinSeq).toBe(10);
    expect(Date.now() - row!.lastOnline!.getTime()).toBeLessThan(60_000);
  });

  it('needs a device secret: none, a malformed one or a console cookie answer 401 reenrol', async () => {
    for (const o of [{}, { secret: 'short' }, { secret: 'x'.repeat(40) }, { cookie: admin.cookie }]) {
      const res = await agent('POST', '/checkin', { ...o, payload: { seq: 1 } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error_code: 'reenrol' });
    }
  });

  it('a device secret does not open the console API', async () => {
    const { secret: tokenSecret } = await newToken();
    const r = (await enroll(device(tokenSecret))).json<AgentEnrollResponse>();
    const res = await call(t.app, 'GET', '/stats', { headers: { authorization: `Bearer ${r.device_secret}` } });
    expect(res.statusCode).toBe(401);
  });

  it.each([[{}], [{ seq: -1 }], [{ seq: 1.5 }], [{ seq: '3' }]])('refuses %j with 400', async (payload) => {
    const { secret: tokenSecret } = await newToken();
    const r = (await enroll(device(tokenSecret))).json<AgentEnrollResponse>();
    expect((await agent('POST', '/checkin', { secret: r.device_secret, payload })).statusCode).toBe(400);
  });
});
