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
 * (docs/decisions.md). Its text is built once, with placeholders for the values
 * (lib/statement-templates.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AgentCheckinRequest, AgentCheckinResponse } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { executeBuilt } from '../../lib/named-statements.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import type { AgentDevice } from '../../types.js';
import { waitingCommandsSql } from '../../lib/agent-commands.js';

type Row = { interval: number; applied: boolean; policy_version: string; commands_waiting: number };

const statements = createStatementTemplates(1);
const p = (name: string) => sql.placeholder(name);

/**
 * Users are matched by name and type among the account's server and local users; a name the account
 * does not know is ignored (the device may report users the console never synchronised).
 */
function checkinSql(): SQL {
  return sql`WITH prev AS (
      SELECT applied_policy_version FROM devices WHERE id = ${p('device')}::int AND account_id = ${p('account')}::int
    ), upd AS (
      UPDATE devices SET
        last_checkin_seq = ${p('seq')}::bigint,
        last_online = ${p('now')}::timestamptz,
        agent_version = COALESCE(${p('agentVersion')}::text, agent_version),
        version = COALESCE(${p('agentVersion')}::text, version),
        os_version = COALESCE(${p('osVersion')}::text, os_version),
        applied_policy_version = COALESCE(${p('applied')}::text, applied_policy_version),
        policy_applied_at = CASE
          WHEN ${p('applied')}::text IS NOT NULL AND ${p('applied')}::text IS DISTINCT FROM applied_policy_version
          THEN ${p('now')}::timestamptz ELSE policy_applied_at END
      WHERE id = ${p('device')}::int AND account_id = ${p('account')}::int AND last_checkin_seq < ${p('seq')}::bigint
      RETURNING id, ${p('applied')}::text IS NOT NULL
        AND ${p('applied')}::text IS DISTINCT FROM (SELECT applied_policy_version FROM prev) AS policy_changed
    ), seen AS (
      INSERT INTO device_users (account_id, device_id, user_kind, user_ref_id, last_active)
      SELECT su.account_id, upd.id, su.type, su.id, max(to_timestamp(u.last_active))
      FROM upd
      CROSS JOIN jsonb_to_recordset(${p('users')}::jsonb)
        AS u(username text, kind text, last_active bigint)
      JOIN server_users su
        ON su.account_id = ${p('account')}::int AND su.username = u.username AND su.type = u.kind
      GROUP BY su.account_id, upd.id, su.type, su.id
      ON CONFLICT (account_id, device_id, user_kind, user_ref_id)
        DO UPDATE SET last_active = EXCLUDED.last_active
        WHERE device_users.last_active IS NULL OR device_users.last_active < EXCLUDED.last_active
    ), line AS (
      INSERT INTO device_timeline (account_id, device_id, kind, at, text)
      SELECT ${p('account')}::int, upd.id, 'policy_applied', ${p('now')}::timestamptz,
        'Policy ' || left(${p('applied')}::text, 8) || ' applied'
      FROM upd WHERE upd.policy_changed
    )
    SELECT d.checkin_interval_s AS interval,
      EXISTS (SELECT 1 FROM upd) AS applied,
      COALESCE((SELECT c.policy_version FROM device_configs c
        WHERE c.device_id = d.id AND c.account_id = d.account_id), '') AS policy_version,
      (${waitingCommandsSql(sql`${p('now')}::timestamptz`)})::int AS commands_waiting,
      set_config('synchronous_commit', 'off', true) AS commit_mode
    FROM devices d
    WHERE d.id = ${p('device')}::int AND d.account_id = ${p('account')}::int`;
}

export async function checkin(
  db: DbOrTx,
  device: AgentDevice,
  b: AgentCheckinRequest,
  now = new Date(),
): Promise<AgentCheckinResponse> {
  const users = b.users ?? [];
  const applied = b.applied_policy_version ?? null;
  const statement = statements.fill('checkin', checkinSql, {
    device: device.id,
    account: device.accountId,
    seq: b.seq,
    now,
    agentVersion: b.agent_version ?? null,
    osVersion: b.os_version ?? null,
    applied,
    users: JSON.stringify(users),
  })!;
  const r = await executeBuilt<Row>(db, statement, true);
  const row = r.rows[0];
  return {
    server_time: Math.floor(now.getTime() / 1000),
    checkin_interval_s: row?.interval ?? 300,
    applied: row?.applied ?? false,
    policy_version: row?.policy_version ?? '',
    commands_waiting: row?.commands_waiting ?? 0,
  };
}
