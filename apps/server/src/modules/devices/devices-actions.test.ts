/**
 * The device routes but the list: details, rename (two admins at once), alerts, settings, the mobile
 * lock and password commands (supersede, sealed payload, the mail without the password), commands and
 * timeline; each with its role refusals, validation messages and another account's device as 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import {
  DEVICE_COMMAND_TTL_HOURS,
  DEVICE_MSG,
  DEVICE_ONLINE_MINUTES,
  DEVICE_TIMELINE_PAGE,
  type DeviceCommandsResponse,
  type DeviceConfig,
  type DeviceDetails,
  type DeviceTimelineResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import {
  auditEvents,
  deviceAlerts,
  deviceCommands,
  deviceConfigs,
  devices,
  deviceTimeline,
  deviceUsers,
  outbox,
} from '../../db/schema/index.js';
import { openText } from '../../lib/secret-box.js';

let t: TestApp;
let admin: Session;
let teacher: Session;
let reviewer: Session;
let family: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  teacher = await signInAs(t, 'teacher');
  reviewer = await signInAs(t, 'reviewer');
  family = await signInAs(t, 'family');
});
afterAll(async () => t.close());

const deviceRow = async (serial: string) => (await t.db.select().from(devices).where(eq(devices.serial, serial)))[0]!;
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: string }).error;
/** Puts the device's last check-in `ms` in the past. */
const seenAgo = (serial: string, ms: number) =>
  t.db
    .update(devices)
    .set({ lastOnline: new Date(Date.now() - ms) })
    .where(eq(devices.serial, serial));
const timelineOf = async (serial: string) =>
  t.db
    .select()
    .from(deviceTimeline)
    .where(eq(deviceTimeline.deviceId, (await deviceRow(serial)).id))
    .orderBy(desc(deviceTimeline.id));

describe('another account and unknown devices', () => {
  const reads = ['/devices/details', '/devices/alerts', '/devices/config', '/devices/commands', '/devices/timeline'];
  it.each(reads)('GET %s answers another account’s device exactly like an unknown one (404)', async (path) => {
    const own = await call(t.app, 'GET', path, { session: admin, query: { id: 'NFPC1001', type: 'machine' } });
    expect(own.statusCode).toBe(200);
    const cross = await call(t.app, 'GET', path, { session: admin, query: { id: 'RFPC0001', type: 'machine' } });
    const missing = await call(t.app, 'GET', path, { session: admin, query: { id: 'NOSUCH01', type: 'machine' } });
    expect(cross.statusCode).toBe(404);
    expect(cross.body).toBe(missing.body);
    // The right serial with the wrong type is unknown too.
    const wrongType = await call(t.app, 'GET', path, { session: admin, query: { id: 'NFPC1001', type: 'mobile' } });
    expect(wrongType.statusCode).toBe(404);
    // Riverside's admin reads its own, not Northfield's.
    expect(
      (await call(t.app, 'GET', path, { session: family, query: { id: 'RFPC0001', type: 'machine' } })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', path, { session: family, query: { id: 'NFPC1001', type: 'machine' } })).statusCode,
    ).toBe(404);
  });

  it('refuses changes to another account’s devices with 404 and changes nothing', async () => {
    const before = await deviceRow('RFMB0001');
    const calls = [
      call(t.app, 'POST', '/devices/details', {
        session: admin,
        payload: { id: 'RFMB0001', type: 'mobile', name: 'Taken over' },
      }),
      call(t.app, 'POST', '/devices/config', {
        session: admin,
        payload: { id: 'RFMB0001', type: 'mobile', bool_settings: [{ key: 'safe_search_enabled', value: false }] },
      }),
      call(t.app, 'PUT', '/devices/lock_mobile_device', { session: admin, payload: { id: 'RFMB0001' } }),
      call(t.app, 'POST', '/devices/reset_mobile_password', {
        session: admin,
        payload: { id: 'RFMB0001', password: 'Secret123', send_email: false },
      }),
    ];
    for (const res of await Promise.all(calls)) expect([res.statusCode, errorOf(res)]).toEqual([404, 'Not found']);
    expect(await deviceRow('RFMB0001')).toEqual(before);
    expect(await t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, before.id))).toEqual([]);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'access.cross_account_denied'), eq(auditEvents.targetId, 'RFMB0001')));
    expect(audits.length).toBeGreaterThanOrEqual(4);
    expect(audits.every((a) => a.targetType === 'device')).toBe(true);
  });

  it('validates id and type', async () => {
    const noType = await call(t.app, 'GET', '/devices/details', { session: admin, query: { id: 'NFPC1001' } });
    expect(noType.statusCode).toBe(400);
    const badType = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: 'NFPC1001', type: 'pc' },
    });
    expect(badType.statusCode).toBe(400);
    const longId = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: 'X'.repeat(65), type: 'machine' },
    });
    expect(longId.statusCode).toBe(400);
  });
});

