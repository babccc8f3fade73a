/**
 * POST /api/agent/v1/checkin: the device's heartbeat. Records when it was last online, the versions
 * it reports, the policy version it applied (a change writes a 'policy_applied' timeline line naming the
 * policy by its number, device_configs.policy_number: 'Policy version 3 applied') and the
 * users active on it; 'Status updated' (001 §3 status_updated) moves only when the check-in changes
 * the device's status: it comes back online (its last check-in is older than DEVICE_ONLINE_MINUTES) or
 * it applied another policy version (issue 26; alerts move it in agent/events); answers the device's current policy version and how many commands wait for it.
 * Check-ins carry a growing sequence number; one that arrives after a newer one (a retry, a slow
 * network) changes nothing: the update is conditional on the number.
 *
 * It runs on every device every few minutes, so check-ins are written in one statement (a named one,
 * planned once per connection) for one or many devices at a time (batch.ts gathers them): per device,
 * only the highest sequence number of the statement can apply; the conditional update, the users' upsert and the timeline line as data-modifying
 * CTEs (all or nothing, as one statement is), and the answer read beside them. Its commit does not
 * wait for the WAL flush (synchronous_commit off for this transaction only): a database crash may
 * forget the last fraction of a second of heartbeats, which the devices' next check-ins (a few
 * minutes later, carrying the same applied version and users) write again; nothing is half-written
 * (docs/decisions/server.md "Database faults the server survives (issue 25)"). It is the only write that may:
 * test/security/database-faults.test.ts fails when another file turns synchronous_commit off, and crashes PostgreSQL
 * right after events are answered. Its text is built once, with placeholders for the values
 * (lib/statement-templates.ts).
 */
// The check-in's statement stays beside its synchronous_commit (docs/decisions: "The check-in statement stays in
// agent/checkin/service.ts"): the one exception to the rule that SQL lives in repository.ts or sql/.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { sql, type SQL } from 'drizzle-orm';
import { DEVICE_ONLINE_MINUTES, type AgentCheckinRequest, type AgentCheckinResponse } from '@wayguard/contracts';
import { refreshPolicyVersion } from '../../domain/devices/device-policy.js';
import type { DbOrTx } from '../../db/client.js';
import { executeBuilt } from '../../lib/named-statements.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { waitingCommandsSql } from '../../domain/devices/agent-commands.js';

/** One check-in to write: the device, what it sent, and when it arrived. */
export type Checkin = { device: AgentDevice; body: AgentCheckinRequest; now: Date };

type Row = { n: number; interval: number; applied: boolean; policy_version: string; commands_waiting: number };

const statements = createStatementTemplates(1);

/**
 * Users are matched by name and type among the account's server and local users; a name the account
 * does not know is ignored (the device may report users the console never synchronised).
 */
