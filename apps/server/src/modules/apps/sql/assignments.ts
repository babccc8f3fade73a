/**
 * The statements of the Apps pages and their switches (assignments.ts, answers.ts): a device by serial, a
 * user, a user with their mobiles, an approved app locked, an assignment made or taken away, and the
 * stamp of a user's kept page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEVICE_ONLINE_MINUTES } from '@wayguard/contracts';
import type { DbOrTx } from '../../../db/client.js';
import type { Mobile } from '../../../domain/apps/install.js';
import { executeNamed } from '../../../lib/named-statements.js';
import { personNameSql } from '../../../domain/users/person-name.js';

/** Since when a device that checked in counts as online. */
export const onlineSince = (now: Date) => new Date(now.getTime() - DEVICE_ONLINE_MINUTES * 60_000).toISOString();

export type DeviceRow = {
  id: number;
  serial: string;
  name: string;
  kind: 'machine' | 'mobile';
  user_id: number | null;
  online: boolean;
};

/** The account's device by serial (a mobile, or the machine that has the serial), or undefined. */
export async function deviceBySerial(db: DbOrTx, accountId: number, serial: string, now: Date) {
  const r = await db.execute<DeviceRow>(sql`SELECT d.id, d.serial, d.name, d.kind,
      CASE WHEN d.user_kind = 'user' THEN d.user_ref_id END AS user_id,
      coalesce(d.last_online >= ${onlineSince(now)}::timestamptz, false) AS online
    FROM devices d WHERE d.account_id = ${accountId} AND d.serial = ${serial} ORDER BY d.kind = 'mobile' DESC LIMIT 1`);
  return r.rows[0];
}

/** The account's user (name and status), or undefined. */
export async function userById(db: DbOrTx, accountId: number, id: number) {
  const r = await db.execute<{ id: number; name: string; status: string }>(sql`SELECT id,
      ${personNameSql('users')} AS name, status FROM users WHERE account_id = ${accountId} AND id = ${id}`);
  return r.rows[0];
}

/** The account's user and their active mobiles in one round trip, or undefined. */
export async function userWithMobiles(db: DbOrTx, accountId: number, userId: number, now: Date) {
  const r = await executeNamed<{ id: number; mobiles: Mobile[] | null }>(
    db,
    sql`SELECT u.id, (SELECT json_agg(json_build_object('id', d.id, 'serial', d.serial, 'name', d.name,
            'online', coalesce(d.last_online >= ${onlineSince(now)}::timestamptz, false), 'user_id', u.id)
            ORDER BY d.name, d.id) FROM devices d WHERE d.account_id = u.account_id AND d.kind = 'mobile'
            AND d.deactivated_date IS NULL AND d.user_kind = 'user' AND d.user_ref_id = u.id) AS mobiles
          FROM users u WHERE u.account_id = ${accountId} AND u.id = ${userId}`,
  );
  return r.rows[0];
}

export type ApprovedApp = {
  app_id: number;
  package_name: string;
  name: string;
  mandatory: boolean;
  is_admin_warning: boolean;
};

/** The account's approved app, its thread locked (an assignment never crosses the app's denial), or undefined. */
export async function approvedAppLocked(tx: DbOrTx, accountId: number, appId: number) {
  const r = await tx.execute<ApprovedApp>(sql`SELECT r.app_id, r.package_name, r.title AS name, r.mandatory,
      p.is_admin_warning FROM app_requests r JOIN apps p ON p.id = r.app_id
    WHERE r.account_id = ${accountId} AND r.app_id = ${appId} AND r.state = 'approved' FOR UPDATE OF r`);
  return r.rows[0];
}

export type Target = { userId: number; deviceId: null } | { userId: null; deviceId: number };

/** Assigns the app to the user or the lone mobile: false when it was assigned already. */
export async function insertAssignment(
  tx: DbOrTx,
  accountId: number,
  appId: number,
  target: Target,
  o: { by: { id: number | null; name: string }; at: string },
): Promise<boolean> {
  const made = await tx.execute(sql`INSERT INTO app_assignments (account_id, app_id, user_id, device_id, assigned_on,
        assigned_by_id, assigned_by_name)
      VALUES (${accountId}, ${appId}, ${target.userId}, ${target.deviceId}, ${o.at}, ${o.by.id},
        ${o.by.name})
      ON CONFLICT DO NOTHING RETURNING id`);
  return made.rows.length > 0;
}

/** Takes the user's or the lone mobile's assignment of the app away: false when there was none. */
export async function deleteAssignment(tx: DbOrTx, accountId: number, appId: number, target: Target): Promise<boolean> {
  const who = target.userId !== null ? sql`user_id = ${target.userId}` : sql`device_id = ${target.deviceId}`;
  const gone = await tx.execute(sql`DELETE FROM app_assignments WHERE account_id = ${accountId}
      AND app_id = ${appId} AND ${who} RETURNING id`);
  return gone.rows.length > 0;
}

/**
 * The stamp of a user's kept Apps page (answers.ts): the account's versions (`versions`), whether the user
 * exists, and the user's mobiles as the page lists them (id, serial, name and online now).
 */
export async function userPageStamp(
  db: DbOrTx,
  versions: SQL,
  accountId: number,
  userId: number,
  now: Date,
): Promise<string> {
  const r = await executeNamed<{ stamp: string }>(
    db,
    sql`SELECT ${versions} || '|'
      || EXISTS (SELECT 1 FROM users u WHERE u.account_id = ${accountId} AND u.id = ${userId})::text || '|'
      || coalesce((SELECT json_agg(json_build_array(d.id, d.serial, d.name,
          coalesce(d.last_online >= ${onlineSince(now)}::timestamptz, false)) ORDER BY d.name, d.id)::text
        FROM devices d WHERE d.account_id = ${accountId} AND d.kind = 'mobile' AND d.deactivated_date IS NULL
          AND d.user_kind = 'user' AND d.user_ref_id = ${userId}), '') AS stamp`,
  );
  return r.rows[0]!.stamp;
}
