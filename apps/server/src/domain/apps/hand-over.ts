/**
 * A mobile handed from one console user to another, or given back (docs/decisions/apps.md
 * "Apps: a mobile handed over (session 11)"): the apps it had only from its previous user's assignments leave it. In
 * the transaction of the change (domain/devices/mobile-user.ts lendMobile), after the link moved and the new user's auto-assign
 * assignments were made: every approved app assigned to the previous user that neither the new user's assignments nor
 * the mobile's own give it, and that the mobile reports installed or is about to install (an open install command),
 * gets an uninstall command (which supersedes an open install: domain/devices/device-commands.ts). Idempotent: a second call finds
 * the uninstall open and queues nothing new.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockDeviceQueue, OPEN_COMMAND_STATES } from '../devices/device-commands.js';
import { queueUninstall } from './install.js';

export async function removePreviousUserApps(
  tx: DbOrTx,
  o: { accountId: number; deviceId: number; previousUserId: number; userId: number | null; now: Date; by: string },
): Promise<string[]> {
  await lockDeviceQueue(tx, o.deviceId);
  const open = sql.raw(OPEN_COMMAND_STATES.map((s) => `'${s}'`).join(', '));
  const live = sql`k.account_id = r.account_id AND k.device_id = ${o.deviceId} AND k.state IN (${open})
    AND k.expires_at > ${o.now.toISOString()}::timestamptz AND k.payload->>'package_name' = r.package_name`;
  const leaving = await tx.execute<{ package_name: string; name: string }>(sql`
    SELECT r.package_name, r.title AS name FROM app_assignments s
    JOIN app_requests r ON r.account_id = s.account_id AND r.app_id = s.app_id AND r.state = 'approved'
    WHERE s.account_id = ${o.accountId} AND s.user_id = ${o.previousUserId}
      AND NOT EXISTS (SELECT 1 FROM app_assignments g WHERE g.account_id = s.account_id AND g.app_id = s.app_id
        AND (g.device_id = ${o.deviceId} OR (${o.userId}::int IS NOT NULL AND g.user_id = ${o.userId}::int)))
      AND (EXISTS (SELECT 1 FROM device_apps x WHERE x.account_id = s.account_id AND x.device_id = ${o.deviceId}
            AND x.package_name = r.package_name)
        OR EXISTS (SELECT 1 FROM device_commands k WHERE ${live} AND k.type = 'install_app'))
      AND NOT EXISTS (SELECT 1 FROM device_commands k WHERE ${live} AND k.type = 'uninstall_app')
    ORDER BY r.package_name`);
  for (const app of leaving.rows)
    await queueUninstall(tx, o.accountId, { package_name: app.package_name, name: app.name }, o.deviceId, {
      name: o.by,
      now: o.now,
    });
  return leaving.rows.map((a) => a.package_name);
}
