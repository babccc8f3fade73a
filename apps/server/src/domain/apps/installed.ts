/**
 * The apps a mobile reports installed (PUT /api/agent/v1/inventory, mobile.apps; issue 12): the list
 * replaces the stored one in one statement each way (apps gone are removed; new ones added; a version
 * change updated), so sending the same list again changes nothing. An app first seen without its own
 * install time takes the report's time. The Apps pages read 'Installed (Version)' from these rows.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sqlArray } from '../../lib/sql-array.js';

export type InstalledApp = { package_name: string; name: string; version: string; installed_at: number };

export async function replaceInstalledApps(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
  apps: readonly InstalledApp[],
  now: Date,
): Promise<void> {
  const unique = [...new Map(apps.map((a) => [a.package_name, a])).values()];
  const packages = unique.map((a) => a.package_name);
  await db.execute(sql`DELETE FROM device_apps WHERE account_id = ${accountId} AND device_id = ${deviceId}
    AND NOT (package_name = ANY(${sqlArray(packages)}::text[]))`);
  if (unique.length === 0) return;
  const at = (a: InstalledApp) => (a.installed_at > 0 ? new Date(a.installed_at * 1000) : now).toISOString();
  await db.execute(sql`INSERT INTO device_apps (account_id, device_id, package_name, name, version, installed_at)
    SELECT ${accountId}, ${deviceId}, p, n, v, t::timestamptz
    FROM unnest(${sqlArray(packages)}::text[], ${sqlArray(unique.map((a) => a.name))}::text[],
      ${sqlArray(unique.map((a) => a.version))}::text[], ${sqlArray(unique.map(at))}::text[]) AS x(p, n, v, t)
    ON CONFLICT (account_id, device_id, package_name) DO UPDATE SET name = EXCLUDED.name, version = EXCLUDED.version,
      installed_at = CASE WHEN device_apps.version = EXCLUDED.version THEN device_apps.installed_at
        ELSE EXCLUDED.installed_at END
    WHERE device_apps.name IS DISTINCT FROM EXCLUDED.name OR device_apps.version IS DISTINCT FROM EXCLUDED.version`);
}
