/**
 * The global app catalogue (db/schema/requests.ts `apps`; issue 12): an app by its package, and a
 * package a device names that the catalogue lacks, added with what the device said of it (its name and
 * version; not from the Play Store when the device says so). Shared by the device API, the console's apps
 * module and the demo seed.
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
};

const COLUMNS = sql.raw('id, package_name, name, is_admin_warning, is_external, is_prevent_autoassign');
export const PLAY_STORE = 'Google Play Store';

export async function appByPackage(db: DbOrTx, packageName: string): Promise<CatalogueApp | null> {
  const r = await db.execute<CatalogueApp>(sql`SELECT ${COLUMNS} FROM apps WHERE package_name = ${packageName}`);
  return r.rows[0] ?? null;
}

export async function appById(db: DbOrTx, id: number): Promise<CatalogueApp | null> {
  const r = await db.execute<CatalogueApp>(sql`SELECT ${COLUMNS} FROM apps WHERE id = ${id}`);
  return r.rows[0] ?? null;
}

/** The catalogue's app of the package, added from the device's description when it is not there. */
export async function ensureApp(
  db: DbOrTx,
  ref: { package_name: string; name?: string; version?: string; source?: string },
): Promise<CatalogueApp> {
  const known = await appByPackage(db, ref.package_name);
  if (known) return known;
  const source = ref.source?.trim() || 'Unknown source';
  await db.execute(sql`INSERT INTO apps (package_name, name, version, source, is_external, url)
    VALUES (${ref.package_name}, ${ref.name?.trim() || ref.package_name}, ${ref.version ?? ''}, ${source},
      ${source !== PLAY_STORE}, ${source === PLAY_STORE ? `https://play.google.com/store/apps/details?id=${ref.package_name}` : null})
    ON CONFLICT (package_name) DO NOTHING`);
  return (await appByPackage(db, ref.package_name))!;
}
