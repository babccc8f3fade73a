/**
 * What the triggers of migration 0012 keep (schema/devices.ts): device_counts (the list's totals by kind
 * and deactivation) and each device's open alert counts must equal a plain count of the tables after
 * every kind of change: bulk inserts, a deactivation and a reactivation, a kind change, deletes, alerts
 * raised, cleared, re-opened and deleted. And GET /devices answers the kept totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DevicesListResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accounts, deviceAlerts, devices } from '../../db/schema/index.js';

let t: TestApp;
let admin: Session;
let accountId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  const [nf] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, 'NF-100245'));
  accountId = nf!.id;
});
afterAll(async () => t.close());

/** Kept and counted totals per (account, kind, deactivated), and kept and counted open alerts per device, that differ. */
async function drift() {
  const totals = await t.db.execute(sql`
    SELECT coalesce(k.account_id, c.account_id) AS account_id, coalesce(k.kind, c.kind) AS kind,
           coalesce(k.deactivated, c.deactivated) AS deactivated, coalesce(k.n, 0) AS kept, coalesce(c.n, 0) AS counted
    FROM device_counts k
    FULL JOIN (SELECT account_id, kind, deactivated_date IS NOT NULL AS deactivated, count(*)::int AS n
               FROM devices GROUP BY 1, 2, 3) c
      ON c.account_id = k.account_id AND c.kind = k.kind AND c.deactivated = k.deactivated
    WHERE coalesce(k.n, 0) <> coalesce(c.n, 0)`);
  const alerts = await t.db.execute(sql`
    SELECT d.id FROM devices d
    LEFT JOIN (SELECT device_id, count(*) FILTER (WHERE severity = 'critical')::int AS c,
                      count(*) FILTER (WHERE severity = 'important')::int AS i
               FROM device_alerts WHERE cleared_at IS NULL GROUP BY device_id) a ON a.device_id = d.id
    WHERE d.open_critical_alerts <> coalesce(a.c, 0) OR d.open_important_alerts <> coalesce(a.i, 0)`);
  return { totals: totals.rows, alerts: alerts.rows };
}

async function total(query: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', '/devices', { session: admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DevicesListResponse>().total_count;
}

describe('device_counts and open alert counts (kept by triggers)', () => {
  it('match the tables after the demo seed', async () => {
    expect(await drift()).toEqual({ totals: [], alerts: [] });
    const [row] = (
      await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM devices WHERE account_id = ${accountId} AND deactivated_date IS NULL`,
      )
    ).rows;
    expect(await total()).toBe(row!.n);
  });

  it('follow bulk inserts, deactivation, reactivation, a kind change and deletes', async () => {
    const before = await total();
    const machinesBefore = await total({ mobile: '0' });
    const made = await t.db
      .insert(devices)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          accountId,
          kind: i % 3 === 0 ? ('mobile' as const) : ('machine' as const),
          serial: `TRIG${i}`,
          name: `Trigger test ${i}`,
        })),
      )
      .returning({ id: devices.id, kind: devices.kind });
    expect(await total()).toBe(before + 30);
    expect(await total({ mobile: '0' })).toBe(machinesBefore + 20);

    const ids = made.map((d) => d.id);
    await t.db
      .update(devices)
      .set({ deactivatedDate: new Date() })
      .where(inArray(devices.id, ids.slice(0, 5)));
    expect(await total()).toBe(before + 25);
    expect(await total({ deactivated: '1' })).toBeGreaterThanOrEqual(before + 30);
    // A second deactivation date moves nothing; a reactivation moves one back.
    await t.db
      .update(devices)
      .set({ deactivatedDate: new Date(0) })
      .where(eq(devices.id, ids[0]!));
    await t.db.update(devices).set({ deactivatedDate: null }).where(eq(devices.id, ids[1]!));
    expect(await total()).toBe(before + 26);
    await t.db.update(devices).set({ kind: 'mobile' }).where(eq(devices.id, ids[2]!));
    // A check-in's kind of update (names none of the counted columns) leaves them alone.
    await t.db.update(devices).set({ lastOnline: new Date() }).where(inArray(devices.id, ids));
    expect(await drift()).toEqual({ totals: [], alerts: [] });

    await t.db.delete(devices).where(inArray(devices.id, ids));
    expect(await total()).toBe(before);
    expect(await drift()).toEqual({ totals: [], alerts: [] });
  });

  it('follow alerts raised, cleared, re-opened, moved in severity and deleted', async () => {
    const [d] = await t.db
      .insert(devices)
      .values({ accountId, kind: 'machine', serial: 'TRIGALERT', name: 'Trigger alerts' })
      .returning({ id: devices.id });
    const alert = (severity: 'critical' | 'important') => ({
      accountId,
      deviceId: d!.id,
      code: 200,
      groupId: 'critical_warning' as const,
      severity,
      title: 'Test',
    });
    const [a, b] = await t.db
      .insert(deviceAlerts)
      .values([alert('critical'), alert('critical'), alert('important')])
      .returning({ id: deviceAlerts.id });
    const counts = async () =>
      (
        await t.db
          .select({ c: devices.openCriticalAlerts, i: devices.openImportantAlerts })
          .from(devices)
          .where(eq(devices.id, d!.id))
      )[0];
    expect(await counts()).toEqual({ c: 2, i: 1 });
    await t.db.update(deviceAlerts).set({ clearedAt: new Date() }).where(eq(deviceAlerts.id, a!.id));
    expect(await counts()).toEqual({ c: 1, i: 1 });
    await t.db.update(deviceAlerts).set({ clearedAt: new Date() }).where(eq(deviceAlerts.id, a!.id));
    expect(await counts()).toEqual({ c: 1, i: 1 });
    await t.db.update(deviceAlerts).set({ clearedAt: null }).where(eq(deviceAlerts.id, a!.id));
    await t.db.update(deviceAlerts).set({ severity: 'important' }).where(eq(deviceAlerts.id, b!.id));
    expect(await counts()).toEqual({ c: 1, i: 2 });
    await t.db.delete(deviceAlerts).where(eq(deviceAlerts.id, a!.id));
    expect(await counts()).toEqual({ c: 0, i: 2 });
    expect(await drift()).toEqual({ totals: [], alerts: [] });
    await t.db.delete(devices).where(eq(devices.id, d!.id));
    expect(await drift()).toEqual({ totals: [], alerts: [] });
  });
});