describe('GET /devices/details', () => {
  it('answers a machine with its machine section, users newest first and the policy state', async () => {
    const d = await deviceRow('NFPC1002');
    await t.db
      .update(devices)
      .set({
        details: {
          manufacturer_serial: 'MS-123',
          hard_drives: [{ name: 'C:', interface_type: 'NVMe', media_type: 'SSD', model: 'PM9A1', capacity: 512 }],
          windows_product_keys: [{ product: 'Windows 11 Education', key: 'AAAAA-BBBBB' }],
        },
      })
      .where(eq(devices.id, d.id));
    const r = await call(t.app, 'GET', '/devices/details', {
      session: teacher,
      query: { id: 'NFPC1002', type: 'machine' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<DeviceDetails>();
    expect(body).toMatchObject({ id: 'NFPC1002', type: 'machine', name: d.name, os: d.os, mobile: null });
    expect(body.license_type).not.toBeNull();
    expect(body.machine).toMatchObject({
      manufacturer_serial: 'MS-123',
      warranty_type: '',
      dispatch_date: 0,
      processor: '',
      network_adapters: [],
      hard_drives: [{ name: 'C:', capacity: 512 }],
      windows_product_keys: [{ product: 'Windows 11 Education', key: 'AAAAA-BBBBB' }],
    });
    const seen = await t.db.select().from(deviceUsers).where(eq(deviceUsers.deviceId, d.id));
    expect(body.users).toHaveLength(seen.length);
    expect(body.users.map((u) => u.last_active)).toEqual(
      [...body.users.map((u) => u.last_active)].sort((a, b) => b - a),
    );
    expect(body.machine!.server_users.length + body.machine!.local_users.length).toBe(seen.length);
    expect(body.user).not.toBeNull();
    const [config] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, d.id));
    expect(body.policy.current_version).toBe(config!.policyVersion);
    expect(body.policy.state).toBe(
      d.appliedPolicyVersion !== null && d.appliedPolicyVersion === config!.policyVersion ? 'applied' : 'pending',
    );
    await t.db.update(devices).set({ appliedPolicyVersion: config!.policyVersion }).where(eq(devices.id, d.id));
    const applied = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: 'NFPC1002', type: 'machine' },
    });
    expect(applied.json<DeviceDetails>().policy).toEqual({
      current_version: config!.policyVersion,
      applied_version: config!.policyVersion,
      state: 'applied',
      number: config!.policyNumber,
      applied_number: config!.policyNumber,
    });
    expect(config!.policyNumber).toBeGreaterThan(0);
  });

  it('answers a mobile with its mobile section (defaults for missing keys) and a deactivated date', async () => {
    const r = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: 'NFMB2003', type: 'mobile' },
    });
    const body = r.json<DeviceDetails>();
    expect(body.machine).toBeNull();
    expect(body.license_type).toBeNull();
    expect(body.mobile).toMatchObject({ zero_touch_enrolled: expect.any(Boolean), sim_cards: expect.any(Array) });
    expect(body.mobile!.user_name).toBe(body.user?.name ?? '');
    const deactivated = await call(t.app, 'GET', '/devices/details', {
      session: admin,
      query: { id: 'NFPC1011', type: 'machine' },
    });
    expect(deactivated.json<DeviceDetails>().deactivated_date).toBeGreaterThan(0);
    expect(body.deactivated_date).toBeNull();
  });
});

