/**
 * Auto assign's reach after the approval (docs/decisions/apps.md "Apps: the team's review and late auto assign"). An
 * app approved with auto assign is assigned to every active console user with a mobile at approval time (modules/apps);
 * a mobile lent to a console user later (a mobile enrolled for the user, or one whose user changes) calls
 * `applyAutoAssignments` for it, in the transaction of the change: 1. the mobile's console user (active) gets an `auto`
 * assignment of every approved auto-assign app of the account that they lack (so a user who gets their first mobile is
 * now one whom auto assign reaches), made in the name of the administrator who approved it; 2. the mobile gets an
 * install command for every approved app its user's assignments (auto or chosen) or its own give it, unless it reports
 * the app installed or an open install of it waits already. Idempotent: a second call finds the assignments made (the
 * assignments' unique indexes) and the install commands open (read under the device's queue lock), and queues nothing
 * new. A mobile not lent to a console user gets no auto-assign app (only its own assignments, made when it asked).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockDeviceQueue, OPEN_COMMAND_STATES, queueCommand } from '../devices/device-commands.js';
import { sqlArray } from '../../lib/sql-array.js';

export type AutoAssignResult = {
  /** (user, app) pairs newly assigned by auto assign. */
  assigned: { user_id: number; app_id: number }[];
  /** Install commands queued: the device and the package. */
  installs: { device_id: number; package_name: string }[];
};

export async function applyAutoAssignments(
  tx: DbOrTx,
  accountId: number,
  deviceIds: readonly number[],
  now: Date,
): Promise<AutoAssignResult> {
  const out: AutoAssignResult = { assigned: [], installs: [] };
  if (deviceIds.length === 0) return out;
  const mobiles = (
    await tx.execute<{ id: number; user_id: number | null }>(sql`SELECT d.id, u.id AS user_id FROM devices d
      LEFT JOIN users u ON d.user_kind = 'user' AND u.id = d.user_ref_id AND u.account_id = d.account_id
        AND u.status <> 'deactivated'
      WHERE d.account_id = ${accountId} AND d.id = ANY(${sqlArray([...deviceIds])}::int[]) AND d.kind = 'mobile'
        AND d.deactivated_date IS NULL
      ORDER BY d.id`)
  ).rows;
  const users = [...new Set(mobiles.flatMap((m) => (m.user_id === null ? [] : [m.user_id])))];
  if (users.length > 0)
    out.assigned = (
      await tx.execute<{ user_id: number; app_id: number }>(sql`
        INSERT INTO app_assignments (account_id, app_id, user_id, auto, assigned_on, assigned_by_id, assigned_by_name)
        SELECT r.account_id, r.app_id, u, true, ${now.toISOString()}::timestamptz, r.processor_id,
          coalesce(r.processor_name, '')
        FROM app_requests r CROSS JOIN unnest(${sqlArray(users)}::int[]) AS u
        WHERE r.account_id = ${accountId} AND r.state = 'approved' AND r.auto_assign
        ORDER BY r.app_id, u
        ON CONFLICT (account_id, app_id, user_id) WHERE user_id IS NOT NULL DO NOTHING
        RETURNING user_id, app_id`)
    ).rows;
  const open = sql.raw(OPEN_COMMAND_STATES.map((s) => `'${s}'`).join(', '));
  for (const m of mobiles) {
    await lockDeviceQueue(tx, m.id);
    const due = await tx.execute<{ package_name: string; name: string; mandatory: boolean; by: string }>(sql`
      SELECT DISTINCT ON (r.package_name) r.package_name, r.title AS name, r.mandatory, s.assigned_by_name AS by
      FROM app_assignments s
      JOIN app_requests r ON r.account_id = s.account_id AND r.app_id = s.app_id AND r.state = 'approved'
      WHERE s.account_id = ${accountId}
        AND (s.device_id = ${m.id} OR (${m.user_id}::int IS NOT NULL AND s.user_id = ${m.user_id}::int))
        AND NOT EXISTS (SELECT 1 FROM device_apps x WHERE x.account_id = s.account_id AND x.device_id = ${m.id}
          AND x.package_name = r.package_name)
        AND NOT EXISTS (SELECT 1 FROM device_commands k WHERE k.account_id = s.account_id AND k.device_id = ${m.id}
          AND k.type = 'install_app' AND k.state IN (${open}) AND k.expires_at > ${now.toISOString()}::timestamptz
          AND k.payload->>'package_name' = r.package_name)
      ORDER BY r.package_name, s.user_id NULLS LAST`);
    for (const app of due.rows) {
      await queueCommand(tx, {
        accountId,
        deviceId: m.id,
        type: 'install_app',
        payload: { package_name: app.package_name, name: app.name, mandatory: app.mandatory },
        createdByName: app.by,
        label: `Install ${app.name}`,
        now,
      });
      out.installs.push({ device_id: m.id, package_name: app.package_name });
    }
  }
  return out;
}
