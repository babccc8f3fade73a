/**
 * Queries of the devices module, each scoped by the account: the list (count and page, named
 * statements but for searches), a device by (account, kind, serial), its users, alerts, config and
 * timeline, and the conditional updates of a rename and of the settings.
 */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { DEVICE_TIMELINE_PAGE, type DeviceKind, type DevicesListQuery } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import {
  deviceAlerts,
  deviceConfigs,
  devices,
  deviceTimeline,
  users,
  type BoolSetting,
  type KeyValue,
} from '../../db/schema/index.js';
import { executeBuilt } from '../../lib/named-statements.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import { readStamp } from '../../lib/kept/versions.js';
import {
  DEVICES_LIST_VERSIONS,
  DEVICES_SEEK_FROM_ROW,
  devicesListKept,
  type DevicesListKept,
} from '../../domain/devices/devices-list-cache.js';
import { likePattern, listPage, pageWindow, searchText } from '../../lib/lists/paging.js';
import {
  countFromCountsSql,
  countSql,
  listSql,
  membershipMoves,
  onlineSince,
  seekable,
  SLOTS,
  shownName,
  sortKeyOf,
  type DeviceListFilters,
  type DeviceRow,
  type Seek,
} from './sql/list.js';

export type DeviceRecord = typeof devices.$inferSelect;

/** The list's page and count statements, built once per shape (lib/statement-templates.ts). */
const statements = createStatementTemplates();

/** Runs a list statement named (parsed once per connection), except with a search, whose plan depends on the pattern. */
function run<T extends Record<string, unknown>>(
  db: DbOrTx,
  f: DeviceListFilters,
  q: { sql: string; params: unknown[] },
) {
  return executeBuilt<T>(db, q, searchText(f) === null);
}

/** What decides a statement's text: the filters that are on, whether there is a search, the sort, and `extra`. */
function shapeOf(q: DevicesListQuery, extra: Record<string, unknown>): string {
  const { query: _query, page: _page, count: _count, ...rest } = q;
  return JSON.stringify({ ...rest, search: searchText(q) !== null, ...extra });
}

/** The values of a statement's placeholders for this request. */
function valuesOf(accountId: number, q: DevicesListQuery, now: Date, page?: { offset: number; seek?: Seek }) {
  const search = searchText(q);
  const values: Record<string, unknown> = {
    account: accountId,
    since: onlineSince(now),
    pattern: search === null ? null : likePattern(search),
    offset: page?.offset ?? 0,
  };
  page?.seek?.key.forEach((v, i) => (values[`seek${i}`] = v));
  return values;
}

/**
 * One page of the devices list and the total. A view that filters on kind and deactivation only (the
 * default view among them) reads its total from device_counts (kept by triggers) in its page's
 * statement: one round trip (a page past the end, which has no row to carry it, reads it alone). Other
 * views count first (a large total is kept at the account's devices and users versions, and a few seconds
 * more for a view that moves with check-ins or the clock: domain/devices/devices-list-cache.ts), then read their
 * page (none past the end). A page that begins `seekFromRow` rows or more into the list starts from
 * where this process last saw it (or a page shortly before it) begin at the same versions, when it remembers
 * (lib/lists/page-anchors.ts), instead of skipping rows.
 */
