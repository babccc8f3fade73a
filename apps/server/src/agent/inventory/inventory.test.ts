import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AGENT_BASE, AGENT_INVENTORY_MSG, type AgentInventoryRequest } from '@wayguard/contracts';
import { createTestApp, login, type TestApp } from '../../test/harness.js';
import { enrolDevice, newEnrolmentToken } from '../../test/agent.js';
import { devices } from '../../db/schema/index.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await newEnrolmentToken(t, await login(t.app, 'admin', 'DemoAdmin2026!'))).secret;
});
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
