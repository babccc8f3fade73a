/**
 * An assignment becomes an install command on each mobile it reaches, and taking an app away an
 * uninstall command (issue 12; docs/design/agent-api.md 'Commands'): queued through domain/devices/device-commands.ts,
 * where an app's newer command supersedes an older open one of the same package. A user's assignment
 * reaches every mobile of the user; a device's assignment (a mobile without a user) that mobile. A
 * mobile that reports the app installed already gets no install command. Run inside a transaction.
 */
import { sql } from 'drizzle-orm';
import { DEVICE_ONLINE_MINUTES } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { queueCommand } from '../devices/device-commands.js';
import { sqlArray } from '../../lib/sql-array.js';
import type { CatalogueApp } from './catalogue.js';

export type Mobile = { id: number; serial: string; name: string; online: boolean; user_id: number | null };

const onlineSince = (now: Date) => new Date(now.getTime() - DEVICE_ONLINE_MINUTES * 60_000).toISOString();

/** The active mobiles of these console users (by name), or of these devices. */
export async function mobilesOf(
  db: DbOrTx,
  accountId: number,
  of: { userIds?: readonly number[]; deviceIds?: readonly number[] },
  now: Date,
): Promise<Mobile[]> {
  const users = of.userIds ?? [];
  const devs = of.deviceIds ?? [];
  if (users.length === 0 && devs.length === 0) return [];
  const r = await db.execute<Mobile>(sql`SELECT d.id, d.serial, d.name,
      coalesce(d.last_online >= ${onlineSince(now)}::timestamptz, false) AS online,
      CASE WHEN d.user_kind = 'user' THEN d.user_ref_id END AS user_id
    FROM devices d WHERE d.account_id = ${accountId} AND d.kind = 'mobile' AND d.deactivated_date IS NULL
      AND ((d.user_kind = 'user' AND d.user_ref_id = ANY(${sqlArray([...users])}::int[]))
        OR d.id = ANY(${sqlArray([...devs])}::int[]))
    ORDER BY d.name, d.id`);
  return r.rows;
}

/** The mobiles that report the package installed, of these. */
async function installedOn(db: DbOrTx, accountId: number, pkg: string, deviceIds: number[]): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const r = await db.execute<{ device_id: number }>(sql`SELECT device_id FROM device_apps
    WHERE account_id = ${accountId} AND package_name = ${pkg} AND device_id = ANY(${sqlArray(deviceIds)}::int[])`);
  return new Set(r.rows.map((x) => x.device_id));
}

type By = { name: string; now: Date };

/** Install commands for the app on these mobiles (not on those that have it); answers the serials sent one. */
export async function installOn(
  db: DbOrTx,
  accountId: number,
  app: Pick<CatalogueApp, 'package_name' | 'name'>,
  mobiles: readonly Mobile[],
  mandatory: boolean,
  by: By,
): Promise<string[]> {
  const has = await installedOn(
    db,
    accountId,
    app.package_name,
    mobiles.map((m) => m.id),
  );
  const sent: string[] = [];
  for (const m of mobiles) {
    if (has.has(m.id)) continue;
    await queueCommand(db, {
      accountId,
      deviceId: m.id,
      type: 'install_app',
      payload: { package_name: app.package_name, name: app.name, mandatory },
      createdByName: by.name,
      label: `Install ${app.name}`,
      now: by.now,
    });
    sent.push(m.serial);
  }
  return sent;
}

/** Uninstall commands for the app on these mobiles; answers their serials. */
export async function uninstallFrom(
  db: DbOrTx,
  accountId: number,
  app: Pick<CatalogueApp, 'package_name' | 'name'>,
  mobiles: readonly Mobile[],
  by: By,
): Promise<string[]> {
  for (const m of mobiles) await queueUninstall(db, accountId, app, m.id, by);
  return mobiles.map((m) => m.serial);
}

/** One uninstall command for one device (it supersedes an open install: domain/devices/device-commands.ts). */
export async function queueUninstall(
  db: DbOrTx,
  accountId: number,
  app: Pick<CatalogueApp, 'package_name' | 'name'>,
  deviceId: number,
  by: By,
): Promise<void> {
  await queueCommand(db, {
    accountId,
    deviceId,
    type: 'uninstall_app',
    payload: { package_name: app.package_name, name: app.name },
    createdByName: by.name,
    label: `Uninstall ${app.name}`,
    now: by.now,
  });
}

/** Whether the mobile still gets the app from another assignment (its user's, or its own). */
export async function stillAssigned(db: DbOrTx, accountId: number, appId: number, m: Mobile): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM app_assignments WHERE account_id = ${accountId} AND app_id = ${appId}
    AND (device_id = ${m.id} OR (${m.user_id}::int IS NOT NULL AND user_id = ${m.user_id}::int)) LIMIT 1`);
  return r.rows.length > 0;
}
