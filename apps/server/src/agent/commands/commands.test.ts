/**
 * GET /api/agent/v1/commands and POST /api/agent/v1/commands/{id}/result: delivery (never "done" on
 * read), redelivery after two check-in intervals, expiry, monotonic results, one command's failure
 * leaving the others, and another device's command answering 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  AGENT_BASE,
  AGENT_COMMAND_MSG,
  type AgentCheckinResponse,
  type AgentCommandsResponse,
  type DeviceCommandType,
} from '@wayguard/contracts';
import type { TestApp } from '../../test/harness.js';
import { enrolDevice, newEnrolmentToken, agentTestApp, signInDemo } from '../../test/agent.js';
import { deviceCommands, deviceTimeline } from '../../db/schema/index.js';
import { queueCommand } from '../../domain/devices/device-commands.js';
import { sealText } from '../../lib/secret-box.js';

let t: TestApp;
let token: string;
let otherToken: string;

beforeAll(async () => {
  ({ t, token } = await agentTestApp());
  otherToken = (await newEnrolmentToken(t, await signInDemo(t, 'family'))).secret;
});
afterAll(async () => t.close());

type Device = { id: number; secret: string; accountId: number };
async function enrolled(tokenSecret = token): Promise<Device> {
  const d = await enrolDevice(t, tokenSecret);
  const r = await t.db.execute<{ account_id: number }>(sql`SELECT account_id FROM devices WHERE id = ${d.device_id}`);
  return { id: d.device_id, secret: d.device_secret, accountId: r.rows[0]!.account_id };
}

async function queue(d: Device, type: DeviceCommandType, password = 'Tablet-Pass-7'): Promise<number> {
  const payload: Record<string, string> =
    type === 'set_password' ? { password_sealed: sealText(t.config.SECRET_KEY, password) } : {};
  const { id } = await t.db.transaction((tx) =>
    queueCommand(tx, { accountId: d.accountId, deviceId: d.id, type, payload, createdByName: 'admin' }),
  );
  return id;
}

const agent = (method: 'GET' | 'POST', path: string, secret: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url: `${AGENT_BASE}${path}`,
    headers: { authorization: `Bearer ${secret}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const fetchCommands = async (d: Device) => {
  const res = await agent('GET', '/commands', d.secret);
  expect(res.statusCode).toBe(200);
  return res.json<AgentCommandsResponse>().commands;
};
const result = (d: Device, id: number | string, payload: unknown, headers = {}) =>
  agent('POST', `/commands/${id}/result`, d.secret, payload, headers);
const commandRow = async (id: number) =>
  (await t.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)))[0]!;
const timeline = async (d: Device, kind?: string) =>
  (
    await t.db
      .select()
      .from(deviceTimeline)
      .where(and(eq(deviceTimeline.deviceId, d.id)))
      .orderBy(asc(deviceTimeline.id))
  ).filter((l) => kind === undefined || l.kind === kind);
let seq = 0;
const checkin = async (d: Device) => {
  const res = await agent('POST', '/checkin', d.secret, { seq: ++seq });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgentCheckinResponse>();
};

describe('GET /api/agent/v1/commands', () => {
  it('delivers pending commands once (the password opened), marks them delivered, never done', async () => {
    const d = await enrolled();
    const lock = await queue(d, 'lock_screen');
    const pass = await queue(d, 'set_password', 'Tablet-Pass-7');
    expect((await checkin(d)).commands_waiting).toBe(2);

    const first = await fetchCommands(d);
    expect(first.map((c) => [c.id, c.type, c.payload])).toEqual([
      [lock, 'lock_screen', {}],
      [pass, 'set_password', { password: 'Tablet-Pass-7' }],
    ]);
    expect(first[0]!.expires_at).toBe(Math.floor((await commandRow(lock)).expiresAt.getTime() / 1000));
    for (const id of [lock, pass])
      expect(await commandRow(id)).toMatchObject({ state: 'delivered', deliveryCount: 1, finishedAt: null });
    // The stored payload stays sealed.
    expect(JSON.stringify((await commandRow(pass)).payload)).not.toContain('Tablet-Pass-7');
    expect((await timeline(d, 'command_delivered')).map((l) => l.text)).toEqual([
      'Lock screen delivered',
      'Device password delivered',
    ]);

    // Within two intervals nothing is due again.
    expect(await fetchCommands(d)).toEqual([]);
    expect((await checkin(d)).commands_waiting).toBe(0);
    expect(await timeline(d, 'command_delivered')).toHaveLength(2);
  });

  it('delivers again a command not acknowledged within two check-in intervals; an acknowledged one never', async () => {
    const d = await enrolled();
    const lock = await queue(d, 'lock_screen');
    const pass = await queue(d, 'set_password');
    await fetchCommands(d);
    expect((await result(d, pass, { state: 'acknowledged' })).statusCode).toBe(200);
    // Just inside two intervals (300 s each): not yet.
    const back = async (seconds: number) =>
      t.db.execute(
        sql`UPDATE device_commands SET delivered_at = now() - make_interval(secs => ${seconds}) WHERE device_id = ${d.id}`,
      );
    await back(590);
    expect(await fetchCommands(d)).toEqual([]);
    await back(601);
    expect((await checkin(d)).commands_waiting).toBe(1);
    expect((await fetchCommands(d)).map((c) => c.id)).toEqual([lock]);
    expect(await commandRow(lock)).toMatchObject({ state: 'delivered', deliveryCount: 2 });
    expect(await commandRow(pass)).toMatchObject({ state: 'acknowledged', deliveryCount: 1 });
    // The timeline says delivered once.
    expect(await timeline(d, 'command_delivered')).toHaveLength(2);
  });

  it('expires a command past its expiry instead of delivering it; its result then changes nothing', async () => {
    const d = await enrolled();
    const pass = await queue(d, 'set_password');
    await t.db
      .update(deviceCommands)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceCommands.id, pass));
    expect((await checkin(d)).commands_waiting).toBe(0);
    expect(await fetchCommands(d)).toEqual([]);
    expect(await commandRow(pass)).toMatchObject({ state: 'expired', payload: {} });
    expect(await timeline(d, 'command_expired')).toHaveLength(1);
    const res = await result(d, pass, { state: 'completed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'expired', applied: false });
  });

  it('a command that cannot be prepared fails by itself; the other type is still delivered', async () => {
    const d = await enrolled();
    const lock = await queue(d, 'lock_screen');
    const pass = await queue(d, 'set_password');
    await t.db
      .update(deviceCommands)
      .set({ payload: { password_sealed: 'v1.tampered' } })
      .where(eq(deviceCommands.id, pass));
    expect((await fetchCommands(d)).map((c) => c.id)).toEqual([lock]);
    expect(await commandRow(pass)).toMatchObject({ state: 'failed', payload: {} });
    expect((await commandRow(pass)).error).not.toBe('');
    expect((await timeline(d, 'command_failed'))[0]?.text).toMatch(/^Device password failed: /);
  });

  it('gives a device only its own commands', async () => {
    const a = await enrolled();
    const b = await enrolled();
    await queue(a, 'set_password', 'Only-For-A-1');
    const seen = await agent('GET', '/commands', b.secret);
    expect(seen.json<AgentCommandsResponse>().commands).toEqual([]);
    expect(seen.body).not.toContain('Only-For-A-1');
  });
});

describe('POST /api/agent/v1/commands/{id}/result', () => {
  it('moves a command forward only: repeats and older states change nothing', async () => {
    const d = await enrolled();
    const lock = await queue(d, 'lock_screen');
    await fetchCommands(d);
    const ack = await result(d, lock, { state: 'acknowledged' });
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ state: 'acknowledged', applied: true, server_time: expect.any(Number) });
    expect((await commandRow(lock)).acknowledgedAt).not.toBeNull();
    expect((await result(d, lock, { state: 'acknowledged' })).json()).toMatchObject({
      state: 'acknowledged',
      applied: false,
    });
    expect((await result(d, lock, { state: 'completed' })).json()).toMatchObject({ state: 'completed', applied: true });
    expect(await commandRow(lock)).toMatchObject({ state: 'completed', payload: {}, error: '' });
    expect((await commandRow(lock)).finishedAt).not.toBeNull();
    for (const state of ['acknowledged', 'failed', 'completed'])
      expect((await result(d, lock, { state, error: 'late' })).json()).toMatchObject({
        state: 'completed',
        applied: false,
      });
    expect((await timeline(d, 'command_completed')).map((l) => l.text)).toEqual(['Lock screen done']);
    expect(await timeline(d, 'command_failed')).toEqual([]);
    // Done means done: never delivered again.
    await t.db.execute(sql`UPDATE device_commands SET delivered_at = now() - interval '1 day' WHERE id = ${lock}`);
    expect(await fetchCommands(d)).toEqual([]);
  });

  it('a failure keeps its error, empties the password and writes it on the timeline', async () => {
    const d = await enrolled();
    const pass = await queue(d, 'set_password');
    await fetchCommands(d);
    const res = await result(d, pass, { state: 'failed', error: 'Device policy forbids it' });
    expect(res.json()).toMatchObject({ state: 'failed', applied: true });
    expect(await commandRow(pass)).toMatchObject({ state: 'failed', error: 'Device policy forbids it', payload: {} });
    expect((await timeline(d, 'command_failed')).map((l) => l.text)).toEqual([
      'Device password failed: Device policy forbids it',
    ]);
  });

  it('answers a cancelled command with its state, unchanged', async () => {
    const d = await enrolled();
    const old = await queue(d, 'lock_screen');
    await queue(d, 'lock_screen'); // supersedes the first
    const res = await result(d, old, { state: 'completed' });
    expect(res.json()).toMatchObject({ state: 'cancelled', applied: false });
    expect((await commandRow(old)).state).toBe('cancelled');
  });

  it("answers 404 for another device's command (same or other account) and for an unknown id", async () => {
    const a = await enrolled();
    const b = await enrolled();
    const stranger = await enrolled(otherToken);
    const lock = await queue(a, 'lock_screen');
    const theirs = await queue(stranger, 'lock_screen');
    for (const [d, id] of [
      [b, lock],
      [stranger, lock],
      [a, theirs],
      [a, 2_000_000_000],
    ] as const) {
      const res = await result(d, id, { state: 'completed' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: AGENT_COMMAND_MSG.notFound });
    }
    expect((await commandRow(lock)).state).toBe('pending');
    expect((await commandRow(theirs)).state).toBe('pending');
  });

  it('replays the first answer to an Idempotency-Key; another body with the key answers 422', async () => {
    const d = await enrolled();
    const lock = await queue(d, 'lock_screen');
    const key = { 'idempotency-key': `res-${lock}` };
    const first = await result(d, lock, { state: 'acknowledged' }, key);
    const again = await result(d, lock, { state: 'acknowledged' }, key);
    // The first answer again, but with the clock of now: every device answer carries the current
    // server_time (app.ts), a replay too, so the two differ when a second ends between them.
    const { server_time: firstTime, ...firstRest } = first.json<{ server_time: number }>();
    const { server_time: againTime, ...againRest } = again.json<{ server_time: number }>();
    expect(againRest).toEqual(firstRest);
    expect(againTime).toBeGreaterThanOrEqual(firstTime);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await result(d, lock, { state: 'completed' }, key)).statusCode).toBe(422);
    expect((await commandRow(lock)).state).toBe('acknowledged');
  });

  it.each([
    ['an id of 0', 0, { state: 'completed' }],
    ['a non-numeric id', 'abc', { state: 'completed' }],
    ['a state the device cannot report', 1, { state: 'delivered' }],
    ['no state', 1, {}],
    ['an overlong error', 1, { state: 'failed', error: 'e'.repeat(501) }],
  ])('refuses %s with 400', async (_, id, payload) => {
    const d = await enrolled();
    expect((await result(d, id, payload)).statusCode).toBe(400);
  });

  it('needs the device secret (401 reenrol)', async () => {
    const d = await enrolled();
    const lock = await queue(d, 'lock_screen');
    const res = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/commands/${lock}/result`,
      payload: { state: 'completed' },
    });
    expect(res.statusCode).toBe(401);
    expect((await commandRow(lock)).state).toBe('pending');
  });
});
