/**
 * The devices list's kept totals and page starts at the account's devices and users versions
 * (domain/devices/devices-list-cache.ts, migration 0028): a change made past this process (plain SQL here,
 * as another process would make it) is seen by the next read, and a check-in's write moves no version.
 * The lists keep from one device on (`cachedFrom: 1`), so that the demo's devices are enough.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { devicesListQuery } from '@wayguard/contracts';
import type { TestApp } from '../../test/harness.js';
import { agentCall, agentTestApp, enrolDevice } from '../../test/agent.js';
import { accounts, devices } from '../../db/schema/index.js';
import { createDevicesListKept } from '../../domain/devices/devices-list-cache.js';
import { readStamp } from '../../lib/kept/versions.js';
import { listDevices } from './repository.js';

let t: TestApp;
let token: string;
let northfieldId: number;

beforeAll(async () => {
  ({ t, token } = await agentTestApp());
  const [nf] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, 'NF-100245'));
  northfieldId = nf!.id;
});
afterAll(async () => t.close());

const parse = ({ count, ...query }: Record<string, string>) => ({
  ...devicesListQuery.parse(query),
  count: Number(count ?? '25'),
});
const ids = (r: { rows: { id: number }[] }) => r.rows.map((row) => row.id);
const devicesStamp = () => readStamp(t.db, ['devices'], northfieldId);

describe('devices list kept at the devices version', () => {
  it("a total is counted afresh after a change made outside this process's writes", async () => {
    const kept = createDevicesListKept({ cachedFrom: 1 });
    const [d] = await t.db.select().from(devices).where(eq(devices.accountId, northfieldId)).limit(1);
    // A searched view (its total is counted, not read from device_counts) holding one device.
    const q = parse({ query: d!.serial, deactivated: '1' });
    const total = () => listDevices(t.db, northfieldId, q, new Date(), undefined, kept);
    expect((await total()).total).toBe(1);
    await t.db.execute(sql`UPDATE devices SET serial = serial || '-moved' WHERE id = ${d!.id}`);
    await t.db.execute(sql`INSERT INTO devices (account_id, kind, serial, name)
      VALUES (${northfieldId}, 'machine', ${`${d!.serial}-twin`}, 'Twin')`);
    expect((await total()).total).toBe(2);
    await t.db.execute(sql`DELETE FROM devices WHERE account_id = ${northfieldId} AND serial = ${`${d!.serial}-twin`}`);
    expect((await total()).total).toBe(1);
    await t.db.execute(sql`UPDATE devices SET serial = ${d!.serial}, name = 'Renamed away' WHERE id = ${d!.id}`);
    expect((await total()).total).toBe(1);
    await t.db.execute(sql`UPDATE devices SET serial = 'elsewhere-1' WHERE id = ${d!.id}`);
    expect((await total()).total).toBe(0);
    await t.db.execute(sql`UPDATE devices SET serial = ${d!.serial}, name = ${d!.name} WHERE id = ${d!.id}`);
  });

  it("a total follows a deactivation and a user's new name", async () => {
    const kept = createDevicesListKept({ cachedFrom: 1 });
    const [d] = await t.db
      .select()
      .from(devices)
      .where(and(eq(devices.accountId, northfieldId), sql`${devices.userKind} = 'user'`))
      .limit(1);
    const count = (query: Record<string, string>) =>
      listDevices(t.db, northfieldId, parse(query), new Date(), undefined, kept).then((r) => r.total);
    const billed = { registered_not_billed: '1', billed_not_registered: '1' };
    await t.db.execute(sql`UPDATE devices SET billed = false WHERE id = ${d!.id}`);
    const before = await count(billed);
    await t.db.execute(sql`UPDATE devices SET deactivated_date = now() WHERE id = ${d!.id}`);
    expect(await count(billed)).toBe(before - 1);
    await t.db.execute(sql`UPDATE devices SET deactivated_date = NULL, billed = true WHERE id = ${d!.id}`);

    const name = 'Zebediah Kept-Test';
    expect(await count({ query: name })).toBe(0);
    await t.db.execute(
      sql`UPDATE users SET first_name = 'Zebediah', last_name = 'Kept-Test' WHERE id = ${d!.userRefId}`,
    );
    expect(await count({ query: name })).toBeGreaterThan(0);
  });

  it('a deep page is found from where it began only at the same versions', async () => {
    const kept = createDevicesListKept({ cachedFrom: 1 });
    const base = { sort_by: 'name', count: '3', deactivated: '1', page: '3' };
    const plain = () => listDevices(t.db, northfieldId, parse(base), new Date(), Number.MAX_SAFE_INTEGER, kept);
    const sought = () => listDevices(t.db, northfieldId, parse(base), new Date(), 3, kept);
    const before = ids(await sought());
    expect(before).toEqual(ids(await plain()));
    await t.db.execute(sql`INSERT INTO devices (account_id, kind, serial, name)
      VALUES (${northfieldId}, 'machine', 'kept-first', '!first by name')`);
    const after = ids(await sought());
    expect(after).toEqual(ids(await plain()));
    expect(after).not.toEqual(before);
    await t.db.execute(sql`DELETE FROM devices WHERE account_id = ${northfieldId} AND serial = 'kept-first'`);
  });

  it('an enrolment moves the version; a check-in with a new agent and OS version does not', async () => {
    const before = await devicesStamp();
    const d = await enrolDevice(t, token);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, d.device_id));
    expect(row!.accountId).toBe(northfieldId);
    const enrolled = await devicesStamp();
    expect(enrolled).not.toBe(before);
    const res = await agentCall(t, 'POST', '/checkin', {
      secret: d.device_secret,
      payload: { seq: 1, agent_version: '9.9.9', os_version: '99', applied_policy_version: 'p-kept' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [checked] = await t.db.select().from(devices).where(eq(devices.id, d.device_id));
    expect(checked!.version).toBe('9.9.9');
    expect(await devicesStamp()).toBe(enrolled);
  });

  it("a check-in's write moves no version", async () => {
    const [d] = await t.db.select().from(devices).where(eq(devices.accountId, northfieldId)).limit(1);
    const stamp = await devicesStamp();
    await t.db.execute(sql`UPDATE devices SET last_online = now(), last_checkin_seq = last_checkin_seq + 1,
      version = '9.9.9', agent_version = '9.9.9', os_version = '99', status_updated = now(),
      applied_policy_version = 'p-kept', policy_applied_at = now() WHERE id = ${d!.id}`);
    expect(await devicesStamp()).toBe(stamp);
    await t.db.execute(sql`UPDATE devices SET name = name WHERE id = ${d!.id}`);
    expect(await devicesStamp()).toBe(stamp);
    await t.db.execute(sql`UPDATE devices SET name = name || ' ' WHERE id = ${d!.id}`);
    expect(await devicesStamp()).not.toBe(stamp);
  });
});