export async function listDevices(
  db: DbOrTx,
  accountId: number,
  q: DevicesListQuery,
  now = new Date(),
  seekFromRow = DEVICES_SEEK_FROM_ROW,
  kept: DevicesListKept = devicesListKept,
): Promise<{ rows: DeviceRow[]; total: number }> {
  const { page, count, sort_by: _sort, reverse_order: _reverse, ...filters } = q;
  // Read once, before anything is counted or sought, and only when something kept is asked for.
  let stamp: Promise<string> | undefined;
  const stamped = async (key: string) =>
    `${await (stamp ??= readStamp(db, DEVICES_LIST_VERSIONS, accountId))}\u0000${key}`;
  const moves = membershipMoves(q);
  const view = JSON.stringify({ ...filters, sort_by: q.sort_by, reverse_order: q.reverse_order ?? false, count });
  const fromCounts = countFromCountsSql(q, SLOTS) !== null;
  const countedFromCounts = async () => {
    const statement = statements.fill(
      shapeOf(q, { count: 'device_counts' }),
      () => countFromCountsSql(q, SLOTS),
      valuesOf(accountId, q, now),
    )!;
    return Number((await run<{ n: number }>(db, q, statement)).rows[0]?.n ?? 0);
  };
  const counted = async () =>
    kept.totals(moves).total(accountId, await stamped(JSON.stringify(filters)), async () =>
      Number(
        (
          await run<{ n: number }>(
            db,
            q,
            statements.fill(
              shapeOf(q, { count: true }),
              () => countSql(accountId, q, now, SLOTS),
              valuesOf(accountId, q, now),
            )!,
          )
        ).rows[0]?.n ?? 0,
      ),
    );
  const readPage = async (window: { limit: number; offset: number }) => {
    const sought = seekable(q) && window.offset >= seekFromRow;
    const anchors = kept.anchors(moves || q.sort_by === 'version');
    const at = sought ? await stamped(view) : view;
    const anchor = sought ? anchors.find(accountId, at, page, Math.floor(seekFromRow / count)) : undefined;
    const paged = anchor ? { limit: window.limit, offset: (page - anchor.page) * count, seek: anchor } : window;
    const shape = shapeOf(q, {
      limit: paged.limit,
      first: paged.offset === 0,
      seek: anchor ? { inclusive: anchor.inclusive, length: anchor.key.length } : null,
      total: fromCounts,
    });
    const statement = statements.fill(
      shape,
      () =>
        listSql(accountId, q, now, {
          page: paged,
          slots: SLOTS,
          ...(fromCounts ? { total: countFromCountsSql(q, SLOTS)! } : {}),
        }),
      valuesOf(accountId, q, now, paged),
    )!;
    const read = async () => (await run<DeviceRow>(db, q, statement)).rows;
    const rows = sought && !anchor ? await anchors.readOnce(accountId, at, page, read) : await read();
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (sought && first && last) {
      anchors.remember(accountId, at, page, sortKeyOf(q, first)!, sortKeyOf(q, last)!);
    }
    return rows;
  };
  if (!fromCounts) return listPage(q, counted, readPage);
  const rows = await readPage(pageWindow(q));
  const total = rows[0]?.total_n;
  if (total === undefined) return { rows: [], total: await countedFromCounts() };
  return { rows: rows.map(({ total_n: _total, ...row }) => row), total: Number(total) };
}

