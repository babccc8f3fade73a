/**
 * The devices list's SQL (001 §2.1): the filter groups of the contract (AND between groups, OR within
 * one, a group with no flag on restricts nothing), the search, the sort orders (each served by a
 * devices_account_*_idx index ending in id) and the row projection with the page's details (main
 * user and its last activity on the device) joined to the page's rows only; open alert counts are the
 * device row's own (kept by a trigger on device_alerts).
 * Used by the list (one count and one page statement) and by the export (the same SELECT, unpaged).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { personNameSql } from '../../../domain/users/person-name.js';
import {
  DEVICE_FILTER_DEFAULTS,
  DEVICE_ONLINE_MINUTES,
  type DeviceFilterFlag,
  type DevicesListQuery,
} from '@wayguard/contracts';
import { likePattern, limitOffset, searchText, sortColumn, sortDirection } from '../../../lib/lists/paging.js';
import { SEARCH_HAYSTACK as USER_SEARCH_HAYSTACK } from '../../../domain/users/users-list-filters.js';

export type DeviceListFilters = Omit<DevicesListQuery, 'page' | 'count'>;

/** A row as the list and the export read it. Times are unix seconds, 0 = never. */
export type DeviceRow = {
  id: number;
  name: string;
  kind: 'machine' | 'mobile';
  serial: string;
  os: string;
  os_version: string;
  version: string;
  model_name: string;
  last_online: number;
  online: boolean;
  deactivated: boolean;
  user_id: number | null;
  user_name: string | null;
  user_type: 'user' | 'server_user' | 'local_user' | null;
  last_active: number;
  critical_alert_count: number;
  important_alert_count: number;
  /** The view's total, when the page's statement reads it (listSql's `total`). */
  total_n?: number;
};

/** The online cut-off: a device that checked in at or after it is online. */
export const onlineSince = (now: Date) => new Date(now.getTime() - DEVICE_ONLINE_MINUTES * 60_000);

/**
 * The placeholders of the list's statement templates (lib/statement-templates.ts): the values
 * that change from request to request. Without them, the values are written in directly.
 */
