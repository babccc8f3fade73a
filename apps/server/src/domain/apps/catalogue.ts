/**
 * The global app catalogue (db/schema/requests.ts `apps`; issue 12): an app by its package, and a
 * package a device names that the catalogue lacks. What a device says of an app (its name, version and
 * source) is the device's account's only (issue 25; docs/decisions/apps.md "Device-reported app details (issue 25)"):
 * the catalogue gets an unconfirmed row holding the package name alone (threads, assignments and commands reference its
 * id), and the details go to the account's `app_reports`. An account reads an unconfirmed app's details from its own
 * report only. Shared by the device API, the console's apps module and the demo seed.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export type CatalogueApp = {
  id: number;
  package_name: string;
  name: string;
  is_admin_warning: boolean;
  is_external: boolean;
  is_prevent_autoassign: boolean;
  /** The details are the catalogue's own (not a device's); see the file's comment. */
  confirmed: boolean;
};

const COLUMNS = sql.raw('id, package_name, name, is_admin_warning, is_external, is_prevent_autoassign, confirmed');
export const PLAY_STORE = 'Google Play Store';
export const UNKNOWN_SOURCE = 'Unknown source';

export async function appByPackage(db: DbOrTx, packageName: string): Promise<CatalogueApp | null> {
  const r = await db.execute<CatalogueApp>(sql`SELECT ${COLUMNS} FROM apps WHERE package_name = ${packageName}`);
  return r.rows[0] ?? null;
}

export async function appById(db: DbOrTx, id: number): Promise<CatalogueApp | null> {
  const r = await db.execute<CatalogueApp>(sql`SELECT ${COLUMNS} FROM apps WHERE id = ${id}`);
  return r.rows[0] ?? null;
}

export type ReportedApp = { package_name: string; name?: string; version?: string; source?: string };

/**
 * The catalogue's app of the package as the asking device's account sees it. A confirmed app is the
 * catalogue's; otherwise the catalogue gets (or has) an unconfirmed row of the package alone, the
 * account keeps the first of its devices' descriptions, and the app carries the account's name for it.
 */
export async function ensureApp(
  db: DbOrTx,
  by: { accountId: number; deviceId: number },
  ref: ReportedApp,
): Promise<CatalogueApp> {
  let app = await appByPackage(db, ref.package_name);
  if (!app) {
    await db.execute(sql`INSERT INTO apps (package_name, name, source, confirmed)
      VALUES (${ref.package_name}, ${ref.package_name}, ${UNKNOWN_SOURCE}, false)
      ON CONFLICT (package_name) DO NOTHING`);
    app = (await appByPackage(db, ref.package_name))!;
  }
  if (app.confirmed) return app;
  const source = ref.source?.trim() || UNKNOWN_SOURCE;
  await db.execute(sql`INSERT INTO app_reports (account_id, package_name, name, version, source, device_id)
    VALUES (${by.accountId}, ${ref.package_name}, ${ref.name?.trim() || ref.package_name}, ${ref.version ?? ''},
      ${source}, ${by.deviceId})
    ON CONFLICT (account_id, package_name) DO NOTHING`);
  const report = (
    await db.execute<{ name: string; source: string }>(sql`SELECT name, source FROM app_reports
      WHERE account_id = ${by.accountId} AND package_name = ${ref.package_name}`)
  ).rows[0]!;
  return { ...app, name: report.name, is_external: report.source !== PLAY_STORE };
}
