/**
 * The Apps pages' SQL (002 §2.6; GET /devices/mobile_apps): the account's approved apps (an approval
 * leaves its thread with status admin, so the page reads the name index in order), each with its newest
 * install on the page's mobiles, its assignment (the user's or the mobile's own) and a waiting install or
 * uninstall command. Built once per shape as statement templates (lib/statement-templates.ts) with
 * placeholders for the account, the mobiles, the user or mobile, the search pattern and the offset;
 * without a search the page carries the kept total (app_request_counts) and runs named.
 */
import { sql, type SQL } from 'drizzle-orm';
import { limitOffset } from '../../../lib/lists/paging.js';

export const PAGE_SLOTS = {
  account: sql.placeholder('account'),
  devices: sql.placeholder('devices'),
  user: sql.placeholder('user'),
  device: sql.placeholder('device'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  since: sql.placeholder('since'),
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

/**
 * `userPage`: the user page's rows read the user's mobiles themselves (a CTE), its first row carries them
 * as JSON text (`mobiles`), with the user's existence checked, so that its page is one round trip.
 */
export function appsPageSql(s: AppsPageShape & { userPage?: boolean }): SQL {
  const dir = sql.raw(s.reverse ? 'DESC' : 'ASC');
  const total = s.search
    ? sql``
    : sql`, (SELECT coalesce(sum(n), 0) FROM app_request_counts WHERE account_id = ${PAGE_SLOTS.account}
        AND state = 'approved' AND status = 'admin')::int AS total`;
  const mine = sql`d.account_id = ${PAGE_SLOTS.account} AND d.kind = 'mobile' AND d.deactivated_date IS NULL
    AND d.user_kind = 'user' AND d.user_ref_id = ${PAGE_SLOTS.user}::int`;
  const cte = s.userPage
    ? sql`WITH m AS (SELECT coalesce(array_agg(d.id), '{}') AS ids, json_agg(json_build_object('id', d.id,
        'serial', d.serial, 'name', d.name, 'online', coalesce(d.last_online >= ${PAGE_SLOTS.since}::timestamptz, false),
        'user_id', d.user_ref_id) ORDER BY d.name, d.id)::text AS list FROM devices d WHERE ${mine})`
    : sql``;
  // The page's mobiles' installs and waiting commands are read once, grouped by package, and joined to
  // the page's apps (not once per app: a fifth of the page's time in bench:apps).
  const devices = s.userPage ? sql`(SELECT m.ids FROM m)::int[]` : sql`${PAGE_SLOTS.devices}::int[]`;
  const exists = s.userPage
    ? sql` AND EXISTS (SELECT 1 FROM users u WHERE u.account_id = ${PAGE_SLOTS.account} AND u.id = ${PAGE_SLOTS.user}::int)`
    : sql``;
  const page = sql`SELECT p.id, r.id AS thread_id, p.package_name, r.title AS name, p.image_url AS image,
      p.is_admin_warning AS is_warning, r.mandatory, i.version,
      coalesce(i.installed_on, 0) AS installed_on, coalesce(i.n, 0) AS installed_count,
      coalesce(extract(epoch FROM coalesce(su.assigned_on, sd.assigned_on))::bigint, 0)::int AS assigned_on,
      CASE WHEN su.id IS NOT NULL THEN su.assigned_by_id ELSE sd.assigned_by_id END AS assigned_by_id,
      coalesce(su.assigned_by_name, sd.assigned_by_name) AS assigned_by_name, coalesce(su.auto, sd.auto) AS auto,
      c.type AS pending${total}
    FROM app_requests r JOIN apps p ON p.id = r.app_id
    LEFT JOIN (SELECT x.package_name, (array_agg(x.version ORDER BY x.installed_at DESC))[1] AS version,
        extract(epoch FROM max(x.installed_at))::bigint::int AS installed_on, count(*)::int AS n
      FROM device_apps x WHERE x.account_id = ${PAGE_SLOTS.account} AND x.device_id = ANY(${devices})
      GROUP BY x.package_name) i ON i.package_name = r.package_name
    LEFT JOIN app_assignments su ON su.account_id = r.account_id AND su.app_id = r.app_id
      AND su.user_id = ${PAGE_SLOTS.user}::int
    LEFT JOIN app_assignments sd ON sd.account_id = r.account_id AND sd.app_id = r.app_id
      AND sd.device_id = ${PAGE_SLOTS.device}::int
    LEFT JOIN (SELECT DISTINCT ON (k.payload->>'package_name') k.payload->>'package_name' AS package_name, k.type
      FROM device_commands k WHERE k.account_id = ${PAGE_SLOTS.account} AND k.device_id = ANY(${devices})
        AND k.type IN ('install_app', 'uninstall_app') AND k.state IN ('pending', 'delivered', 'acknowledged')
      ORDER BY k.payload->>'package_name', k.id DESC) c ON c.package_name = r.package_name
    WHERE ${where(s.search)}${exists} ORDER BY r.title ${dir}, r.id ${dir}
    ${s.first ? limitOffset(s.limit) : limitOffset(s.limit, 1, PAGE_SLOTS.offset)}`;
  if (!s.userPage) return page;
  // The mobiles on the page's first row only (not its every row: 25 copies to write and parse).
  return sql`${cte}, page AS (${page})
    SELECT page.*, CASE WHEN row_number() OVER (ORDER BY page.name ${dir}, page.thread_id ${dir}) = 1
      THEN (SELECT m.list FROM m) END AS mobiles
    FROM page ORDER BY page.name ${dir}, page.thread_id ${dir}`;
}
