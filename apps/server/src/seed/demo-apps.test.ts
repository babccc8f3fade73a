/** The demo's app catalogue and app requests (issue 12): made through the device API's and the console's own steps. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo apps', () => {
  it('has a catalogue of a few hundred apps, some flagged, some not from the Play Store', async () => {
    const r = await t.db.execute<{ n: number; warn: number; external: number; prevent: number; paid: number }>(sql`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE is_admin_warning)::int AS warn,
        count(*) FILTER (WHERE is_external)::int AS external, count(*) FILTER (WHERE is_prevent_autoassign)::int AS prevent,
        count(*) FILTER (WHERE product_pricing = 'paid' AND price IS NOT NULL)::int AS paid
      FROM apps`);
    const c = r.rows[0]!;
    expect(c.n).toBeGreaterThanOrEqual(300);
    for (const k of ['warn', 'external', 'prevent', 'paid'] as const) expect(c[k]).toBeGreaterThan(5);
  });

  it("makes Northfield's threads in every list, and Riverside's two", async () => {
    const r = await t.db.execute<{ name: string; state: string; status: string; n: number }>(sql`
      SELECT a.name, r.state, r.status, count(*)::int AS n FROM app_requests r JOIN accounts a ON a.id = r.account_id
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(r.rows).toEqual([
      { name: 'Northfield Academy', state: 'approved', status: 'admin', n: 4 },
      { name: 'Northfield Academy', state: 'denied', status: 'admin', n: 2 },
      { name: 'Northfield Academy', state: 'denied', status: 'tech', n: 1 },
      { name: 'Northfield Academy', state: 'pending', status: 'admin', n: 3 },
      { name: 'Northfield Academy', state: 'pending', status: 'tech', n: 1 },
      { name: 'Riverside Family', state: 'denied', status: 'tech', n: 1 },
      { name: 'Riverside Family', state: 'pending', status: 'admin', n: 1 },
    ]);
    const counts = await t.db.execute<{ n: number }>(sql`SELECT sum(n)::int AS n FROM app_request_counts`);
    expect(counts.rows[0]!.n).toBe(13);
  });

  it('assigns the approved apps, which the tablets report installed: no install waits on a demo device', async () => {
    const open = await t.db.execute(sql`SELECT 1 FROM device_commands WHERE type IN ('install_app', 'uninstall_app')`);
    expect(open.rows).toHaveLength(0);
    const khan = await t.db.execute<{ assigned: number; installed: number }>(sql`
      SELECT (SELECT count(*)::int FROM app_assignments s JOIN apps p ON p.id = s.app_id
          WHERE p.package_name = 'org.khanacademy.android') AS assigned,
        (SELECT count(*)::int FROM device_apps WHERE package_name = 'org.khanacademy.android') AS installed`);
    expect(khan.rows[0]!.assigned).toBeGreaterThanOrEqual(1);
    expect(khan.rows[0]!.installed).toBeGreaterThanOrEqual(2);
  });
});
