/**
 * GET /app_requests/app (001 §2.4 'App accordion', §3 'App detail'; 002 §2.6): the catalogue's app (or
 * the account's own report of an app the catalogue has not confirmed: issue 25) and,
 * for the session's account, its thread, its auto assign and mandatory install, the users it may be
 * assigned to and those it is assigned to, and the approval warning when the app is flagged.
 */
import { sql } from 'drizzle-orm';
import { APP_MSG, type AppDetail } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notInAccount } from '../../lib/http-errors.js';
import { PLAY_STORE, UNKNOWN_SOURCE } from '../../lib/apps/catalogue.js';
import { assignableUsers } from './service.js';

type AppRow = {
  id: number;
  package_name: string;
  name: string;
  url: string | null;
  image_url: string | null;
  vendor: string;
  source: string;
  platform: string;
  classification: string;
  product_pricing: string | null;
  price: string | null;
  version: string;
  rating: string | null;
  description: string;
  is_admin_warning: boolean;
  is_external: boolean;
  is_prevent_autoassign: boolean;
  request_id: number | null;
  state: 'pending' | 'approved' | 'denied' | null;
  status: 'admin' | 'tech' | null;
  auto_assign: boolean | null;
  mandatory: boolean | null;
};

/**
 * A confirmed app's details are the catalogue's. An unconfirmed one (a device named it: lib/apps/catalogue.ts)
 * exists for the account only when one of its devices reported it or it has a thread of it, and then shows
 * the account's own report: whether another account's device named the package is not told.
 */
export async function appDetail(db: Db, a: Actor, packageName: string): Promise<AppDetail> {
  const mine = (own: string, catalogue: string) => sql.raw(`CASE WHEN p.confirmed THEN p.${catalogue} ELSE ${own} END`);
  const app = (
    await db.execute<AppRow>(sql`SELECT p.id, p.package_name,
        ${mine('coalesce(x.name, r.title, p.package_name)', 'name')} AS name,
        ${mine(`CASE WHEN x.source = '${PLAY_STORE}' THEN 'https://play.google.com/store/apps/details?id=' || p.package_name END`, 'url')} AS url,
        p.image_url, p.vendor, ${mine(`coalesce(x.source, '${UNKNOWN_SOURCE}')`, 'source')} AS source,
        p.platform, p.classification, p.product_pricing, p.price, ${mine(`coalesce(x.version, '')`, 'version')} AS version,
        p.rating, p.description, p.is_admin_warning,
        ${mine(`coalesce(x.source, '') <> '${PLAY_STORE}'`, 'is_external')} AS is_external, p.is_prevent_autoassign,
        r.id AS request_id, r.state, r.status, r.auto_assign, r.mandatory
      FROM apps p LEFT JOIN app_requests r ON r.account_id = ${a.accountId} AND r.app_id = p.id
        LEFT JOIN app_reports x ON x.account_id = ${a.accountId} AND x.package_name = p.package_name
      WHERE p.package_name = ${packageName} AND (p.confirmed OR x.account_id IS NOT NULL OR r.id IS NOT NULL)`)
  ).rows[0];
  if (!app) throw notInAccount('app_package', packageName, APP_MSG.appNotFound);
  const [users, assigned] = await Promise.all([
    assignableUsers(db, a.accountId),
    db.execute<{ user_id: number }>(sql`SELECT user_id FROM app_assignments
      WHERE account_id = ${a.accountId} AND app_id = ${app.id} AND user_id IS NOT NULL ORDER BY user_id`),
  ]);
  const rating = Number.parseFloat(app.rating ?? '');
  return {
    name: app.name,
    url: app.url ?? '',
    image_url: app.image_url,
    vendor: app.vendor,
    source: app.source,
    platform: app.platform,
    classification: app.classification,
    package_id: app.package_name,
    product_pricing: app.product_pricing ?? '',
    price: app.price ?? '',
    version: app.version,
    rating: Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0,
    rating_image: null,
    description: app.description,
    enable_auto_assign: app.state === 'approved' && app.auto_assign === true,
    assign_users: users,
    assigned_users: assigned.rows.map((x) => x.user_id),
    is_admin_warning: app.is_admin_warning,
    is_external: app.is_external,
    is_prevent_autoassign: app.is_prevent_autoassign,
    admin_warning_message: app.is_admin_warning
      ? {
          heading: APP_MSG.warningHeading,
          message: APP_MSG.warningMessage(app.name, app.classification),
          checkbox: APP_MSG.warningCheckbox,
        }
      : null,
    request:
      app.request_id !== null && app.state && app.status
        ? { id: app.request_id, state: app.state, status: app.status }
        : null,
    mandatory: app.state === 'approved' && app.mandatory === true,
    app_id: app.id,
  };
}
