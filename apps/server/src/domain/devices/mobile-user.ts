/**
 * A mobile lent to a console user (001 §3 Mobile-only 'user_name (linked user)'; issue 12's late auto
 * assign). Only the console decides it (issue 25, docs/decisions/devices.md "Device identity (issue 25)"): a Console
 * Admin links or unlinks it on the mobile's page (POST /devices/mobile_user), or the enrolment token it enrolled with
 * was made for the user; what a device reports (POST /enroll `user`, PUT /inventory `mobile.user_name`) never changes
 * it. The link is the device's main user (devices.user_kind 'user', user_ref_id) and a device_users row (the user
 * page's devices); a change makes the device's policy version again (its scope chain runs through its user), takes from
 * the mobile the apps only its previous user's assignments gave it (domain/apps/hand-over.ts) and gives it the apps its
 * new user's assignments and the account's auto-assign apps give it (domain/apps/auto-assign.ts), all in the caller's
 * transaction.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { applyAutoAssignments, type AutoAssignResult } from '../apps/auto-assign.js';
import { removePreviousUserApps } from '../apps/hand-over.js';
import { byActor, type Actor } from '../access/actor.js';
import { audit } from '../access/audit.js';
import { refreshPolicyVersion } from './device-policy.js';

export type MobileLink = {
  accountId: number;
  deviceId: number;
  /** The console user's id; null ends a console user's link. */
  userId: number | null;
  now: Date;
  ip?: string;
  /** The administrator who links it (none: the enrolment token's user). */
  by?: Actor;
};

/**
 * Links (or unlinks) the mobile; a user the account does not have changes nothing (unknown: false).
 * Answers whether the link changed and what the apps' reach queued.
 */
export async function lendMobile(
  tx: DbOrTx,
  o: MobileLink,
): Promise<{ changed: boolean; known: boolean; userId: number | null; apps: AutoAssignResult | null }> {
  const userId = o.userId;
  let name = '';
  if (userId !== null) {
    const u = await tx.execute<{ username: string }>(sql`SELECT username FROM users
      WHERE account_id = ${o.accountId} AND id = ${userId}`);
    if (!u.rows[0]) return { changed: false, known: false, userId: null, apps: null };
    name = u.rows[0].username;
  }
  // The mobile's console user before the change (locked with the row the change updates).
  const before = await tx.execute<{ user_id: number | null }>(sql`SELECT CASE WHEN user_kind = 'user'
      THEN user_ref_id END AS user_id FROM devices
    WHERE account_id = ${o.accountId} AND id = ${o.deviceId} AND kind = 'mobile' FOR UPDATE`);
  const previousUserId = before.rows[0]?.user_id ?? null;
  const changed = await tx.execute(
    userId === null
      ? sql`UPDATE devices SET user_kind = NULL, user_ref_id = NULL
          WHERE account_id = ${o.accountId} AND id = ${o.deviceId} AND kind = 'mobile' AND user_kind = 'user'
          RETURNING id`
      : sql`UPDATE devices SET user_kind = 'user', user_ref_id = ${userId}
          WHERE account_id = ${o.accountId} AND id = ${o.deviceId} AND kind = 'mobile'
            AND (user_kind IS DISTINCT FROM 'user' OR user_ref_id IS DISTINCT FROM ${userId}::int)
          RETURNING id`,
  );
  if (changed.rows.length === 0) return { changed: false, known: true, userId, apps: null };
  await tx.execute(sql`DELETE FROM device_users WHERE account_id = ${o.accountId} AND device_id = ${o.deviceId}
    AND user_kind = 'user' AND user_ref_id IS DISTINCT FROM ${userId}::int`);
  if (userId !== null)
    await tx.execute(sql`INSERT INTO device_users (account_id, device_id, user_kind, user_ref_id, last_active)
      VALUES (${o.accountId}, ${o.deviceId}, 'user', ${userId}, ${o.now.toISOString()})
      ON CONFLICT (account_id, device_id, user_kind, user_ref_id) DO NOTHING`);
  await refreshPolicyVersion(tx, o.accountId, o.deviceId);
  const apps = await applyAutoAssignments(tx, o.accountId, [o.deviceId], o.now);
  // After the new user's assignments (auto assign's included), which the mobile keeps.
  const uninstalls =
    previousUserId !== null && previousUserId !== userId
      ? await removePreviousUserApps(tx, {
          accountId: o.accountId,
          deviceId: o.deviceId,
          previousUserId,
          userId,
          now: o.now,
          by: o.by?.name ?? 'System',
        })
      : [];
  await audit(tx, {
    action: 'device.user_linked',
    accountId: o.accountId,
    ...(o.by ? byActor(o.by) : {}),
    targetType: 'device',
    targetId: o.deviceId,
    ...(o.ip ? { ip: o.ip } : {}),
    details: {
      user_id: userId,
      username: name,
      auto_assigned: apps.assigned.length,
      install_on: apps.installs.map((i) => i.package_name),
      previous_user_id: previousUserId,
      uninstall_on: uninstalls,
    },
  });
  return { changed: true, known: true, userId, apps };
}
