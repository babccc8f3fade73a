/**
 * The Apps pages' SQL (002 §2.6; GET /devices/mobile_apps): the account's approved apps (an approval
 * leaves its thread with status admin, so the page reads the name index in order), each with its newest
 * install on the page's mobiles, its assignment (the user's or the mobile's own) and a waiting install or
 * uninstall command. Built once per shape as statement templates (lib/statement-templates.ts) with
 * placeholders for the account, the mobiles, the user or mobile, the search pattern and the offset;
 * without a search the page carries the kept total (app_request_counts) and runs named.
 */
import { sql, type SQL } from 'drizzle-orm';
import { limitOffset } from '../../lib/lists/paging.js';

export const PAGE_SLOTS = {
  account: sql.placeholder('account'),
  devices: sql.placeholder('devices'),
  user: sql.placeholder('user'),
  device: sql.placeholder('device'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
};

export type AppsPageShape = { search: boolean; reverse: boolean; limit: number; first: boolean };

const where = (search: boolean) =>
  sql`r.account_id = ${PAGE_SLOTS.account} AND r.state = 'approved' AND r.status = 'admin'${
    search ? sql` AND lower(r.title || E'\\n' || r.package_name) LIKE ${PAGE_SLOTS.pattern}` : sql``
  }`;

/** The approved apps' total: kept by the triggers, or counted with a search. */
export function appsCountSql(search: boolean): SQL {
  return search
    ? sql`SELECT count(*)::int AS n FROM app_requests r WHERE ${where(true)}`
    : sql`SELECT (SELECT coalesce(sum(n), 0) FROM app_request_counts WHERE account_id = ${PAGE_SLOTS.account}
        AND state = 'approved' AND status = 'admin')::int AS n`;
}

export function appsPageSql(s: AppsPageShape): SQL {
  const dir = sql.raw(s.reverse ? 'DESC' : 'ASC');
  const total = s.search
    ? sql``
    : sql`, (SELECT coalesce(sum(n), 0) FROM app_request_counts WHERE account_id = ${PAGE_SLOTS.account}
        AND state = 'approved' AND status = 'admin')::int AS total`;
  return sql`SELECT p.id, p.package_name, r.title AS name, p.image_url AS image,
      p.is_admin_warning AS is_warning, r.mandatory, i.version,
      coalesce(i.installed_on, 0) AS installed_on, coalesce(i.n, 0) AS installed_count,
      coalesce(extract(epoch FROM s.assigned_on)::bigint, 0)::int AS assigned_on, s.assigned_by_id,
      s.assigned_by_name, s.auto, c.type AS pending${total}
    FROM app_requests r JOIN apps p ON p.id = r.app_id
    LEFT JOIN LATERAL (SELECT (array_agg(x.version ORDER BY x.installed_at DESC))[1] AS version,
        extract(epoch FROM max(x.installed_at))::bigint::int AS installed_on, count(*)::int AS n
      FROM device_apps x WHERE x.account_id = r.account_id AND x.package_name = r.package_name
        AND x.device_id = ANY(${PAGE_SLOTS.devices}::int[])) i ON true
    LEFT JOIN LATERAL (SELECT g.assigned_on, g.assigned_by_id, g.assigned_by_name, g.auto FROM app_assignments g
      WHERE g.account_id = r.account_id AND g.app_id = r.app_id
        AND (g.user_id = ${PAGE_SLOTS.user}::int OR g.device_id = ${PAGE_SLOTS.device}::int)
      ORDER BY g.assigned_on LIMIT 1) s ON true
    LEFT JOIN LATERAL (SELECT k.type FROM device_commands k WHERE k.account_id = r.account_id
        AND k.device_id = ANY(${PAGE_SLOTS.devices}::int[]) AND k.type IN ('install_app', 'uninstall_app')
        AND k.state IN ('pending', 'delivered', 'acknowledged') AND k.payload->>'package_name' = r.package_name
      ORDER BY k.id DESC LIMIT 1) c ON true
    WHERE ${where(s.search)} ORDER BY r.title ${dir}, r.id ${dir}
    ${s.first ? limitOffset(s.limit) : limitOffset(s.limit, 1, PAGE_SLOTS.offset)}`;
}