describe('POST /devices/details (rename)', () => {
  const rename = (session: Session, name: unknown, id = 'NFPC1003') =>
    call(t.app, 'POST', '/devices/details', { session, payload: { id, type: 'machine', name } });

  it('renames, writes the timeline line and an audit entry', async () => {
    const old = (await deviceRow('NFPC1003')).name;
    const r = await rename(admin, '  Library PC 3  ');
    expect(r.json()).toEqual({ success: true });
    expect((await deviceRow('NFPC1003')).name).toBe('Library PC 3');
    const [line] = await timelineOf('NFPC1003');
    expect(line).toMatchObject({ kind: 'renamed', text: `Renamed from ${old} to Library PC 3`, actor: 'Alex Morgan' });
    const [a] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'device.renamed'));
    expect(a).toMatchObject({ targetType: 'device', targetId: String((await deviceRow('NFPC1003')).id) });
    // The same name again changes nothing and writes no line.
    expect((await rename(admin, 'Library PC 3')).statusCode).toBe(200);
    expect((await timelineOf('NFPC1003')).filter((l) => l.kind === 'renamed')).toHaveLength(1);
  });

  it.each([
    ['', 'Please enter a device name'],
    ['   ', 'Please enter a device name'],
    ['ab', 'Please enter at least 3 characters'],
    ['x'.repeat(65), 'Please enter at most 64 characters'],
  ])('refuses the name %j: %s', async (name, message) => {
    const r = await rename(admin, name);
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain(message);
  });

  it('refuses a missing name with its message', async () => {
    const r = await call(t.app, 'POST', '/devices/details', {
      session: admin,
      payload: { id: 'NFPC1003', type: 'machine' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('Please enter a device name');
  });

  it('is the Console Admin’s: a console user and a requests admin get 403', async () => {
    for (const s of [teacher, reviewer]) expect((await rename(s, 'Not allowed')).statusCode).toBe(403);
    expect((await deviceRow('NFPC1003')).name).not.toBe('Not allowed');
  });

  it('of two admins renaming at once, exactly one wins; the other is told', async () => {
    const other = await signInAs(t, 'admin');
    const before = (await timelineOf('NFPC1005')).length;
    const [a, b] = await Promise.all([rename(admin, 'Race A', 'NFPC1005'), rename(other, 'Race B', 'NFPC1005')]);
    const codes = [a.statusCode, b.statusCode].sort();
    const final = (await deviceRow('NFPC1005')).name;
    expect(['Race A', 'Race B']).toContain(final);
    const lines = (await timelineOf('NFPC1005')).slice(0, (await timelineOf('NFPC1005')).length - before);
    if (codes[0] === 200 && codes[1] === 200) {
      // The second ran after the first committed: a rename from the winner's name, both recorded.
      expect(lines).toHaveLength(2);
    } else {
      expect(codes).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(errorOf(loser)).toBe(DEVICE_MSG.renamedMeanwhile);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.text).toContain(`to ${final}`);
    }
  });
});

