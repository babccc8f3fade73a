/**
 * Issue 25 in the console: retiring a device (its secret answers 401 device_retired at once, its
 * waiting commands expire, its history stays readable, it leaves the list; of two administrators one
 * wins), a device row that disappears answers 401 reenrol (never 500), and an administrator links a
 * mobile to a console user (POST /devices/mobile_user).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DEVICE_IDENTITY_MSG,
  type AgentEnrollResponse,
  type DeviceDetails,
  type DevicesListResponse,
  type DeviceTimelineResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { agentCall, enrolDevice, newEnrolmentToken } from '../../test/agent.js';
import { userByName } from '../../test/helpers.js';
import { deviceCommands, devices } from '../../db/schema/index.js';

let t: TestApp;
let admin: Session;
let teacher: Session;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  teacher = await signInAs(t, 'teacher');
  token = (await newEnrolmentToken(t, admin, { max_uses: 100 })).secret;
});
afterAll(async () => t.close());

const serialOf = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!.serial;
const retire = (serial: string, session = admin) =>
  call(t.app, 'POST', '/devices/retire', { session, payload: { id: serial, type: 'machine' } });
const checkin = (secret: string) => agentCall(t, 'POST', '/checkin', { secret, payload: { seq: 1 } });

describe('POST /devices/retire', () => {
  it('cuts the device off at once, expires its waiting commands, keeps its history and leaves the list', async () => {
    const d = await enrolDevice(t, token);
    const serial = await serialOf(d.device_id);
    expect((await checkin(d.device_secret)).statusCode).toBe(200); // its secret is now kept in memory
    const lock = await call(t.app, 'PUT', '/devices/lock_mobile_device', { session: admin, payload: { id: serial } });
    expect(lock.statusCode).toBe(404); // a machine: no mobile lock; queue a command the device API delivers instead
    await t.db
      .execute(sql`INSERT INTO device_commands (account_id, device_id, type, payload, created_by_name, expires_at)
      SELECT account_id, id, 'lock_screen', '{}'::jsonb, 'admin', now() + interval '1 hour' FROM devices WHERE id = ${d.device_id}`);

    const res = await retire(serial);
    expect(res.statusCode, res.body).toBe(200);
    const refused = await checkin(d.device_secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error_code: 'device_retired' });
    for (const path of ['/policy', '/commands']) {
      const r = await agentCall(t, 'GET', path, { secret: d.device_secret });
      expect([path, r.statusCode]).toEqual([path, 401]);
    }
    const commands = await t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, d.device_id));
    expect(commands.map((c) => c.state)).toEqual(['expired']);

    const details = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: serial, type: 'machine' },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json<DeviceDetails>().deactivated_date).toBeGreaterThan(0);
    const timeline = await call(t.app, 'GET', '/devices/timeline', {
      session: admin,
      query: { id: serial, type: 'machine' },
    });
    expect(timeline.json<DeviceTimelineResponse>().entries.map((e) => [e.kind, e.actor])).toEqual(
      expect.arrayContaining([['retired', 'Alex Morgan']]),
    );
    const listed = await call(t.app, 'GET', '/devices', { session: admin, query: { query: serial } });
    expect(listed.json<DevicesListResponse>().devices.map((x) => x.serial)).not.toContain(serial);

    // A retired device enrols no more, with its secret or without.
    for (const secret of [d.device_secret, undefined]) {
      const again = await agentCall(t, 'POST', '/enroll', {
        payload: { token, instance_id: `gone-${d.device_id}-x`, kind: 'machine', serial, name: 'Back again' },
        ...(secret ? { secret } : {}),
      });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ error_code: 'device_retired' });
    }
  });

  it('two administrators at once: exactly one retires, the other is told (409)', async () => {
    const d = await enrolDevice(t, token);
    const serial = await serialOf(d.device_id);
    const both = await Promise.all([retire(serial), retire(serial)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: DEVICE_IDENTITY_MSG.alreadyRetired });
    const lines = await t.db.execute(
      sql`SELECT 1 FROM device_timeline WHERE device_id = ${d.device_id} AND kind = 'retired'`,
    );
    expect(lines.rows).toHaveLength(1);
  });

  it('refuses a teacher (403), an unknown device (404) and a bad body (400)', async () => {
    const d = await enrolDevice(t, token);
    const serial = await serialOf(d.device_id);
    expect((await retire(serial, teacher)).statusCode).toBe(403);
    expect((await retire('NO-SUCH-DEVICE')).statusCode).toBe(404);
    const bad = await call(t.app, 'POST', '/devices/retire', {
      session: admin,
      payload: { id: serial, type: 'toaster' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await checkin(d.device_secret)).statusCode).toBe(200);
  });
});

describe('a device row that disappears', () => {
  it('answers 401 reenrol on every device call, never 500, even while its secret is kept', async () => {
    const d: AgentEnrollResponse = await enrolDevice(t, token);
    expect((await checkin(d.device_secret)).statusCode).toBe(200);
    expect((await agentCall(t, 'GET', '/policy', { secret: d.device_secret })).statusCode).toBe(200);
    // Gone behind the server's back (no forget): the kept secret still finds it.
    await t.db.execute(sql`DELETE FROM devices WHERE id = ${d.device_id}`);
    const policy = await agentCall(t, 'GET', '/policy', { secret: d.device_secret });
    expect(policy.statusCode).toBe(401);
    expect(policy.json()).toMatchObject({ error_code: 'reenrol' });
    const ask = await agentCall(t, 'POST', '/requests', {
      secret: d.device_secret,
      payload: { request_id: `gone-${d.device_id}`, kind: 'website', url: 'https://www.instagram.com/nasa/' },
    });
    expect(ask.statusCode).toBe(401);
  });
});

describe('POST /devices/mobile_user', () => {
  const link = (id: string, user_id: number | null, session = admin) =>
    call(t.app, 'POST', '/devices/mobile_user', { session, payload: { id, user_id } });

  it('an administrator links a mobile to a console user and unlinks it; what the mobile reports links nothing', async () => {
    const teacherRow = await userByName(t.db, 'teacher');
    const d = await enrolDevice(t, token, { kind: 'mobile', user: 'teacher' });
    const serial = await serialOf(d.device_id);
    const linked = async () => {
      const [row] = await t.db.select().from(devices).where(eq(devices.id, d.device_id));
      return [row?.userKind ?? null, row?.userRefId ?? null];
    };
    expect(await linked()).toEqual([null, null]);
    const inv = await agentCall(t, 'PUT', '/inventory', {
      secret: d.device_secret,
      payload: { mobile: { user_name: 'admin' } },
    });
    expect(inv.statusCode, inv.body).toBe(200);
    expect(await linked()).toEqual([null, null]);

    expect((await link(serial, teacherRow.id)).statusCode).toBe(200);
    expect(await linked()).toEqual(['user', teacherRow.id]);
    const details = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: serial, type: 'mobile' },
    });
    expect(details.json<DeviceDetails>().user).toMatchObject({ id: teacherRow.id, type: 'user' });
    // The mobile reporting another user changes nothing.
    await agentCall(t, 'PUT', '/inventory', { secret: d.device_secret, payload: { mobile: { user_name: '' } } });
    expect(await linked()).toEqual(['user', teacherRow.id]);
    expect((await link(serial, null)).statusCode).toBe(200);
    expect(await linked()).toEqual([null, null]);
    const kinds = (
      await t.db.execute<{ kind: string }>(sql`SELECT kind FROM device_timeline WHERE device_id = ${d.device_id}
      AND kind = 'user_linked'`)
    ).rows;
    expect(kinds).toHaveLength(2);
  });

  it("refuses another account's user or none (404), a machine (404), a teacher (403) and a bad body (400)", async () => {
    const d = await enrolDevice(t, token, { kind: 'mobile' });
    const serial = await serialOf(d.device_id);
    const family = await userByName(t.db, 'family');
    for (const user_id of [family.id, 2_000_000]) {
      const res = await link(serial, user_id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: DEVICE_IDENTITY_MSG.unknownUser });
    }
    const pc = await enrolDevice(t, token);
    expect((await link(await serialOf(pc.device_id), family.id)).statusCode).toBe(404);
    expect((await link(serial, null, teacher)).statusCode).toBe(403);
    const bad = await call(t.app, 'POST', '/devices/mobile_user', {
      session: admin,
      payload: { id: serial, user_id: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