export type Slots = {
  account: Placeholder;
  since: Placeholder;
  pattern: Placeholder;
  offset: Placeholder;
  seek: readonly Placeholder[];
};
export const SLOTS: Slots = {
  account: sql.placeholder('account'),
  since: sql.placeholder('since'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  seek: [sql.placeholder('seek0'), sql.placeholder('seek1'), sql.placeholder('seek2')],
};

/** A flag's value: as sent, else its default (DEVICE_FILTER_DEFAULTS). */
export function flagOn(f: Partial<Record<DeviceFilterFlag, boolean | undefined>>, flag: DeviceFilterFlag): boolean {
  return f[flag] ?? DEVICE_FILTER_DEFAULTS.includes(flag);
}

/** A person's shown name by the one naming rule (domain/users/person-name.ts). */
export const shownName = personNameSql;

/**
 * What the search matches of a device itself: name, serial, model and OS, lowercased, one per line,
 * exactly as devices_search_trgm_idx holds them. The search also matches the main user's username and
 * names (as the users list's search does, through that list's own trigram indexes).
 */
const SEARCH_HAYSTACK_OF = (a: string) =>
  `lower(${a}.name || E'\\n' || ${a}.serial || E'\\n' || ${a}.model_name || E'\\n' || ${a}.os)`;

/** Conditions of one group of flags, OR-ed; null when the group restricts nothing. */
function anyOf(conds: (SQL | null)[]): SQL | null {
  const on = conds.filter((c): c is SQL => c !== null);
  return on.length === 0 ? null : sql`(${sql.join(on, sql` OR `)})`;
}

/**
 * The WHERE of the list over `devices d` of one account. A two-flag group with both flags on restricts
 * nothing either (every device is online or offline, a machine or a mobile), so it adds no condition.
 */
export function listWhere(accountId: number, f: DeviceListFilters, now: Date, slots?: Slots): SQL {
  const account = slots?.account ?? accountId;
  const conds: SQL[] = [sql`d.account_id = ${account}`];
  const since = slots?.since ?? onlineSince(now);
  const online = flagOn(f, 'online');
  const offline = flagOn(f, 'offline');
  if (online !== offline) {
    conds.push(online ? sql`d.last_online >= ${since}` : sql`(d.last_online IS NULL OR d.last_online < ${since})`);
  }
  const machine = flagOn(f, 'machine');
  const mobile = flagOn(f, 'mobile');
  if (machine !== mobile) conds.push(sql`d.kind = ${machine ? 'machine' : 'mobile'}`);
  if (!flagOn(f, 'deactivated')) conds.push(sql`d.deactivated_date IS NULL`);
  const severities = [
    ...(flagOn(f, 'critical_alerts') ? ['critical'] : []),
    ...(flagOn(f, 'important_alerts') ? ['important'] : []),
  ];
  if (severities.length > 0) {
    const severity =
      severities.length === 1 ? sql`a.severity = ${severities[0]}` : sql`a.severity IN ('critical', 'important')`;
    // Driven from the open alerts (few) rather than from the devices (many): device_alerts_account_device_open_idx.
    conds.push(sql`d.id IN (SELECT a.device_id FROM device_alerts a
      WHERE a.account_id = ${account} AND a.cleared_at IS NULL AND ${severity})`);
  }
  const billed = anyOf([
    f.registered_not_billed ? sql`(d.registered AND NOT d.billed)` : null,
    f.billed_not_registered ? sql`(d.billed AND NOT d.registered)` : null,
  ]);
  if (billed) conds.push(billed);
  const text = searchText(f);
  if (text !== null) {
    const p = slots?.pattern ?? likePattern(text);
    // Three sets of ids, one statement: the device's own fields (devices_search_trgm_idx), and its main
    // user's username, names or shown name ("First Last") through devices_account_user_idx. An OR of
    // EXISTS per device scanned every device of the account (EXPLAIN ANALYZE at 100,000 devices:
    // 540 ms, now about 40).
    conds.push(sql`d.id IN (
      SELECT sd.id FROM devices sd WHERE sd.account_id = ${account}
        AND ${sql.raw(SEARCH_HAYSTACK_OF('sd'))} LIKE lower(${p})
      UNION
      SELECT ud.id FROM users u JOIN devices ud ON ud.account_id = u.account_id AND ud.user_kind = 'user' AND ud.user_ref_id = u.id
        WHERE u.account_id = ${account}
          AND (${USER_SEARCH_HAYSTACK.users} ILIKE ${p} OR lower(${shownName('u')}) LIKE lower(${p}))
      UNION
      SELECT sdv.id FROM server_users s JOIN devices sdv ON sdv.account_id = s.account_id
          AND sdv.user_kind IN ('server_user', 'local_user') AND sdv.user_ref_id = s.id
        WHERE s.account_id = ${account}
          AND (${USER_SEARCH_HAYSTACK.server_users} ILIKE ${p} OR lower(${shownName('s')}) LIKE lower(${p})))`);
  }
  return sql.join(conds, sql` AND `);
}

/**
 * ORDER BY over alias `a` (d for the devices scan, p for the page): the chosen key, then what its
 * index holds after it, ending in id, so that pages never overlap or skip. last_online keeps
 * PostgreSQL's default NULLS position (never-online devices after the others ascending, first
 * descending), the one its index serves.
 */
export function orderBy(a: 'd' | 'p', f: Pick<DeviceListFilters, 'sort_by' | 'reverse_order'>): SQL {
  const dir = sortDirection(f);
  const c = (col: string) => sql`${sql.raw(`${a}.${col}`)} ${dir}`;
  const keys: Record<DeviceListFilters['sort_by'], SQL> = {
    name: sql.join([c('name'), c('id')], sql`, `),
    type: sql.join([c('kind'), c('name'), c('id')], sql`, `),
    serial: sql.join([c('serial'), c('id')], sql`, `),
    os: sql.join([c('os'), c('name'), c('id')], sql`, `),
    version: sql.join([c('version'), c('name'), c('id')], sql`, `),
    last_online: sql.join([c('last_online'), c('id')], sql`, `),
  };
  return sql`ORDER BY ${sortColumn(keys, f.sort_by)}`;
}

/** The sort keys whose columns are never null and rarely change: a deep page of them may be found by a seek. */
const SEEK_COLUMNS: Partial<Record<DeviceListFilters['sort_by'], readonly (keyof DeviceRow & string)[]>> = {
  name: ['name', 'id'],
  type: ['kind', 'name', 'id'],
  serial: ['serial', 'id'],
  os: ['os', 'name', 'id'],
  version: ['version', 'name', 'id'],
};

/** Whether a deep page of this sort may be found by a seek. */
export const seekable = (f: Pick<DeviceListFilters, 'sort_by'>): boolean => SEEK_COLUMNS[f.sort_by] !== undefined;

/** A row's position in the sort (its ORDER BY values), or null when the sort is not sought (last_online). */
export function sortKeyOf(f: Pick<DeviceListFilters, 'sort_by'>, row: DeviceRow): (string | number)[] | null {
  const columns = SEEK_COLUMNS[f.sort_by];
  return columns ? columns.map((c) => row[c] as string | number) : null;
}

/** Where a page begins: at or after a row's sort key (lib/lists/page-anchors.ts). */
export type Seek = { key: readonly (string | number)[]; inclusive: boolean };

/** The condition "at or after the seek's key in the list's order" over `devices d` (a range of the sort's index). */
function seekCondition(f: Pick<DeviceListFilters, 'sort_by' | 'reverse_order'>, seek: Seek, slots?: Slots): SQL {
  const columns = SEEK_COLUMNS[f.sort_by];
  if (!columns || columns.length !== seek.key.length) throw new Error(`no seek for sort ${f.sort_by}`);
  const op = sql.raw(`${f.reverse_order ? '<' : '>'}${seek.inclusive ? '=' : ''}`);
  const cols = sql.raw(columns.map((c) => `d.${c}`).join(', '));
  const values = sql.join(
    seek.key.map((v, i) => {
      const value = slots?.seek[i] ?? v;
      return columns[i] === 'id' ? sql`${value}::int` : sql`${value}::text`;
    }),
    sql`, `,
  );
  return sql`(${cols}) ${op} (${values})`;
}

/**
 * Whether which devices the view holds moves without a version (domain/devices/devices-list-cache.ts):
 * online status is a function of the clock and of check-ins, open alerts come from the devices.
 */
export function membershipMoves(f: DeviceListFilters): boolean {
  return flagOn(f, 'online') !== flagOn(f, 'offline') || flagOn(f, 'critical_alerts') || flagOn(f, 'important_alerts');
}

/**
 * The view's total from device_counts (kept by triggers), or null when the view filters on more than kind
 * and deactivation (status, alerts, billing or a search): then it is counted.
 */
export function countFromCountsSql(f: DeviceListFilters, slots: Pick<Slots, 'account'>): SQL | null {
  const online = flagOn(f, 'online');
  const offline = flagOn(f, 'offline');
  if (online !== offline) return null;
  if (flagOn(f, 'critical_alerts') || flagOn(f, 'important_alerts')) return null;
  if (f.registered_not_billed || f.billed_not_registered || searchText(f) !== null) return null;
  const machine = flagOn(f, 'machine');
  const mobile = flagOn(f, 'mobile');
  const kinds = machine === mobile ? sql`` : sql` AND kind = ${machine ? 'machine' : 'mobile'}`;
  const deactivated = flagOn(f, 'deactivated') ? sql`` : sql` AND NOT deactivated`;
  return sql`SELECT COALESCE(sum(n), 0)::int AS n FROM device_counts WHERE account_id = ${slots.account}${kinds}${deactivated}`;
}

/** SELECT count(*) of the list. */
export function countSql(accountId: number, f: DeviceListFilters, now: Date, slots?: Slots): SQL {
  return sql`SELECT count(*)::int AS n FROM devices d WHERE ${listWhere(accountId, f, now, slots)}`;
}

/**
 * The list's SELECT with each row's details; paged (LIMIT/OFFSET on the ordered devices scan, details
 * joined to those rows only) or, without a page, every matching row (the export). With a time zone,
 * last_online_local gives last_online as wall-clock seconds in that zone.
 */
export function listSql(
  accountId: number,
  f: DeviceListFilters,
  now: Date,
  opts: {
    page?: { limit: number; offset: number; seek?: Seek | undefined };
    timeZone?: string;
    slots?: Slots;
    /** The view's total as a column of every row (`total_n`): countFromCountsSql's statement. */
    total?: SQL;
  } = {},
): SQL {
  const { page, timeZone, slots, total } = opts;
  const account = slots?.account ?? accountId;
  const where = listWhere(accountId, f, now, slots);
  const columns = sql`d.id, d.account_id, d.name, d.kind, d.serial, d.os, d.os_version, d.version, d.model_name,
            d.last_online, d.deactivated_date, d.user_kind, d.user_ref_id, d.open_critical_alerts, d.open_important_alerts`;
  // A page that skips rows reads its ids first (the ordered scan skips OFFSET rows inside the index;
  // for the default view devices_account_active_name_idx alone serves it), then only those rows: a
  // deep page does not read the rows it skips. A page that skips none (the first, or one found by a
  // seek: the scan starts at the remembered key) reads its rows straight from the ordered scan, which
  // spares a second index descent per row (17 % of PostgreSQL's time for page 1, pgbench).
  const seek = page?.seek ? sql` AND ${seekCondition(f, page.seek, slots)}` : sql``;
  const rows = !page
    ? sql`SELECT ${columns} FROM devices d WHERE ${where} ${orderBy('d', f)}`
    : page.offset === 0
      ? sql`SELECT ${columns} FROM devices d WHERE ${where}${seek} ${orderBy('d', f)} ${limitOffset(page.limit)}`
      : sql`SELECT ${columns} FROM (SELECT d.id FROM devices d WHERE ${where}${seek}
            ${orderBy('d', f)} ${limitOffset(page.limit, page.offset, slots?.offset)}) ids
          JOIN devices d ON d.id = ids.id AND d.account_id = ${account}`;
  return sql`SELECT p.id, p.name, p.kind, p.serial, p.os, p.os_version, p.version, p.model_name,
      COALESCE(FLOOR(EXTRACT(EPOCH FROM p.last_online))::float8, 0) AS last_online,
      COALESCE(p.last_online >= ${slots?.since ?? onlineSince(now)}, false) AS online,
      p.deactivated_date IS NOT NULL AS deactivated,
      COALESCE(u.id, s.id) AS user_id,
      COALESCE(${shownName('u')}, ${shownName('s')}) AS user_name,
      CASE WHEN u.id IS NOT NULL THEN 'user' ELSE s.type END AS user_type,
      COALESCE(FLOOR(EXTRACT(EPOCH FROM du.last_active))::float8, 0) AS last_active,
      p.open_critical_alerts AS critical_alert_count,
      p.open_important_alerts AS important_alert_count${total ? sql`, (${total}) AS total_n` : sql``}${
        timeZone
          ? sql`,
      COALESCE(EXTRACT(EPOCH FROM (p.last_online AT TIME ZONE ${timeZone}))::float8, 0) AS last_online_local`
          : sql``
      }
    FROM (${rows}) p
    LEFT JOIN users u ON p.user_kind = 'user' AND u.id = p.user_ref_id AND u.account_id = p.account_id
    LEFT JOIN server_users s ON p.user_kind IN ('server_user', 'local_user') AND s.id = p.user_ref_id
      AND s.account_id = p.account_id
    LEFT JOIN device_users du ON du.account_id = p.account_id AND du.device_id = p.id
      AND du.user_kind = p.user_kind AND du.user_ref_id = p.user_ref_id
    ${orderBy('p', f)}`;
}