/** Waits until some session waits for a row lock (the request under test is blocked behind `holder`). */
async function untilBlocked(): Promise<void> {
  for (;;) {
    const r = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
    );
    if ((r.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('rename racing another change (deterministic)', () => {
  it('a rename that read the name before another admin’s rename committed loses with renamedMeanwhile', async () => {
    const d = await deviceRow('NFPC1009');
    const holder = await t.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`UPDATE devices SET name = 'Winner Name' WHERE id = $1`, [d.id]);
      const pending = call(t.app, 'POST', '/devices/details', {
        session: admin,
        payload: { id: 'NFPC1009', type: 'machine', name: 'Loser Name' },
      });
      await untilBlocked();
      await holder.query('COMMIT');
      const res = await pending;
      expect([res.statusCode, errorOf(res)]).toEqual([409, DEVICE_MSG.renamedMeanwhile]);
    } finally {
      holder.release();
    }
    expect((await deviceRow('NFPC1009')).name).toBe('Winner Name');
    expect((await timelineOf('NFPC1009')).filter((l) => l.kind === 'renamed')).toEqual([]);
  });

  it('a settings change racing another one re-reads and keeps both', async () => {
    const d = await deviceRow('NFPC1009');
    const holder = await t.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(
        `UPDATE device_configs SET bool_settings = (
           SELECT jsonb_agg(CASE WHEN e->>'key' = 'allow_media_requests' THEN jsonb_build_object('key', e->>'key', 'value', false) ELSE e END)
           FROM jsonb_array_elements(bool_settings) e) WHERE device_id = $1`,
        [d.id],
      );
      const pending = call(t.app, 'POST', '/devices/config', {
        session: admin,
        payload: { id: 'NFPC1009', type: 'machine', bool_settings: [{ key: 'safe_search_enabled', value: false }] },
      });
      await untilBlocked();
      await holder.query('COMMIT');
      expect((await pending).statusCode).toBe(200);
    } finally {
      holder.release();
    }
    const [c] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, d.id));
    const v = Object.fromEntries(c!.boolSettings.map((s) => [s.key, s.value]));
    expect([v.allow_media_requests, v.safe_search_enabled]).toEqual([false, false]);
  });
});

describe('GET /devices/alerts', () => {
  it('lists the open alerts, newest first, not cleared ones', async () => {
    const d = await deviceRow('NFPC1001');
    const open = await t.db
      .select()
      .from(deviceAlerts)
      .where(eq(deviceAlerts.deviceId, d.id))
      .orderBy(desc(deviceAlerts.createdAt), desc(deviceAlerts.id));
    expect(open.length).toBeGreaterThan(0);
    await t.db.insert(deviceAlerts).values({
      accountId: d.accountId,
      deviceId: d.id,
      code: 309,
      groupId: 'general_alert',
      severity: 'important',
      title: 'Old cleared one',
      clearedAt: new Date(),
    });
    const newest = { accountId: d.accountId, deviceId: d.id, code: 300, groupId: 'service_alert' as const };
    await t.db
      .insert(deviceAlerts)
      .values({ ...newest, severity: 'important', title: 'Newest', createdAt: new Date(Date.now() + 60_000) });
    const r = await call(t.app, 'GET', '/devices/alerts', {
      session: reviewer,
      query: { id: 'NFPC1001', type: 'machine' },
    });
    const alerts = r.json<{ alerts: { title: string; code: number }[] }>().alerts;
    expect(alerts[0]).toMatchObject({ title: 'Newest', code: 300, group_id: 'service_alert' });
    expect(alerts.map((a) => a.title)).toEqual(['Newest', ...open.filter((a) => !a.clearedAt).map((a) => a.title)]);
  });
});

