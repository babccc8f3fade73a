/**
 * The device simulator (tools/simulator) against the real server over HTTP: a fleet enrols, sends
 * its details, checks in, and a second run of the same fleet (its secrets kept) finds the same devices;
 * a clone of a device's identity without its secret waits for an administrator's approval while the
 * device goes on (issue 25); a retired device stops; the CLI run --once (its secrets in a state file)
 * fetches the policy, runs the commands an administrator queued and reports them done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DeviceDetails, DeviceReplacementResponse, MobileAppsResponse } from '@wayguard/contracts';
import { SimDevice, identityOf } from '../../../../tools/simulator/device.mjs';
import { FileSecrets, MemorySecrets } from '../../../../tools/simulator/secrets.mjs';
import { runFleet } from '../../../../tools/simulator/run.mjs';
import { simOptions } from '../../../../tools/simulator/options.mjs';
import { blockedAddresses } from '../../../../tools/simulator/blocked.mjs';
import { call, type TestApp } from '../test/harness.js';
import { agentTestApp, signInDemo } from '../test/agent.js';
import { deviceAlerts, deviceCommands, deviceConfigs, devices, deviceTimeline } from '../db/schema/index.js';
import { queueCommand } from '../domain/devices/device-commands.js';
import { sealText } from '../lib/secret-box.js';
import { createDeviceRateLimiter, DEVICE_BUCKETS_MAX, DEVICE_RATE_LIMITS } from '../lib/device-rate-limits.js';
import { buildApp } from '../app.js';

const SIMULATE = fileURLToPath(new URL('../../../../tools/simulator/simulate.mjs', import.meta.url));
const README = fileURLToPath(new URL('../../../../README.md', import.meta.url));

/** The arguments of the README's simulator command (after the token), as a new administrator runs it. */
function readmeSimulatorArgs(): string[] {
  const m = /`npm run simulate -- --token wge_…([^`]*)`/.exec(readFileSync(README, 'utf8'));
  if (!m) throw new Error('the README gives no simulator command');
  return m[1]!.trim().split(/\s+/).filter(Boolean);
}

/** A small seeded PRNG (mulberry32), so that a simulated run is the same every time. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let t: TestApp;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  ({ t, token } = await agentTestApp({ label: 'Simulator' }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => t.close());

const fleet = (name: string, log: string[], secrets: MemorySecrets = new MemorySecrets()) =>
  [identityOf(name, 0, 'machine'), identityOf(name, 1, 'machine'), identityOf(name, 0, 'mobile')].map(
    (identity) => new SimDevice({ baseUrl, token, identity, log: (line) => log.push(line), secrets }),
  );

describe('device simulator', () => {
  it('enrols a fleet and checks it in; a second run finds the same devices', async () => {
    const log: string[] = [];
    const kept = new MemorySecrets();
    const first = fleet('t1', log, kept);
    for (const d of first) await d.enrol();
    for (const d of first) await d.inventory();
    for (const d of first) expect((await d.checkin()).applied).toBe(true);
    const ids = first.map((d) => d.deviceId!);
    expect(new Set(ids).size).toBe(3);
    const rows = await t.db.select().from(devices).where(inArray(devices.id, ids));
    expect(rows.map((r) => r.name).sort()).toEqual(['T1-PC001', 'T1-PC002', 'T1-TAB001']);
    // The first check-in, then the report of the policy it fetched and applied.
    expect(rows.every((r) => r.lastCheckinSeq === 2)).toBe(true);
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

    // A second run with the secrets kept: each device proves it holds its secret and gets a new one.
    const again = fleet('t1', log, kept);
    for (const d of again) expect((await d.enrol()).status).toBe('enrolled');
    expect(again.map((d) => d.deviceId)).toEqual(ids);
    for (const d of again) expect((await d.checkin()).applied).toBe(true);
  });

  it('a clone of a device without its secret waits for an administrator; the device goes on; approved, the clone takes over', async () => {
    const log: string[] = [];
    const [a] = fleet('t2', log);
    const [clone] = fleet('t2', log);
    await a!.enrol();
    expect((await clone!.enrol()).status).toBe('replacement_pending');
    expect(clone!.state).toBe('replacement_pending');
    expect(await clone!.checkin()).toMatchObject({ applied: false, waiting: true });
    expect((await a!.checkin()).applied).toBe(true);
    expect(log.some((l) => l.includes('T2-PC001: held as a replacement'))).toBe(true);

    const admin = await signInDemo(t, 'admin');
    const q = { id: a!.identity.serial, type: 'machine' };
    const { replacement } = (
      await call(t.app, 'GET', '/devices/replacement', { session: admin, query: q })
    ).json<DeviceReplacementResponse>();
    const decided = await call(t.app, 'POST', '/devices/replacement', {
      session: admin,
      payload: { ...q, replacement_id: replacement!.id, decision: 'approve' },
    });
    expect(decided.statusCode).toBe(200);
    expect((await clone!.checkin()).applied).toBe(true);
    expect(log.some((l) => l.includes('T2-PC001: replacement approved'))).toBe(true);
  });

  it('a retired device stops and says so', async () => {
    const log: string[] = [];
    const [pc] = fleet('t5', log);
    await pc!.enrol();
    const admin = await signInDemo(t, 'admin');
    const res = await call(t.app, 'POST', '/devices/retire', {
      session: admin,
      payload: { id: pc!.identity.serial, type: 'machine' },
    });
    expect(res.statusCode).toBe(200);
    expect(await pc!.checkin()).toMatchObject({ applied: false, stopped: true });
    expect(pc!.state).toBe('stopped');
    expect(log.some((l) => l.includes('T5-PC001: retired by an administrator: stopping'))).toBe(true);
    // Enrolling again does not bring it back.
    await pc!.enrol();
    expect(pc!.state).toBe('stopped');
  });

  it('the CLI --once applies the policy and runs queued commands to completion, never printing a password', async () => {
    const state = path.join(mkdtempSync(path.join(tmpdir(), 'wg-sim-')), 'state.json');
    const [pc] = fleet('t3', [], new FileSecrets(state));
    await pc!.enrol();
    // The state file holds the device's secret, readable by its owner only.
    expect(JSON.parse(readFileSync(state, 'utf8'))).toMatchObject({
      [pc!.identity.instanceId]: { deviceId: pc!.deviceId, secret: pc!.secret },
    });
    expect(statSync(state).mode & 0o077).toBe(0);
    const deviceId = pc!.deviceId!;
    const [row] = await t.db.select().from(devices).where(eq(devices.id, deviceId));
    const password = 'Sim-Password-991';
    const ids: number[] = [];
    for (const type of ['lock_screen', 'set_password'] as const) {
      const { id } = await t.db.transaction((tx) =>
        queueCommand(tx, {
          accountId: row!.accountId,
          deviceId,
          type,
          payload: type === 'set_password' ? { password_sealed: sealText(t.config.SECRET_KEY, password) } : {},
          createdByName: 'admin',
        }),
      );
      ids.push(id);
    }
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [SIMULATE, '--url', baseUrl, '--token', token, '--fleet', 't3', '--devices', '1', '--once', '--state', state],
      { timeout: 30_000 },
    );
    // It sent the kept secret: enrolled again, not held as a replacement.
    expect(stdout).toContain(`T3-PC001: enrolled as device ${deviceId}`);
    expect(stdout).not.toContain('held as a replacement');
    expect(stdout).toContain('T3-PC001: locked');
    expect(stdout).toContain('T3-PC001: password set');
    expect(stdout).toMatch(/T3-PC001: policy [0-9a-f]{8} applied/);
    expect(stdout).not.toContain(password);

    const commands = await t.db.select().from(deviceCommands).where(inArray(deviceCommands.id, ids));
    expect(commands.map((c) => [c.type, c.state, c.payload]).sort()).toEqual([
      ['lock_screen', 'completed', {}],
      ['set_password', 'completed', {}],
    ]);
    const completed = (await t.db.select().from(deviceTimeline).where(eq(deviceTimeline.deviceId, deviceId)))
      .filter((l) => l.kind === 'command_completed')
      .map((l) => l.text)
      .sort();
    expect(completed).toEqual(['Device password done', 'Lock screen done']);
    const [config] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, deviceId));
    const [after] = await t.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(after?.appliedPolicyVersion).toBe(config?.policyVersion);
  });

  it('a redelivered command it already ran is reported again, not run again', async () => {
    const log: string[] = [];
    const [pc] = fleet('t4', log);
    await pc!.enrol();
    const [row] = await t.db.select().from(devices).where(eq(devices.id, pc!.deviceId!));
    const { id } = await t.db.transaction((tx) =>
      queueCommand(tx, {
        accountId: row!.accountId,
        deviceId: pc!.deviceId!,
        type: 'lock_screen',
        payload: {},
        createdByName: 'admin',
      }),
    );
    await pc!.runCommands();
    expect(log.filter((l) => l.endsWith(': locked'))).toHaveLength(1);
    // The server never got the result (as if the answer were lost): back to delivered, long ago.
    await t.db
      .update(deviceCommands)
      .set({ state: 'delivered', finishedAt: null, deliveredAt: new Date(Date.now() - 3_600_000) })
      .where(eq(deviceCommands.id, id));
    expect((await pc!.checkin()).commands_waiting).toBe(1);
    expect(log.filter((l) => l.endsWith(': locked'))).toHaveLength(1);
    expect(log.some((l) => l.includes(`command ${id} (lock_screen) already run`))).toBe(true);
    const [cmd] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
    expect(cmd?.state).toBe('completed');
  });

  it('shows a block page for a blocked site and asks for it once, however often the ask is resent', async () => {
    const log: string[] = [];
    const [pc] = fleet('t6', log);
    await pc!.enrol();
    // Social networks are blocked for the whole demo account.
    const page = await pc!.blockPage('https://www.instagram.com/nasa/');
    expect(page.page_url).toContain('/api/agent/v1/block-page?t=');
    const html = await (await fetch(page.page_url.replace('http://localhost:8080', baseUrl))).text();
    expect(html).toContain('This page is blocked');
    const first = await pc!.request({
      url: 'https://www.instagram.com/nasa/',
      notes: 'For my space project',
      requestId: 'sim-a',
    });
    expect(['created', 'joined']).toContain(first.status);
    const again = await pc!.request({
      url: 'https://www.instagram.com/nasa/',
      notes: 'For my space project',
      requestId: 'sim-a',
    });
    expect(again).toMatchObject({ status: 'duplicate', request_id: first.request_id });
    expect(log.some((l) => l.includes('asked for https://www.instagram.com/nasa/'))).toBe(true);
  });

  it('asks for an app; approved with auto assign, it installs the app and reports it installed', async () => {
    const log: string[] = [];
    const [, , mobile] = fleet('t7', log);
    await mobile!.enrol();
    // An administrator lends the tablet to the teacher (a console user).
    const teacher = await t.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE username = 'teacher'`);
    const linked = await call(t.app, 'POST', '/devices/mobile_user', {
      session: await signInDemo(t, 'admin'),
      payload: { id: mobile!.identity.serial, user_id: teacher.rows[0]!.id },
    });
    expect(linked.statusCode).toBe(200);
    const pkg = 'com.kahoot.android';
    const asked = await mobile!.requestApp({ packageName: pkg, name: 'Kahoot!', notes: 'For the class quiz' });
    expect(asked.status).toBe('created');
    const admin = await signInDemo(t, 'admin');
    const approved = await call(t.app, 'POST', '/app_requests/app', {
      session: admin,
      payload: { package_name: pkg, auto_assign: true },
    });
    expect(approved.json()).toMatchObject({ success: true, result: { action: 'added' } });
    const checkin = await mobile!.checkin();
    expect(checkin.commands_waiting).toBeGreaterThan(0);
    expect(log.some((l) => l.endsWith(': installed Kahoot!'))).toBe(true);
    expect(mobile!.apps.has(pkg)).toBe(true);
    const page = await call(t.app, 'GET', '/devices/mobile_apps', {
      session: admin,
      query: { id: mobile!.identity.serial },
    });
    const row = page.json<MobileAppsResponse>().apps.find((a) => a.package_name === pkg);
    expect(row).toMatchObject({ is_assigned: true, version: mobile!.apps.get(pkg)!.version, pending: null });
    expect(row!.installed_on).toBeGreaterThan(0);
  });

  it("obeys the server's come-back-later: an ask past the device's limit is sent again after the wait it was given", async () => {
    // A server whose device limits' clock moves only when the device waits.
    let clock = Date.now();
    const held = await buildApp(t.config, t.db, {
      deviceRateLimiter: createDeviceRateLimiter(DEVICE_RATE_LIMITS, DEVICE_BUCKETS_MAX, () => clock),
    });
    await held.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = held.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const waits: number[] = [];
      const pc = new SimDevice({
        baseUrl: `http://127.0.0.1:${address.port}`,
        token,
        identity: identityOf('t9', 0, 'machine'),
        log: () => undefined,
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
      });
      await pc.enrol();
      const answers = [];
      for (let i = 0; i < DEVICE_RATE_LIMITS.asks; i++)
        answers.push(await pc.request({ url: `https://sim-limit-${i}.example/`, title: 'Limit' }));
      expect(waits).toEqual([]);
      // Past the limit: told to wait, it waits that long and the same ask goes through.
      const over = await pc.request({ url: 'https://sim-limit-over.example/', title: 'Limit' });
      expect(over.status).toBe(answers[0]!.status);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThanOrEqual(1000);
    } finally {
      await held.close();
    }
  });

  it("the README's run shows check-ins, a block page and an ask within its first minute", async () => {
    const args = readmeSimulatorArgs();
    expect(args).toContain('--devices');
    const o = simOptions([...args, '--token', token, '--url', baseUrl, '--fleet', 'readme']);
    if (o.error !== undefined) throw new Error(o.error);
    const log: string[] = [];
    const at: number[] = [];
    let slept = 0;
    const fleet = o.identities.map((identity) => new SimDevice({ baseUrl, token, identity, log: (l) => log.push(l) }));
    // Each device's own clock: the first minute of the run, without waiting for it.
    const failures = await runFleet(fleet, {
      log: (l) => log.push(l),
      interval: o.interval,
      durationS: 60,
      random: seeded(26),
      sleep: async (ms) => {
        slept = Math.max(slept, ms);
        at.push(ms);
      },
    });
    expect(failures).toBe(0);
    expect(at.length).toBeGreaterThan(0);
    expect(Math.max(...at)).toBeLessThanOrEqual(60_000);
    expect(log.filter((l) => / check-in #2\b/.test(l)).length).toBeGreaterThan(0);
    expect(log.some((l) => l.includes('showing the block page'))).toBe(true);
    expect(log.some((l) => /asked for .*: (created|joined)$/.test(l))).toBe(true);
  });

  it("sends its PC's signed-in local user as the machine's safe-search user (System Information)", async () => {
    const identity = identityOf('tss', 0, 'machine');
    const user = `student@${identity.name}`;
    const pc = new SimDevice({
      baseUrl,
      token,
      identity: { ...identity, signedIn: { kind: 'local_user', username: user } },
      log: () => {},
      secrets: new MemorySecrets(),
    });
    await pc.enrol();
    await pc.inventory();
    const admin = await signInDemo(t, 'admin');
    const page = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: identity.serial, type: 'machine' },
    });
    expect(page.json<DeviceDetails>().machine).toMatchObject({
      safe_search_user: user,
      safe_search_user_type: 'local_user',
      safe_search_user_recorded: expect.any(Number),
    });
    expect(page.json<DeviceDetails>().machine!.safe_search_user_recorded).toBeGreaterThan(0);
  });

  it('reports a policy it applied at once: the console shows it applied, not pending', async () => {
    const [pc] = fleet('t10', []);
    await pc!.enrol();
    await pc!.checkin();
    const admin = await signInDemo(t, 'admin');
    const page = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: pc!.identity.serial, type: 'machine' },
    });
    expect(page.json<DeviceDetails>().policy).toMatchObject({
      state: 'applied',
      applied_version: pc!.appliedPolicyVersion,
    });
  });

  it('shows block pages and asks only for addresses its policy blocks, named by its signed-in user', async () => {
    const log: string[] = [];
    const o = simOptions(['--token', token, '--url', baseUrl, '--fleet', 't11', '--devices', '2']);
    if (o.error !== undefined) throw new Error(o.error);
    const devices = o.identities.map(
      (identity) => new SimDevice({ baseUrl, token, identity, log: (l) => log.push(l) }),
    );
    // Ten simulated minutes of two machines whose users ask at every check-in.
    let n = 0;
    const failures = await runFleet(devices, {
      log: (l) => log.push(l),
      interval: 20,
      durationS: 600,
      random: () => (n++ % 7) / 7,
      sleep: async () => undefined,
    });
    expect(failures).toBe(0);
    const blocked = blockedAddresses(devices[0]!.policy?.web_access);
    expect(blocked.length).toBeGreaterThan(0);
    const asks = log.filter((l) => l.includes(': asked for '));
    expect(asks.length).toBeGreaterThan(3);
    for (const line of asks) expect(line).toMatch(/: (created|joined|duplicate)$/);
    const pages = log.filter((l) => l.includes('showing the block page'));
    for (const line of pages) expect(blocked.map((b) => b.url)).toContain(/blocked (\S+),/.exec(line)![1]);
    // The asks name the machine's signed-in user: the console says who asked.
    const who = await t.db.execute<{ requester_name: string; requester_kind: string }>(
      sql`SELECT DISTINCT requester_name, requester_kind FROM access_request_asks
          WHERE device_id = ANY(${`{${devices.map((d) => d.deviceId).join(',')}}`}::int[])`,
    );
    expect(who.rows.map((r) => [r.requester_kind, r.requester_name]).sort()).toEqual([
      ['local_user', 'student@T11-PC001'],
      ['local_user', 'student@T11-PC002'],
    ]);
  });
});
