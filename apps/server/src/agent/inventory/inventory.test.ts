import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AGENT_BASE, AGENT_INVENTORY_MSG, type AgentInventoryRequest, type DeviceDetails } from '@wayguard/contracts';
import { call, type Session, type TestApp } from '../../test/harness.js';
import { enrolDevice, agentTestApp } from '../../test/agent.js';
import { devices, serverUsers } from '../../db/schema/index.js';

let t: TestApp, admin: Session, token: string;
beforeAll(async () => ({ t, admin, token } = await agentTestApp()));
afterAll(async () => t.close());

const enrolled = (kind: 'machine' | 'mobile') => enrolDevice(t, token, { kind });
const put = (secret: string, payload: unknown, contentType = 'application/json') =>
  t.app.inject({
    method: 'PUT',
    url: `${AGENT_BASE}/inventory`,
    headers: { authorization: `Bearer ${secret}`, 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const stored = async (id: number) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;

const MACHINE: AgentInventoryRequest = {
  os: 'Windows',
  os_version: '11 23H2',
  os_build_version: '22631.4460',
  model: 'OptiPlex 7010',
  license_key: 'LK-SIM-1',
  update_installed: 1_795_000_000,
  machine: {
    manufacturer_serial: 'DL7010-XYZ',
    processor: 'Intel Core i5-13500',
    hard_drives: [{ name: 'C:', interface_type: 'NVMe', media_type: 'SSD', model: 'PM9A1', capacity: 512_110_190_592 }],
    windows_product_keys: [{ product: 'Windows 11 Education', key: 'NW6C2-QMPVW-D7KKK-3GKT6-VCFB2' }],
    network_adapters: [{ name: 'Ethernet', mac_address: '00:1A:2B:3C:4D:5E', ip_address: '10.1.2.3' }],
  },
};

describe('PUT /api/agent/v1/inventory', () => {
  it("stores a machine's snapshot and its common fields; sending it again changes nothing but the time", async () => {
    const d = await enrolled('machine');
    const res = await put(d.device_secret, MACHINE);
    expect(res.statusCode).toBe(200);
    const first = await stored(d.device_id);
    expect(first).toMatchObject({
      os: 'Windows',
      osVersion: '11 23H2',
      osBuildVersion: '22631.4460',
      modelName: 'OptiPlex 7010',
      licenseKey: 'LK-SIM-1',
    });
    expect(first.updateInstalled?.getTime()).toBe(1_795_000_000_000);
    expect(first.details).toMatchObject({
      manufacturer_serial: 'DL7010-XYZ',
      hard_drives: [{ name: 'C:', capacity: 512_110_190_592 }],
      graphics_cards: [],
      sim_cards: [],
    });
    expect(res.json<{ details_updated: number }>().details_updated).toBe(
      Math.floor(first.detailsUpdated!.getTime() / 1000),
    );

    expect((await put(d.device_secret, MACHINE)).statusCode).toBe(200);
    const second = await stored(d.device_id);
    expect(second.details).toEqual(first.details);
  });

  it('replaces the snapshot whole: a drive no longer reported is gone', async () => {
    const d = await enrolled('machine');
    await put(d.device_secret, MACHINE);
    await put(d.device_secret, { machine: { processor: 'Intel Core i7' } });
    const row = await stored(d.device_id);
    expect(row.details).toMatchObject({ processor: 'Intel Core i7', hard_drives: [] });
    expect(row.os).toBe('Windows');
  });

  it("stores a mobile's snapshot", async () => {
    const d = await enrolled('mobile');
    const res = await put(d.device_secret, {
      mobile: {
        imei: '356938035643809',
        zero_touch_enrolled: true,
        sim_cards: [{ name: 'SIM 1', carrier_name: 'Vodafone', phone_number: '+447700900123', roaming: false }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(d.device_id)).details).toMatchObject({ imei: '356938035643809', zero_touch_enrolled: true });
  });

  it('refuses the other kind\u2019s section, or none, with its message', async () => {
    const m = await enrolled('machine');
    const wrong = await put(m.device_secret, { mobile: { imei: '1' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: AGENT_INVENTORY_MSG.wrongKind('machine') });
    expect((await put(m.device_secret, { os: 'Windows' })).statusCode).toBe(400);
    const p = await enrolled('mobile');
    expect((await put(p.device_secret, MACHINE)).json()).toMatchObject({
      error: AGENT_INVENTORY_MSG.wrongKind('mobile'),
    });
    expect((await stored(m.device_id)).detailsUpdated).toBeNull();
  });

  describe('the safe-search user (001 §3, issue 26)', () => {
    const serverUser = async (username: string) =>
      (await t.db.select().from(serverUsers).where(eq(serverUsers.username, username)))[0]!;
    const machineDetails = async (deviceId: number) => {
      const { serial } = await stored(deviceId);
      const res = await call(t.app, 'GET', '/devices/details', {
        session: admin,
        query: { id: serial, type: 'machine' },
      });
      expect(res.statusCode).toBe(200);
      return res.json<DeviceDetails>().machine!;
    };
    const report = (secret: string, user: string, type: string | null, recorded = 1_795_000_000) =>
      put(secret, {
        machine: { safe_search_user: user, safe_search_user_type: type, safe_search_user_recorded: recorded },
      });

    it("is matched by username and type among the account's server and local users, and shown with its id", async () => {
      const d = await enrolled('machine');
      const pupil = await serverUser('year7.ahmed@northfield.local');
      expect((await report(d.device_secret, pupil.username, 'server_user')).statusCode).toBe(200);
      expect(await machineDetails(d.device_id)).toMatchObject({
        safe_search_user: pupil.username,
        safe_search_user_id: pupil.id,
        safe_search_user_type: 'server_user',
        safe_search_user_recorded: 1_795_000_000,
      });
      const local = await serverUser('student@NF-LAB01');
      await report(d.device_secret, local.username, 'local_user');
      expect(await machineDetails(d.device_id)).toMatchObject({ safe_search_user_id: local.id });
    });

    it("links no one for an unknown name, the wrong type or another account's user; the name is still shown", async () => {
      const d = await enrolled('machine');
      const pupil = await serverUser('year7.ahmed@northfield.local');
      const riverside = await serverUser('kid@RIVERSIDE-MARKER-PC');
      for (const [user, type] of [
        ['nobody@northfield.local', 'server_user'],
        [pupil.username, 'local_user'],
        [riverside.username, 'local_user'],
        [pupil.username, null],
      ] as const) {
        expect((await report(d.device_secret, user, type)).statusCode).toBe(200);
        expect(await machineDetails(d.device_id)).toMatchObject({ safe_search_user: user, safe_search_user_id: null });
      }
    });

    it('never takes an id, a console user or an unknown type from the device', async () => {
      const d = await enrolled('machine');
      const pupil = await serverUser('year7.ahmed@northfield.local');
      await put(d.device_secret, {
        machine: { safe_search_user: 'nobody', safe_search_user_type: 'server_user', safe_search_user_id: pupil.id },
      });
      expect(await machineDetails(d.device_id)).toMatchObject({ safe_search_user_id: null });
      expect((await report(d.device_secret, 'admin', 'user')).statusCode).toBe(400);
      expect((await report(d.device_secret, 'x'.repeat(65), 'server_user')).statusCode).toBe(400);
    });

    it('is empty until reported', async () => {
      const d = await enrolled('machine');
      await put(d.device_secret, MACHINE);
      expect(await machineDetails(d.device_id)).toMatchObject({
        safe_search_user: '',
        safe_search_user_id: null,
        safe_search_user_type: null,
        safe_search_user_recorded: 0,
      });
    });
  });

  it.each([
    ['too many drives', { machine: { hard_drives: Array.from({ length: 65 }, (_, i) => ({ name: `D${i}` })) } }],
    ['a negative capacity', { machine: { hard_drives: [{ name: 'C:', capacity: -1 }] } }],
    ['an overlong processor', { machine: { processor: 'x'.repeat(129) } }],
    ['a date past 2100', { update_installed: 5_000_000_000, machine: {} }],
  ])('refuses %s with 400', async (_, payload) => {
    const d = await enrolled('machine');
    expect((await put(d.device_secret, payload)).statusCode).toBe(400);
  });

  it('takes JSON only (415), and a device secret only (401)', async () => {
    const d = await enrolled('machine');
    expect((await put(d.device_secret, 'machine=1', 'text/plain')).statusCode).toBe(415);
    const res = await t.app.inject({ method: 'PUT', url: `${AGENT_BASE}/inventory`, payload: MACHINE });
    expect(res.statusCode).toBe(401);
  });
});