describe('GET and POST /devices/config', () => {
  const getConfig = async (serial: string, type: 'machine' | 'mobile') =>
    (
      await call(t.app, 'GET', '/devices/config', { session: teacher, query: { id: serial, type } })
    ).json<DeviceConfig>();
  const post = (session: Session, payload: Record<string, unknown>) =>
    call(t.app, 'POST', '/devices/config', { session, payload });

  it('reads the device’s settings', async () => {
    const c = await getConfig('NFPC1006', 'machine');
    const [stored] = await t.db
      .select()
      .from(deviceConfigs)
      .where(eq(deviceConfigs.deviceId, (await deviceRow('NFPC1006')).id));
    expect(c.bool_settings).toEqual(stored!.boolSettings);
    expect(c.is_unlocked).toBe(stored!.isUnlocked);
  });

  it('replaces the values sent, refreshes the policy version, names the change in the timeline', async () => {
    const d = await deviceRow('NFPC1006');
    const [before] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, d.id));
    const beta = before!.boolSettings.find((s) => s.key === 'allow_beta_service_pack_install')!;
    const r = await post(admin, {
      id: 'NFPC1006',
      type: 'machine',
      bool_settings: [
        { key: 'allow_beta_service_pack_install', value: !beta.value },
        ...before!.boolSettings.filter((s) => s.key !== 'allow_beta_service_pack_install'),
      ],
    });
    expect(r.json()).toEqual({ success: true });
    const [after] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, d.id));
    expect(after!.boolSettings.find((s) => s.key === 'allow_beta_service_pack_install')!.value).toBe(!beta.value);
    expect(after!.boolSettings).toHaveLength(before!.boolSettings.length);
    expect(after!.policyVersion).not.toBe(before!.policyVersion);
    expect(after!.policyVersion).toMatch(/^[0-9a-f]{32}$/);
    const [line] = await timelineOf('NFPC1006');
    expect(line).toMatchObject({
      kind: 'settings_changed',
      text: `Settings changed: Beta Versions: ${!beta.value ? 'on' : 'off'}`,
      actor: 'Alex Morgan',
    });
    // Sending the same values again changes nothing: no timeline line.
    const count = (await timelineOf('NFPC1006')).length;
    expect(
      (await post(admin, { id: 'NFPC1006', type: 'machine', bool_settings: after!.boolSettings })).statusCode,
    ).toBe(200);
    expect(await timelineOf('NFPC1006')).toHaveLength(count);
  });

  it('refuses a key the device’s config does not hold, and changes nothing', async () => {
    const d = await deviceRow('NFPC1006');
    const [before] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, d.id));
    const r = await post(admin, {
      id: 'NFPC1006',
      type: 'machine',
      bool_settings: [
        { key: 'safe_search_enabled', value: false },
        { key: 'allow_google_secondary_accounts', value: true },
      ],
    });
    expect([r.statusCode, errorOf(r)]).toEqual([400, DEVICE_MSG.unknownSetting('allow_google_secondary_accounts')]);
    const s = await post(admin, {
      id: 'NFPC1006',
      type: 'machine',
      string_settings: [{ key: 'homepage', value: 'x' }],
    });
    expect([s.statusCode, errorOf(s)]).toEqual([400, DEVICE_MSG.unknownSetting('homepage')]);
    const [after] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, d.id));
    expect(after).toEqual(before);
  });

  it('changes string settings by key', async () => {
    const d = await deviceRow('NFPC1007');
    await t.db
      .update(deviceConfigs)
      .set({ stringSettings: [{ key: 'homepage', value: 'https://a.example' }] })
      .where(eq(deviceConfigs.deviceId, d.id));
    const r = await post(admin, {
      id: 'NFPC1007',
      type: 'machine',
      string_settings: [{ key: 'homepage', value: 'https://b.example' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await getConfig('NFPC1007', 'machine')).string_settings).toEqual([
      { key: 'homepage', value: 'https://b.example' },
    ]);
    expect((await timelineOf('NFPC1007'))[0]!.text).toBe('Settings changed: homepage: "https://b.example"');
  });

  it('refuses a deactivated device, an empty request, unknown keys in the contract, and other roles', async () => {
    const dead = await post(admin, {
      id: 'NFPC1011',
      type: 'machine',
      bool_settings: [{ key: 'safe_search_enabled', value: false }],
    });
    expect([dead.statusCode, errorOf(dead)]).toEqual([400, DEVICE_MSG.deactivated]);
    const empty = await post(admin, { id: 'NFPC1006', type: 'machine' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Send bool_settings or string_settings');
    const badKey = await post(admin, {
      id: 'NFPC1006',
      type: 'machine',
      bool_settings: [{ key: 'nope', value: true }],
    });
    expect(badKey.statusCode).toBe(400);
    for (const s of [teacher, reviewer]) {
      const r = await post(s, {
        id: 'NFPC1006',
        type: 'machine',
        bool_settings: [{ key: 'safe_search_enabled', value: false }],
      });
      expect(r.statusCode).toBe(403);
    }
  });

  it('keeps both of two concurrent changes of different keys', async () => {
    const d = await deviceRow('NFMB2002');
    await Promise.all([
      post(admin, { id: 'NFMB2002', type: 'mobile', bool_settings: [{ key: 'safe_search_enabled', value: false }] }),
      post(admin, {
        id: 'NFMB2002',
        type: 'mobile',
        bool_settings: [{ key: 'allow_google_secondary_accounts', value: true }],
      }),
    ]);
    const [c] = await t.db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, d.id));
    const v = Object.fromEntries(c!.boolSettings.map((s) => [s.key, s.value]));
    expect([v.safe_search_enabled, v.allow_google_secondary_accounts]).toEqual([false, true]);
  });
});

