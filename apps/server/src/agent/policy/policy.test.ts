/**
 * GET /api/agent/v1/policy: the device's settings with ETag "<version>"; If-None-Match with the
 * stored version answers 304 from the stored version alone; the ETag follows the config; check-in
 * tells the version and records the one the device applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AGENT_BASE, type AgentCheckinResponse, type AgentPolicyResponse } from '@wayguard/contracts';
import { call, type TestApp } from '../../test/harness.js';
import { addWebsite } from '../../test/web-access-data.js';
import { enrolDevice, agentTestApp, signInDemo } from '../../test/agent.js';
import { deviceConfigs, devices, deviceTimeline } from '../../db/schema/index.js';
import { refreshPolicyVersion } from '../../domain/devices/device-policy.js';

let t: TestApp, token: string;
beforeAll(async () => ({ t, token } = await agentTestApp()));
afterAll(async () => t.close());

type Device = { id: number; secret: string; accountId: number };
async function enrolled(kind: 'machine' | 'mobile' = 'machine'): Promise<Device> {
  const d = await enrolDevice(t, token, { kind });
  const [row] = await t.db.select().from(devices).where(eq(devices.id, d.device_id));
  return { id: d.device_id, secret: d.device_secret, accountId: row!.accountId };
}
const getPolicy = (d: Device, ifNoneMatch?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${AGENT_BASE}/policy`,
    headers: {
      authorization: `Bearer ${d.secret}`,
      ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }),
    },
  });
const stored = async (d: Device) =>
  (await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, d.id)))[0]!;
let seq = 0;
const checkin = async (d: Device, payload: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/checkin`,
    headers: { authorization: `Bearer ${d.secret}` },
    payload: { seq: ++seq, ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgentCheckinResponse>();
};

describe('GET /api/agent/v1/policy', () => {
  it('answers a new device\'s default settings with ETag "<version>", the stored version', async () => {
    const d = await enrolled('mobile');
    const res = await getPolicy(d);
    expect(res.statusCode).toBe(200);
    const body = res.json<AgentPolicyResponse>();
    expect(body.bool_settings).toEqual([
      { key: 'allow_google_secondary_accounts', value: false },
      { key: 'allow_media_requests', value: true },
      { key: 'allow_website_requests', value: true },
      { key: 'safe_search_enabled', value: true },
    ]);
    expect(body).toMatchObject({ string_settings: [], server_time: expect.any(Number) });
    expect(body.web_access).toMatchObject({ default: 'ALLOW', locked_categories: [1, 2, 3], website_requests: true });
    expect(body.version).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.etag).toBe(`"${body.version}"`);
    expect((await stored(d)).policyVersion).toBe(body.version);
    expect((await checkin(d)).policy_version).toBe(body.version);
  });

  it('answers 304 without a body to the current version (strong, weak or in a list); 200 to an old one', async () => {
    const d = await enrolled();
    const { version } = (await getPolicy(d)).json<AgentPolicyResponse>();
    for (const header of [`"${version}"`, `W/"${version}"`, `"0000", "${version}"`]) {
      const res = await getPolicy(d, header);
      expect([header, res.statusCode, res.body]).toEqual([header, 304, '']);
      expect(res.headers.etag).toBe(`"${version}"`);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await getPolicy(d, '"0123456789abcdef"')).statusCode).toBe(200);
  });

  it('decides 304 from the stored version alone, without computing the policy', async () => {
    const d = await enrolled();
    // A stored version that the settings do not hash to: only a read of the stored value answers 304 to it.
    await t.db.update(deviceConfigs).set({ policyVersion: 'stored-only' }).where(eq(deviceConfigs.deviceId, d.id));
    expect((await getPolicy(d, '"stored-only"')).statusCode).toBe(304);
  });

  it('changes the ETag when the config changes (refreshPolicyVersion); the old one then gets the policy', async () => {
    const d = await enrolled();
    const before = (await getPolicy(d)).json<AgentPolicyResponse>();
    await t.db.transaction(async (tx) => {
      await tx
        .update(deviceConfigs)
        .set({
          boolSettings: [{ key: 'safe_search_enabled', value: false }],
          stringSettings: [{ key: 'homepage', value: 'https://school.example' }],
        })
        .where(and(eq(deviceConfigs.deviceId, d.id), eq(deviceConfigs.accountId, d.accountId)));
      await refreshPolicyVersion(tx, d.accountId, d.id);
    });
    expect((await checkin(d)).policy_version).not.toBe(before.version);
    const res = await getPolicy(d, `"${before.version}"`);
    expect(res.statusCode).toBe(200);
    const after = res.json<AgentPolicyResponse>();
    expect(after.version).not.toBe(before.version);
    expect(res.headers.etag).toBe(`"${after.version}"`);
    expect(after).toMatchObject({
      bool_settings: [{ key: 'safe_search_enabled', value: false }],
      string_settings: [{ key: 'homepage', value: 'https://school.example' }],
    });
    expect((await getPolicy(d, `"${after.version}"`)).statusCode).toBe(304);
  });

  it('computes and stores a version cleared by a change, at the policy fetch or at check-in', async () => {
    const d = await enrolled();
    const clear = () => t.db.update(deviceConfigs).set({ policyVersion: '' }).where(eq(deviceConfigs.deviceId, d.id));
    await clear();
    const res = await getPolicy(d, '""');
    expect(res.statusCode).toBe(200);
    const { version } = res.json<AgentPolicyResponse>();
    expect(version).toMatch(/^[0-9a-f]{32}$/);
    expect((await stored(d)).policyVersion).toBe(version);
    await clear();
    expect((await checkin(d)).policy_version).toBe(version);
    expect((await stored(d)).policyVersion).toBe(version);
  });

  it('answers the policy a check-in just computed as it was computed (kept by version)', async () => {
    const d = await enrolled();
    const first = (await getPolicy(d)).json<AgentPolicyResponse>();
    await t.db.update(deviceConfigs).set({ policyVersion: '' }).where(eq(deviceConfigs.deviceId, d.id));
    const named = (await checkin(d, { applied_policy_version: first.version })).policy_version;
    expect(named).toBe(first.version);
    // Settings written around the write paths (which compute the version again): the version named is
    // the policy computed for it.
    const changed = first.bool_settings.map((s) => ({ ...s, value: !s.value }));
    await t.db.update(deviceConfigs).set({ boolSettings: changed }).where(eq(deviceConfigs.deviceId, d.id));
    const res = await getPolicy(d);
    expect(res.statusCode).toBe(200);
    const body = res.json<AgentPolicyResponse>();
    expect([body.version, body.bool_settings]).toEqual([named, first.bool_settings]);
    // Written from the policy's canonical JSON: exactly JSON.stringify of the answer.
    expect(res.body).toBe(JSON.stringify(body));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('needs the device secret (401 reenrol)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${AGENT_BASE}/policy` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error_code: 'reenrol' });
  });
});

describe('the OpenAPI document', () => {
  it("lists the device API's new routes under the tag 'agent', with the policy's 304", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[]; responses?: object }>> }>();
    expect(doc.paths[`${AGENT_BASE}/policy`]?.get?.tags).toEqual(['agent']);
    expect(Object.keys(doc.paths[`${AGENT_BASE}/policy`]?.get?.responses ?? {})).toEqual(['200', '304']);
    expect(doc.paths[`${AGENT_BASE}/commands`]?.get?.tags).toEqual(['agent']);
    expect(doc.paths[`${AGENT_BASE}/commands/{id}/result`]?.post?.tags).toEqual(['agent']);
  });
});

describe('the applied policy version at check-in', () => {
  it('is stored with its time and written on the timeline once per change', async () => {
    const d = await enrolled();
    const { version } = (await getPolicy(d)).json<AgentPolicyResponse>();
    const lines = async () =>
      (await t.db.select().from(deviceTimeline).where(eq(deviceTimeline.deviceId, d.id))).filter(
        (l) => l.kind === 'policy_applied',
      );
    await checkin(d);
    expect(await lines()).toEqual([]);
    await checkin(d, { applied_policy_version: version });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, d.id));
    expect(row?.appliedPolicyVersion).toBe(version);
    expect(Date.now() - row!.policyAppliedAt!.getTime()).toBeLessThan(60_000);
    expect((await lines()).map((l) => l.text)).toEqual(['Policy version 1 applied']);
    // The same version again: no new line, the time kept.
    await checkin(d, { applied_policy_version: version });
    expect(await lines()).toHaveLength(1);
    const [again] = await t.db.select().from(devices).where(eq(devices.id, d.id));
    expect(again?.policyAppliedAt?.getTime()).toBe(row!.policyAppliedAt!.getTime());
    // A late check-in (older sequence number) changes nothing.
    const late = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/checkin`,
      headers: { authorization: `Bearer ${d.secret}` },
      payload: { seq: 1, applied_policy_version: 'older' },
    });
    expect(late.json<AgentCheckinResponse>().applied).toBe(false);
    const [kept] = await t.db.select().from(devices).where(eq(devices.id, d.id));
    expect(kept?.appliedPolicyVersion).toBe(version);
    expect(await lines()).toHaveLength(1);
  });
});

describe('web access in the policy', () => {
  it('a rule set in the console reaches the device: a new version at check-in, the rule in the policy, then 304', async () => {
    const admin = await signInDemo(t, 'admin');
    const d = await enrolled();
    const [row] = await t.db.select().from(devices).where(eq(devices.id, d.id));
    const first = (await getPolicy(d)).json<AgentPolicyResponse>();
    const site = await addWebsite(t.db, d.accountId, { name: 'policy-zq.example', categoryId: 50 });
    const set = await call(t.app, 'POST', '/node/web_access/websites/access', {
      session: admin,
      payload: { node_id: row!.serial, node_type: row!.kind, rule: 'block', website_id: site },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await checkin(d, { applied_policy_version: first.version })).policy_version).not.toBe(first.version);

    const res = await getPolicy(d, `"${first.version}"`);
    expect(res.statusCode).toBe(200);
    const next = res.json<AgentPolicyResponse>();
    expect(next.version).not.toBe(first.version);
    const rule = next.web_access.rules.find((r) => r.subject.kind === 'website' && r.subject.id === site);
    expect(rule).toMatchObject({
      action: 'BLOCK',
      scope: 'device',
      subject: { pattern: 'policy-zq.example', match: 'ends_with' },
    });
    expect(rule!.level).toBeGreaterThan(0);
    expect(next.web_access.categorised).toContainEqual({
      pattern: 'policy-zq.example',
      match: 'ends_with',
      category_id: 50,
    });
    expect((await checkin(d)).policy_version).toBe(next.version);
    expect((await getPolicy(d, `"${next.version}"`)).statusCode).toBe(304);
  });
});
