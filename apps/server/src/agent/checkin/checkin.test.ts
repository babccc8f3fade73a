/**
 * POST /api/agent/v1/checkin's additions: the users active on the device (matched among the
 * account's server and local users by name and type; unknown names ignored) and the counts of the
 * answer (policy version, commands waiting). The heartbeat itself is tested in enrolment.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AGENT_BASE, type AgentCheckinResponse } from '@wayguard/contracts';
import type { TestApp } from '../../test/harness.js';
import { enrolDevice, agentTestApp } from '../../test/agent.js';
import { deviceUsers, serverUsers } from '../../db/schema/index.js';
import { queueCommand } from '../../domain/devices/device-commands.js';

let t: TestApp, token: string;
beforeAll(async () => ({ t, token } = await agentTestApp()));
afterAll(async () => t.close());

let seq = 0;
const checkin = async (secret: string, payload: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${AGENT_BASE}/checkin`,
    headers: { authorization: `Bearer ${secret}` },
    payload: { seq: ++seq, ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgentCheckinResponse>();
};
const serverUser = async (username: string) =>
  (await t.db.select().from(serverUsers).where(eq(serverUsers.username, username)))[0]!;
const usersOf = async (deviceId: number) =>
  (await t.db.select().from(deviceUsers).where(eq(deviceUsers.deviceId, deviceId))).sort(
    (a, b) => a.userRefId - b.userRefId,
  );
const at = (s: number) => new Date(s * 1000);

describe('POST /api/agent/v1/checkin: users', () => {
  it("links the account's server and local users by name and type; ignores unknown ones", async () => {
    const d = await enrolDevice(t, token);
    const pupil = await serverUser('year7.ahmed@northfield.local');
    const local = await serverUser('student@NF-LAB01');
    const riverside = await serverUser('kid@RIVERSIDE-MARKER-PC');
    const now = Math.floor(Date.now() / 1000);
    await checkin(d.device_secret, {
      users: [
        { kind: 'server_user', username: pupil.username, last_active: now - 60 },
        { kind: 'local_user', username: local.username, last_active: now - 120 },
        { kind: 'server_user', username: pupil.username, last_active: now - 30 }, // twice: the newest counts
        { kind: 'local_user', username: pupil.username, last_active: now }, // wrong type
        { kind: 'server_user', username: 'nobody@northfield.local', last_active: now },
        { kind: 'local_user', username: riverside.username, last_active: now }, // another account's
      ],
    });
    expect((await usersOf(d.device_id)).map((u) => [u.userKind, u.userRefId, u.lastActive?.getTime()])).toEqual(
      [
        ['server_user', pupil.id, at(now - 30).getTime()],
        ['local_user', local.id, at(now - 120).getTime()],
      ].sort((a, b) => (a[1] as number) - (b[1] as number)),
    );

    // A later report moves last-active forward, never back.
    await checkin(d.device_secret, {
      users: [
        { kind: 'server_user', username: pupil.username, last_active: now - 3600 },
        { kind: 'local_user', username: local.username, last_active: now + 5 },
      ],
    });
    const after = await usersOf(d.device_id);
    expect(after.find((u) => u.userRefId === pupil.id)?.lastActive?.getTime()).toBe(at(now - 30).getTime());
    expect(after.find((u) => u.userRefId === local.id)?.lastActive?.getTime()).toBe(at(now + 5).getTime());
    expect(after).toHaveLength(2);
  });

  it('a late check-in (older sequence number) records no users', async () => {
    const d = await enrolDevice(t, token);
    await checkin(d.device_secret);
    const res = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/checkin`,
      headers: { authorization: `Bearer ${d.device_secret}` },
      payload: {
        seq: 0,
        users: [{ kind: 'server_user', username: 'year8.dana@northfield.local', last_active: 1_790_000_000 }],
      },
    });
    expect(res.json<AgentCheckinResponse>().applied).toBe(false);
    expect(await usersOf(d.device_id)).toEqual([]);
  });

  it.each([
    ['an unknown user kind', [{ kind: 'user', username: 'x', last_active: 1 }]],
    ['an empty username', [{ kind: 'local_user', username: ' ', last_active: 1 }]],
    [
      'more than 32 users',
      Array.from({ length: 33 }, (_, i) => ({ kind: 'local_user', username: `u${i}`, last_active: 1 })),
    ],
    ['a time past 2100', [{ kind: 'local_user', username: 'x', last_active: 5_000_000_000 }]],
  ])('refuses %s with 400', async (_, users) => {
    const d = await enrolDevice(t, token);
    const res = await t.app.inject({
      method: 'POST',
      url: `${AGENT_BASE}/checkin`,
      headers: { authorization: `Bearer ${d.device_secret}` },
      payload: { seq: 1, users },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/agent/v1/checkin: the answer', () => {
  it('counts the commands waiting: pending ones, not acknowledged or ended ones', async () => {
    const d = await enrolDevice(t, token);
    const [row] = (
      await t.db.execute<{ account_id: number }>(sql`SELECT account_id FROM devices WHERE id = ${d.device_id}`)
    ).rows;
    expect((await checkin(d.device_secret)).commands_waiting).toBe(0);
    const queue = (type: 'lock_screen' | 'set_password') =>
      t.db.transaction((tx) =>
        queueCommand(tx, {
          accountId: row!.account_id,
          deviceId: d.device_id,
          type,
          payload: {},
          createdByName: 'admin',
        }),
      );
    const lock = await queue('lock_screen');
    await queue('set_password');
    expect((await checkin(d.device_secret)).commands_waiting).toBe(2);
    await t.db.execute(
      sql`UPDATE device_commands SET state = 'acknowledged' WHERE id = ${lock.id} AND device_id = ${d.device_id}`,
    );
    expect((await checkin(d.device_secret)).commands_waiting).toBe(1);
    await t.db.execute(sql`UPDATE device_commands SET state = 'cancelled' WHERE device_id = ${d.device_id}`);
    expect((await checkin(d.device_secret)).commands_waiting).toBe(0);
  });
});