describe('PUT /devices/lock_mobile_device', () => {
  const lock = (session: Session, id: string) =>
    call(t.app, 'PUT', '/devices/lock_mobile_device', { session, payload: { id } });
  const commandsOf = async (serial: string) =>
    t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, (await deviceRow(serial)).id))
      .orderBy(deviceCommands.id);

  it('queues a lock_screen command; a newer one supersedes an older open one', async () => {
    await seenAgo('NFMB2004', 60_000);
    expect((await lock(admin, 'NFMB2004')).json()).toEqual({ success: true, device_online: true });
    const [first] = await commandsOf('NFMB2004');
    expect(first).toMatchObject({ type: 'lock_screen', state: 'pending', createdByName: 'Alex Morgan', payload: {} });
    expect(first!.expiresAt.getTime() - first!.createdAt.getTime()).toBe(DEVICE_COMMAND_TTL_HOURS * 3_600_000);
    expect((await lock(admin, 'NFMB2004')).statusCode).toBe(200);
    const [older, newer] = await commandsOf('NFMB2004');
    expect([older!.state, newer!.state]).toEqual(['cancelled', 'pending']);
    expect(older!.finishedAt).not.toBeNull();
    const kinds = (await timelineOf('NFMB2004')).map((l) => `${l.kind}:${l.text}`);
    expect(kinds.slice(0, 3)).toEqual([
      'command_sent:Lock screen sent',
      'command_cancelled:Lock screen cancelled: replaced by a newer one',
      'command_sent:Lock screen sent',
    ]);
  });

  it('says whether the device was online: an offline or never-seen one gets it at its next check-in', async () => {
    await seenAgo('NFMB2004', (DEVICE_ONLINE_MINUTES + 1) * 60_000);
    expect((await lock(admin, 'NFMB2004')).json()).toEqual({ success: true, device_online: false });
    await t.db.update(devices).set({ lastOnline: null }).where(eq(devices.serial, 'NFMB2004'));
    expect((await lock(admin, 'NFMB2004')).json()).toEqual({ success: true, device_online: false });
  });

  it('of two admins locking at once, one command stays open', async () => {
    await Promise.all([lock(admin, 'NFMB2005'), lock(admin, 'NFMB2005'), lock(admin, 'NFMB2005')]);
    const cmds = await commandsOf('NFMB2005');
    expect(cmds).toHaveLength(3);
    expect(cmds.filter((c) => c.state === 'pending')).toHaveLength(1);
  });

  it('refuses a deactivated mobile', async () => {
    await t.db.update(devices).set({ deactivatedDate: new Date() }).where(eq(devices.serial, 'NFMB2007'));
    const r = await lock(admin, 'NFMB2007');
    expect([r.statusCode, errorOf(r)]).toEqual([400, DEVICE_MSG.deactivated]);
    expect(await commandsOf('NFMB2007')).toEqual([]);
    await t.db.update(devices).set({ deactivatedDate: null }).where(eq(devices.serial, 'NFMB2007'));
  });

  it('answers 404 for a machine, an unknown and another account’s serial; 403 to other roles', async () => {
    for (const id of ['NFPC1001', 'NOSUCH01', 'RFMB0001']) expect((await lock(admin, id)).statusCode).toBe(404);
    for (const s of [teacher, reviewer]) expect((await lock(s, 'NFMB2004')).statusCode).toBe(403);
    expect((await lock(admin, '')).statusCode).toBe(400);
  });
});

