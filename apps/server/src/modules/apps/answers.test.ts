/**
 * A user's Apps page kept while nothing it shows changed (answers.ts): every change it shows,
 * made straight in the database as another process or a device would, is on the next page: an install
 * reported, an app command, a mobile's online state and its lending, an assignment, the app's thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mobileAppsResponse, type MobileAppsResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';

let t: TestApp;
let admin: Session;
let nf: number;
let teacher: number;
let mobile: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  nf = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id`)).rows[0]!.id;
  teacher = (
    await t.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE account_id = ${nf} AND username = 'teacher'`)
  ).rows[0]!.id;
  // One of Northfield's mobiles, lent to the teacher and offline.
  mobile = (
    await t.db.execute<{ id: number }>(sql`UPDATE devices SET user_kind = 'user', user_ref_id = ${teacher},
      last_online = now() - interval '1 day', deactivated_date = NULL
      WHERE id = (SELECT min(id) FROM devices WHERE account_id = ${nf} AND kind = 'mobile') RETURNING id`)
  ).rows[0]!.id;
});
afterAll(async () => t.close());

async function page(): Promise<MobileAppsResponse> {
  const res = await call(t.app, 'GET', `/devices/mobile_apps?user_id=${teacher}&page=1&count=25`, { session: admin });
  expect(res.statusCode).toBe(200);
  return mobileAppsResponse.parse(res.json());
}

describe("a user's kept Apps page", () => {
  it('shows every change made since, and is the same answer while nothing changed', async () => {
    const first = await page();
    expect(first.apps.length).toBeGreaterThan(0);
    expect(await page()).toEqual(first);
    const app = first.apps[0]!;
    const serial = (await t.db.execute<{ serial: string }>(sql`SELECT serial FROM devices WHERE id = ${mobile}`))
      .rows[0]!.serial;
    const mine = (p: MobileAppsResponse) => p.devices.find((d) => d.id === serial);
    expect(mine(first)).toMatchObject({ online: false });

    // A check-in: the mobile is online now (no version moves; the page reads it).
    await t.db.execute(sql`UPDATE devices SET last_online = now() WHERE id = ${mobile}`);
    expect(mine(await page())).toMatchObject({ online: true });

    // An install reported by the mobile.
    await t.db.execute(sql`INSERT INTO device_apps (account_id, device_id, package_name, name, version)
      VALUES (${nf}, ${mobile}, ${app.package_name}, ${app.name}, '9.9.9')
      ON CONFLICT (account_id, device_id, package_name) DO UPDATE SET version = '9.9.9'`);
    expect((await page()).apps.find((x) => x.id === app.id)).toMatchObject({ version: '9.9.9' });

    // An uninstall command waiting for the mobile.
    await t.db.execute(sql`INSERT INTO device_commands (account_id, device_id, type, state, payload, created_by_name,
      expires_at) VALUES (${nf}, ${mobile}, 'uninstall_app', 'pending', ${JSON.stringify({ package_name: app.package_name })}::jsonb,
      'test', now() + interval '1 day')`);
    expect((await page()).apps.find((x) => x.id === app.id)).toMatchObject({ pending: 'uninstall' });

    // The teacher's assignment, then the app's thread renamed.
    await t.db.execute(sql`INSERT INTO app_assignments (account_id, app_id, user_id, assigned_by_name)
      VALUES (${nf}, ${app.id}, ${teacher}, 'someone') ON CONFLICT DO NOTHING`);
    expect((await page()).apps.find((x) => x.id === app.id)).toMatchObject({ is_assigned: true });
    await t.db.execute(
      sql`UPDATE app_requests SET title = title || ' (renamed)' WHERE account_id = ${nf} AND app_id = ${app.id}`,
    );
    expect((await page()).apps.some((x) => x.name === `${app.name} (renamed)`)).toBe(true);

    // The mobile given back: no longer the teacher's.
    await t.db.execute(sql`UPDATE devices SET user_kind = NULL, user_ref_id = NULL WHERE id = ${mobile}`);
    expect(mine(await page())).toBeUndefined();
  });
});
