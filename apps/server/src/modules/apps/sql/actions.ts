/**
 * The statements of the app request actions and the approval (service.ts): each action's conditional
 * UPDATE (... AND state = <the state read> AND status = <the status read> RETURNING id: false when
 * another administrator moved the thread first), the assignments an approval makes or a denial takes
 * away, and what they read (the app's flags, the users chosen, the mobiles that have the app).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { sqlArray } from '../../../lib/sql-array.js';
import { personNameSql } from '../../../domain/users/person-name.js';

type Processor = { id: number | null; name: string };
/** The thread as the action read it: its id, state and status. */
type Read = { id: number; state: string; status: string };

/** Whether the account has the thread. */
export async function threadExists(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
  const r = await db.execute(sql`SELECT 1 FROM app_requests WHERE account_id = ${accountId} AND id = ${id}`);
  return r.rows.length > 0;
}

/** The users and mobiles that have the app: its assignments (to a user or a mobile) and the mobiles reporting it. */
export async function holdersOfApp(tx: DbOrTx, accountId: number, appId: number, packageName: string) {
  const r = await tx.execute<{ user_id: number | null; device_id: number | null }>(sql`
    SELECT user_id, device_id FROM app_assignments WHERE account_id = ${accountId} AND app_id = ${appId}
    UNION SELECT NULL, device_id FROM device_apps WHERE account_id = ${accountId} AND package_name = ${packageName}`);
  return r.rows;
}

/** Denies the thread found as `t` was read: false when it moved meanwhile. */
export async function markDenied(
  tx: DbOrTx,
  accountId: number,
  t: Read,
  o: { reason: string | null; processor: Processor; at: string },
): Promise<boolean> {
  const r = await tx.execute(sql`UPDATE app_requests SET state = 'denied', status = 'admin',
      reason = ${o.reason}, processor_id = ${o.processor.id}, processor_name = ${o.processor.name}, processed_at = ${o.at},
      auto_assign = false, mandatory = false
    WHERE account_id = ${accountId} AND id = ${t.id} AND state = ${t.state} AND status = ${t.status} RETURNING id`);
  return r.rows.length > 0;
}

/** Approves the thread found as `t` was read: false when it moved meanwhile. */
export async function markApproved(
  tx: DbOrTx,
  accountId: number,
  t: Read,
  o: { processor: Processor; at: string; autoAssign: boolean; mandatory: boolean },
): Promise<boolean> {
  const r = await tx.execute(sql`UPDATE app_requests SET state = 'approved', status = 'admin', reason = NULL,
      processor_id = ${o.processor.id}, processor_name = ${o.processor.name}, processed_at = ${o.at},
      auto_assign = ${o.autoAssign}, mandatory = ${o.mandatory}
    WHERE account_id = ${accountId} AND id = ${t.id} AND state = ${t.state} AND status = ${t.status} RETURNING id`);
  return r.rows.length > 0;
}

/** Takes every assignment of the app away. */
export async function deleteAppAssignments(tx: DbOrTx, accountId: number, appId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM app_assignments WHERE account_id = ${accountId} AND app_id = ${appId}`);
}

/** The app's approval flags. */
export async function appFlags(tx: DbOrTx, appId: number) {
  const r = await tx.execute<{ is_admin_warning: boolean; is_prevent_autoassign: boolean }>(
    sql`SELECT is_admin_warning, is_prevent_autoassign FROM apps WHERE id = ${appId}`,
  );
  return r.rows[0]!;
}

/** The ids of these that are users of the account. */
export async function userIdsIn(tx: DbOrTx, accountId: number, ids: readonly number[]): Promise<Set<number>> {
  const r = await tx.execute<{ id: number }>(sql`SELECT id FROM users
      WHERE account_id = ${accountId} AND id = ANY(${sqlArray([...ids])}::int[])`);
  return new Set(r.rows.map((x) => x.id));
}

/** The account's active console users that have a mobile: whom auto assign reaches, whom the dialog offers. */
export async function assignableUsers(db: DbOrTx, accountId: number): Promise<{ id: number; name: string }[]> {
  const r = await db.execute<{ id: number; name: string }>(sql`
    SELECT u.id, ${personNameSql('u')} AS name FROM users u
    WHERE u.account_id = ${accountId} AND u.status <> 'deactivated' AND EXISTS (SELECT 1 FROM devices d
      WHERE d.account_id = u.account_id AND d.kind = 'mobile' AND d.user_kind = 'user' AND d.user_ref_id = u.id
        AND d.deactivated_date IS NULL)
    ORDER BY name, u.id`);
  return r.rows;
}

/** Assigns the app to these users, each once; answers the users newly assigned. */
export async function insertUserAssignments(
  tx: DbOrTx,
  accountId: number,
  appId: number,
  userIds: readonly number[],
  o: { auto: boolean; by: Processor; at: string },
): Promise<number[]> {
  const r = await tx.execute<{ user_id: number }>(sql`
    INSERT INTO app_assignments (account_id, app_id, user_id, auto, assigned_on, assigned_by_id, assigned_by_name)
    SELECT ${accountId}, ${appId}, u, ${o.auto}, ${o.at}, ${o.by.id}, ${o.by.name}
    FROM unnest(${sqlArray([...userIds])}::int[]) AS u
    ON CONFLICT (account_id, app_id, user_id) WHERE user_id IS NOT NULL DO NOTHING RETURNING user_id`);
  return r.rows.map((x) => x.user_id);
}

/**
 * Auto assign's assignments of the thread's asking mobiles that are not lent to a console user, each
 * once; answers the devices newly assigned.
 */
export async function insertAskingMobileAssignments(
  tx: DbOrTx,
  accountId: number,
  t: { id: number; app_id: number },
  o: { by: Processor; at: string },
): Promise<number[]> {
  const r = await tx.execute<{ device_id: number }>(sql`
    INSERT INTO app_assignments (account_id, app_id, device_id, auto, assigned_on, assigned_by_id, assigned_by_name)
    SELECT DISTINCT ${accountId}::int, ${t.app_id}::int, d.id, true, ${o.at}::timestamptz,
      ${o.by.id}::int, ${o.by.name}
    FROM app_request_asks k
    JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ${t.id} AND d.kind = 'mobile'
      AND d.deactivated_date IS NULL AND d.user_kind IS DISTINCT FROM 'user'
    ON CONFLICT (account_id, app_id, device_id) WHERE device_id IS NOT NULL DO NOTHING RETURNING device_id`);
  return r.rows.map((x) => x.device_id);
}