describe('POST /devices/reset_mobile_password', () => {
  const reset = (session: Session, payload: Record<string, unknown>) =>
    call(t.app, 'POST', '/devices/reset_mobile_password', { session, payload });

  it('queues a set_password command with the password sealed, and mails a note without it', async () => {
    const mark = (await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]?.id ?? 0;
    await seenAgo('NFMB2006', 60_000);
    const r = await reset(admin, { id: 'NFMB2006', password: 'Tr1cky-Pass', send_email: true });
    expect(r.json()).toEqual({ success: true, device_online: true });
    const [cmd] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, (await deviceRow('NFMB2006')).id));
    expect(cmd).toMatchObject({ type: 'set_password', state: 'pending' });
    const sealed = String(cmd!.payload.password_sealed);
    expect(sealed).not.toContain('Tr1cky-Pass');
    expect(openText(t.config.SECRET_KEY, sealed)).toBe('Tr1cky-Pass');
    const mails = await t.db.select().from(outbox).where(gt(outbox.id, mark));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('admin@northfield.example');
    expect(mails[0]!.text).toContain('NFMB2006');
    expect(`${mails[0]!.subject}${mails[0]!.text}${mails[0]!.html ?? ''}`).not.toContain('Tr1cky-Pass');
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'device.password_sent'));
    expect(JSON.stringify(audits)).not.toContain('Tr1cky-Pass');
    expect((await timelineOf('NFMB2006'))[0]).toMatchObject({ kind: 'command_sent', text: 'Device password sent' });
  });

  it('mails nothing without send_email; says when the device is offline', async () => {
    const mark = (await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]?.id ?? 0;
    await seenAgo('NFMB2006', 3_600_000);
    const r = await reset(admin, { id: 'NFMB2006', password: 'Another1', send_email: false });
    expect(r.json()).toEqual({ success: true, device_online: false });
    expect(await t.db.select().from(outbox).where(gt(outbox.id, mark))).toEqual([]);
  });

  it('answers a deactivated device inline with success false', async () => {
    await t.db.update(devices).set({ deactivatedDate: new Date() }).where(eq(devices.serial, 'NFMB2008'));
    const r = await reset(admin, { id: 'NFMB2008', password: 'Secret99', send_email: false });
    expect([r.statusCode, r.json()]).toEqual([200, { success: false, error_message: DEVICE_MSG.deactivated }]);
    await t.db.update(devices).set({ deactivatedDate: null }).where(eq(devices.serial, 'NFMB2008'));
  });

  it.each([
    [{ password: '' }, 'Please enter a Password'],
    [{ password: 'abc' }, 'Please enter at least 4 characters'],
    [{ password: 'x'.repeat(33) }, 'Please enter at most 32 characters'],
    [{}, 'Please enter a Password'],
  ])('validates the password %j: %s', async (extra, message) => {
    const r = await reset(admin, { id: 'NFMB2006', send_email: false, ...extra });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain(message);
  });

  it('answers 404 for a machine or another account’s mobile; 403 to other roles', async () => {
    for (const id of ['NFPC1001', 'RFMB0001'])
      expect((await reset(admin, { id, password: 'Secret99', send_email: false })).statusCode).toBe(404);
    for (const s of [teacher, reviewer])
      expect((await reset(s, { id: 'NFMB2006', password: 'Secret99', send_email: false })).statusCode).toBe(403);
  });
});