function checkinsSql(): SQL {
  return sql`WITH input AS (
      SELECT * FROM jsonb_to_recordset(${sql.placeholder('input')}::jsonb) AS i(
        n int, device int, account int, seq bigint, at timestamptz,
        agent_version text, os_version text, applied text, users jsonb)
    ), latest AS (
      SELECT DISTINCT ON (device) * FROM input ORDER BY device, seq DESC
    ), prev AS (
      SELECT d.id, d.applied_policy_version FROM devices d JOIN latest l ON d.id = l.device AND d.account_id = l.account
    ), upd AS (
      UPDATE devices d SET
        last_checkin_seq = l.seq,
        last_online = l.at,
        agent_version = COALESCE(l.agent_version, d.agent_version),
        version = COALESCE(l.agent_version, d.version),
        os_version = COALESCE(l.os_version, d.os_version),
        applied_policy_version = COALESCE(l.applied, d.applied_policy_version),
        policy_applied_at = CASE
          WHEN l.applied IS NOT NULL AND l.applied IS DISTINCT FROM d.applied_policy_version
          THEN l.at ELSE d.policy_applied_at END,
        status_updated = CASE
          WHEN (l.applied IS NOT NULL AND l.applied IS DISTINCT FROM d.applied_policy_version)
            OR d.last_online IS NULL
            OR d.last_online < l.at - make_interval(mins => ${DEVICE_ONLINE_MINUTES}::int)
          THEN l.at ELSE d.status_updated END
      FROM latest l
      WHERE d.id = l.device AND d.account_id = l.account AND d.last_checkin_seq < l.seq
      RETURNING l.n, d.id, d.account_id, l.at, l.applied, l.users,
        l.applied IS NOT NULL
          AND l.applied IS DISTINCT FROM (SELECT p.applied_policy_version FROM prev p WHERE p.id = d.id)
          AS policy_changed
    ), seen AS (
      INSERT INTO device_users (account_id, device_id, user_kind, user_ref_id, last_active)
      SELECT su.account_id, upd.id, su.type, su.id, max(to_timestamp(u.last_active))
      FROM upd
      CROSS JOIN jsonb_to_recordset(upd.users) AS u(username text, kind text, last_active bigint)
      JOIN server_users su ON su.account_id = upd.account_id AND su.username = u.username AND su.type = u.kind
      GROUP BY su.account_id, upd.id, su.type, su.id
      ON CONFLICT (account_id, device_id, user_kind, user_ref_id)
        DO UPDATE SET last_active = EXCLUDED.last_active
        WHERE device_users.last_active IS NULL OR device_users.last_active < EXCLUDED.last_active
    ), line AS (
      INSERT INTO device_timeline (account_id, device_id, kind, at, text)
      SELECT upd.account_id, upd.id, 'policy_applied', upd.at,
        CASE WHEN c.policy_number > 0 AND c.numbered_version = upd.applied
          THEN 'Policy version ' || c.policy_number || ' applied'
          ELSE 'An earlier policy version applied' END
      FROM upd LEFT JOIN device_configs c ON c.device_id = upd.id AND c.account_id = upd.account_id
      WHERE upd.policy_changed
    )
    SELECT i.n, d.checkin_interval_s AS interval,
      EXISTS (SELECT 1 FROM upd WHERE upd.n = i.n) AS applied,
      COALESCE((SELECT c.policy_version FROM device_configs c
        WHERE c.device_id = d.id AND c.account_id = d.account_id), '') AS policy_version,
      (${waitingCommandsSql(sql`i.at`)})::int AS commands_waiting,
      set_config('synchronous_commit', 'off', true) AS commit_mode
    FROM input i JOIN devices d ON d.id = i.device AND d.account_id = i.account`;
}

/** Writes check-ins in one statement; answers each, in order. */
export async function writeCheckins(db: DbOrTx, checkins: readonly Checkin[]): Promise<AgentCheckinResponse[]> {
  const input = checkins.map((c, n) => ({
    n,
    device: c.device.id,
    account: c.device.accountId,
    seq: c.body.seq,
    at: c.now.toISOString(),
    agent_version: c.body.agent_version ?? null,
    os_version: c.body.os_version ?? null,
    applied: c.body.applied_policy_version ?? null,
    users: c.body.users ?? [],
  }));
  const statement = statements.fill('checkins', checkinsSql, { input: JSON.stringify(input) })!;
  const rows = (await executeBuilt<Row>(db, statement, true)).rows;
  const byN = new Map(rows.map((r) => [Number(r.n), r]));
  return Promise.all(
    checkins.map(async (c, n) => {
      const row = byN.get(n);
      return {
        server_time: Math.floor(c.now.getTime() / 1000),
        checkin_interval_s: row?.interval ?? 300,
        applied: row?.applied ?? false,
        policy_version: row?.policy_version || (await currentVersion(db, c.device)),
        commands_waiting: row?.commands_waiting ?? 0,
      };
    }),
  );
}

/**
 * The version of a policy a change made stale (stored as ''): computed and stored now, once, so that
 * the check-in names the version the device should apply (domain/devices/device-policy.ts).
 */
function currentVersion(db: DbOrTx, device: AgentDevice): Promise<string> {
  return refreshPolicyVersion(db, device.accountId, device.id);
}

/** One check-in alone. */
export async function checkin(
  db: DbOrTx,
  device: AgentDevice,
  body: AgentCheckinRequest,
  now = new Date(),
): Promise<AgentCheckinResponse> {
  const [answer] = await writeCheckins(db, [{ device, body, now }]);
  return answer!;
}