/** The device of the account with this kind and serial; with `lock`, locked until the transaction ends. */
export async function findDevice(
  db: DbOrTx,
  accountId: number,
  kind: DeviceKind,
  serial: string,
  opts: { lock?: boolean } = {},
): Promise<DeviceRecord | undefined> {
  const query = db
    .select()
    .from(devices)
    .where(and(eq(devices.accountId, accountId), eq(devices.kind, kind), eq(devices.serial, serial)))
    .limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

export type SeenUser = {
  id: number;
  name: string;
  type: 'user' | 'server_user' | 'local_user';
  last_active: number;
};

/** Every user seen on the device (device_users with their console or server/local user), newest last_active first. */
export async function deviceUsersOf(db: DbOrTx, accountId: number, deviceId: number): Promise<SeenUser[]> {
  const r = await db.execute<SeenUser>(sql`
    SELECT x.id, x.name, x.type, COALESCE(FLOOR(EXTRACT(EPOCH FROM du.last_active))::float8, 0) AS last_active
    FROM device_users du
    JOIN LATERAL (
      SELECT u.id, ${shownName('u')} AS name, 'user'::text AS type FROM users u
        WHERE du.user_kind = 'user' AND u.id = du.user_ref_id AND u.account_id = du.account_id
      UNION ALL
      SELECT s.id, ${shownName('s')} AS name, s.type FROM server_users s
        WHERE du.user_kind IN ('server_user', 'local_user') AND s.id = du.user_ref_id AND s.account_id = du.account_id
    ) x ON true
    WHERE du.account_id = ${accountId} AND du.device_id = ${deviceId}
    ORDER BY du.last_active DESC NULLS LAST, x.type, x.id`);
  return r.rows;
}

/** The device's main user (devices.user_kind / user_ref_id), or null. */
export async function mainUserOf(
  db: DbOrTx,
  d: Pick<DeviceRecord, 'accountId' | 'userKind' | 'userRefId'>,
): Promise<{ id: number; name: string; type: 'user' | 'server_user' | 'local_user' } | null> {
  if (!d.userKind || d.userRefId === null) return null;
  const r =
    d.userKind === 'user'
      ? await db.execute<{ id: number; name: string; type: 'user' }>(
          sql`SELECT u.id, ${shownName('u')} AS name, 'user' AS type FROM users u
              WHERE u.id = ${d.userRefId} AND u.account_id = ${d.accountId}`,
        )
      : await db.execute<{ id: number; name: string; type: 'server_user' | 'local_user' }>(
          sql`SELECT s.id, ${shownName('s')} AS name, s.type FROM server_users s
              WHERE s.id = ${d.userRefId} AND s.account_id = ${d.accountId}`,
        );
  return r.rows[0] ?? null;
}

/** The device's config row (settings, lock state, policy version). */
export async function findConfig(db: DbOrTx, accountId: number, deviceId: number) {
  const [row] = await db
    .select()
    .from(deviceConfigs)
    .where(and(eq(deviceConfigs.accountId, accountId), eq(deviceConfigs.deviceId, deviceId)))
    .limit(1);
  return row;
}

/**
 * Writes the settings when they are still what `expected` read (compare and set); false when another
 * change came first.
 */
export async function updateConfig(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
  expected: { boolSettings: BoolSetting[]; stringSettings: KeyValue[] },
  next: { boolSettings: BoolSetting[]; stringSettings: KeyValue[] },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(deviceConfigs)
    .set({ boolSettings: next.boolSettings, stringSettings: next.stringSettings, updatedAt: now })
    .where(
      and(
        eq(deviceConfigs.accountId, accountId),
        eq(deviceConfigs.deviceId, deviceId),
        sql`${deviceConfigs.boolSettings} = ${JSON.stringify(expected.boolSettings)}::jsonb`,
        sql`${deviceConfigs.stringSettings} = ${JSON.stringify(expected.stringSettings)}::jsonb`,
      ),
    )
    .returning({ id: deviceConfigs.deviceId });
  return rows.length > 0;
}

/** Renames the device if its name is still `from`; false when it was not (another rename came first). */
export async function renameDevice(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
  from: string,
  to: string,
): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ name: to })
    .where(and(eq(devices.accountId, accountId), eq(devices.id, deviceId), eq(devices.name, from)))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/** The device's open alerts, newest first. */
export function openAlerts(db: DbOrTx, accountId: number, deviceId: number) {
  return db
    .select({
      code: deviceAlerts.code,
      group_id: deviceAlerts.groupId,
      title: deviceAlerts.title,
      description: deviceAlerts.description,
    })
    .from(deviceAlerts)
    .where(
      and(eq(deviceAlerts.accountId, accountId), eq(deviceAlerts.deviceId, deviceId), isNull(deviceAlerts.clearedAt)),
    )
    .orderBy(desc(deviceAlerts.createdAt), desc(deviceAlerts.id));
}

/** One page of the timeline (newest first by id), one more row than the page to tell whether older ones exist. */
export function timelinePage(db: DbOrTx, accountId: number, deviceId: number, before: number | undefined) {
  return db
    .select()
    .from(deviceTimeline)
    .where(
      and(
        eq(deviceTimeline.accountId, accountId),
        eq(deviceTimeline.deviceId, deviceId),
        before !== undefined ? lt(deviceTimeline.id, before) : undefined,
      ),
    )
    .orderBy(desc(deviceTimeline.id))
    .limit(DEVICE_TIMELINE_PAGE + 1);
}

/** The e-mail address and time zone of a console user of the account (the acting administrator). */
export async function userContact(
  db: DbOrTx,
  accountId: number,
  userId: number,
): Promise<{ email: string; timeZone: string; name: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, timeZone: users.timeZone, name: sql<string>`${shownName('users')}` })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return row;
}