describe('GET /devices/commands', () => {
  it('shows the newest 20 commands, newest first, expiring due ones', async () => {
    const d = await deviceRow('NFMB2001');
    const long = new Date(Date.now() - (DEVICE_COMMAND_TTL_HOURS + 1) * 3_600_000);
    const [old] = await t.db
      .insert(deviceCommands)
      .values({
        accountId: d.accountId,
        deviceId: d.id,
        type: 'set_password',
        payload: { password_sealed: 'v1.x' },
        createdByName: 'admin',
        createdAt: long,
        expiresAt: new Date(long.getTime() + DEVICE_COMMAND_TTL_HOURS * 3_600_000),
      })
      .returning();
    for (let i = 0; i < 21; i++)
      await call(t.app, 'PUT', '/devices/lock_mobile_device', { session: admin, payload: { id: 'NFMB2001' } });
    const r = await call(t.app, 'GET', '/devices/commands', {
      session: teacher,
      query: { id: 'NFMB2001', type: 'mobile' },
    });
    const { commands } = r.json<DeviceCommandsResponse>();
    expect(commands).toHaveLength(20);
    expect(commands.map((c) => c.id)).toEqual([...commands.map((c) => c.id)].sort((a, b) => b - a));
    expect(commands[0]).toMatchObject({
      type: 'lock_screen',
      state: 'pending',
      created_by: 'Alex Morgan',
      delivered: 0,
    });
    expect(commands.slice(1).every((c) => c.state === 'cancelled' && c.finished > 0)).toBe(true);
    const [expired] = await t.db.select().from(deviceCommands).where(eq(deviceCommands.id, old!.id));
    expect(expired).toMatchObject({ state: 'expired', payload: {} });
    expect(expired!.finishedAt!.getTime()).toBe(expired!.expiresAt.getTime());
    expect((await timelineOf('NFMB2001')).some((l) => l.kind === 'command_expired')).toBe(true);
  });
});

describe('GET /devices/timeline', () => {
  it('answers newest first by id, a page at a time, `before` paging back', async () => {
    const d = await deviceRow('NFPC1008');
    await t.db.insert(deviceTimeline).values(
      Array.from({ length: DEVICE_TIMELINE_PAGE + 5 }, (_, i) => ({
        accountId: d.accountId,
        deviceId: d.id,
        kind: 'alert_raised',
        text: `Line ${i}`,
      })),
    );
    const all = await timelineOf('NFPC1008');
    const first = (
      await call(t.app, 'GET', '/devices/timeline', { session: teacher, query: { id: 'NFPC1008', type: 'machine' } })
    ).json<DeviceTimelineResponse>();
    expect(first.entries).toHaveLength(DEVICE_TIMELINE_PAGE);
    expect(first.entries.map((e) => e.id)).toEqual(all.slice(0, DEVICE_TIMELINE_PAGE).map((l) => l.id));
    expect(first.entries[0]).toMatchObject({
      kind: 'alert_raised',
      text: `Line ${DEVICE_TIMELINE_PAGE + 4}`,
      actor: '',
    });
    expect(first.next_before).toBe(first.entries.at(-1)!.id);
    const second = (
      await call(t.app, 'GET', '/devices/timeline', {
        session: teacher,
        query: { id: 'NFPC1008', type: 'machine', before: String(first.next_before) },
      })
    ).json<DeviceTimelineResponse>();
    expect(second.entries.map((e) => e.id)).toEqual(all.slice(DEVICE_TIMELINE_PAGE).map((l) => l.id));
    expect(second.next_before).toBeNull();
    const bad = await call(t.app, 'GET', '/devices/timeline', {
      session: teacher,
      query: { id: 'NFPC1008', type: 'machine', before: '-1' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
