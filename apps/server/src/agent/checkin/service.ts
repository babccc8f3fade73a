/**
 * POST /api/agent/v1/checkin: the device's heartbeat. Records when it was last online, the versions
 * it reports, the policy version it applied (a change writes a 'policy_applied' timeline line) and the
 * users active on it; answers the device's current policy version and how many commands wait for it.
 * Check-ins carry a growing sequence number; one that arrives after a newer one (a retry, a slow
 * network) changes nothing: the update is conditional on the number.
 *
 * It runs on every device every few minutes, so it is one statement (a named one, planned once per
 * connection): the conditional update, the users' upsert and the timeline line as data-modifying
 * CTEs (all or nothing, as one statement is), and the answer read beside them. Its commit does not
 * wait for the WAL flush (synchronous_commit off for this transaction only): a database crash may
 * forget the last fraction of a second of heartbeats, which the devices' next check-ins (a few
 * minutes later, carrying the same applied version and users) write again; nothing is half-written
 * (docs/decisions.md).
 */
import { sql } from 'drizzle-orm';
import type { AgentCheckinRequest, AgentCheckinResponse } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../lib/named-statements.js';
import type { AgentDevice } from '../../types.js';
import { waitingCommandsSql } from '../../lib/agent-commands.js';

type Row = { interval: number; applied: boolean; policy_version: string; commands_waiting: number };

export async function checkin(
  db: DbOrTx,
  device: AgentDevice,
  b: AgentCheckinRequest,
  now = new Date(),
): Promise<AgentCheckinResponse> {
  const users = b.users ?? [];
  const applied = b.applied_policy_version ?? null;
  // Users are matched by name and type among the account's server and local users; a name the
  // account does not know is ignored (the device may report users the console never synchronised).
  const r = await executeNamed<Row>(
    db,
    sql`WITH prev AS (
      SELECT applied_policy_version FROM devices WHERE id = ${device.id}::int AND account_id = ${device.accountId}::int
    ), upd AS (
      UPDATE devices SET
        last_checkin_seq = ${b.seq}::bigint,
        last_online = ${now}::timestamptz,
        agent_version = COALESCE(${b.agent_version ?? null}::text, agent_version),
        version = COALESCE(${b.agent_version ?? null}::text, version),
        os_version = COALESCE(${b.os_version ?? null}::text, os_version),
        applied_policy_version = COALESCE(${applied}::text, applied_policy_version),
        policy_applied_at = CASE
          WHEN ${applied}::text IS NOT NULL AND ${applied}::text IS DISTINCT FROM applied_policy_version
          THEN ${now}::timestamptz ELSE policy_applied_at END
      WHERE id = ${device.id}::int AND account_id = ${device.accountId}::int AND last_checkin_seq < ${b.seq}::bigint
      RETURNING id, ${applied}::text IS NOT NULL
        AND ${applied}::text IS DISTINCT FROM (SELECT applied_policy_version FROM prev) AS policy_changed
    ), seen AS (
      INSERT INTO device_users (account_id, device_id, user_kind, user_ref_id, last_active)
      SELECT su.account_id, upd.id, su.type, su.id, max(to_timestamp(u.last_active))
      FROM upd
      CROSS JOIN jsonb_to_recordset(${JSON.stringify(users)}::jsonb)
        AS u(username text, kind text, last_active bigint)
      JOIN server_users su
        ON su.account_id = ${device.accountId}::int AND su.username = u.username AND su.type = u.kind
      GROUP BY su.account_id, upd.id, su.type, su.id
      ON CONFLICT (account_id, device_id, user_kind, user_ref_id)
        DO UPDATE SET last_active = EXCLUDED.last_active
        WHERE device_users.last_active IS NULL OR device_users.last_active < EXCLUDED.last_active
    ), line AS (
      INSERT INTO device_timeline (account_id, device_id, kind, at, text)
      SELECT ${device.accountId}::int, upd.id, 'policy_applied', ${now}::timestamptz,
        'Policy ' || left(${applied}::text, 8) || ' applied'
      FROM upd WHERE upd.policy_changed
    )
    SELECT d.checkin_interval_s AS interval,
      EXISTS (SELECT 1 FROM upd) AS applied,
      COALESCE((SELECT c.policy_version FROM device_configs c
        WHERE c.device_id = d.id AND c.account_id = d.account_id), '') AS policy_version,
      (${waitingCommandsSql(sql`${now}::timestamptz`)})::int AS commands_waiting,
      set_config('synchronous_commit', 'off', true) AS commit_mode
    FROM devices d
    WHERE d.id = ${device.id}::int AND d.account_id = ${device.accountId}::int`,
  );
  const row = r.rows[0];
  return {
    server_time: Math.floor(now.getTime() / 1000),
    checkin_interval_s: row?.interval ?? 300,
    applied: row?.applied ?? false,
    policy_version: row?.policy_version ?? '',
    commands_waiting: row?.commands_waiting ?? 0,
  };
}
