/**
 * Check-ins written together (docs/decisions.md "Check-ins written in batches"). Every device checks in
 * every few minutes, and a check-in's cost was PostgreSQL's per-statement work (parse, bind, commit,
 * the round trip), not its rows: at 10,000 devices the server waited on the database with half its
 * CPU idle. So check-ins that arrive while the previous batch is being written wait for it and are
 * then written together, in one statement (`batchSql`), with the same rules as one alone
 * (service.ts): per device, only the highest sequence number of the batch can apply, and only if it
 * is higher than the stored one; users, the applied policy and its timeline line as there. A device
 * is answered once its batch has committed, never before: an acknowledged check-in is written. When
 * no batch is being written a check-in goes at once, so a quiet server adds no wait. One batch at a
 * time: two batches updating the same devices in different orders could deadlock. Should a batch
 * fail, its check-ins are written one by one, so that one bad check-in fails alone.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AgentCheckinRequest, AgentCheckinResponse } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { executeBuilt } from '../../lib/named-statements.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import { waitingCommandsSql } from '../../lib/agent-commands.js';
import type { AgentDevice } from '../../types.js';
import { checkin as checkinAlone } from './service.js';

/** The most check-ins one statement writes. */
export const CHECKIN_BATCH_MAX = 200;

type Waiting = {
  device: AgentDevice;
  body: AgentCheckinRequest;
  now: Date;
  resolve: (answer: AgentCheckinResponse) => void;
  reject: (error: unknown) => void;
};

type Row = { n: number; interval: number; applied: boolean; policy_version: string; commands_waiting: number };

const statements = createStatementTemplates(1);

function batchSql(): SQL {
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
          THEN l.at ELSE d.policy_applied_at END
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
      SELECT upd.account_id, upd.id, 'policy_applied', upd.at, 'Policy ' || left(upd.applied, 8) || ' applied'
      FROM upd WHERE upd.policy_changed
    )
    SELECT i.n, d.checkin_interval_s AS interval,
      EXISTS (SELECT 1 FROM upd WHERE upd.n = i.n) AS applied,
      COALESCE((SELECT c.policy_version FROM device_configs c
        WHERE c.device_id = d.id AND c.account_id = d.account_id), '') AS policy_version,
      (${waitingCommandsSql(sql`i.at`)})::int AS commands_waiting,
      set_config('synchronous_commit', 'off', true) AS commit_mode
    FROM input i JOIN devices d ON d.id = i.device AND d.account_id = i.account`;
}

const answer = (w: Waiting, row: Row | undefined): AgentCheckinResponse => ({
  server_time: Math.floor(w.now.getTime() / 1000),
  checkin_interval_s: row?.interval ?? 300,
  applied: row?.applied ?? false,
  policy_version: row?.policy_version ?? '',
  commands_waiting: row?.commands_waiting ?? 0,
});

/** Writes one batch in one statement; answers each check-in of it. */
async function writeBatch(db: DbOrTx, batch: Waiting[]): Promise<void> {
  const input = batch.map((w, n) => ({
    n,
    device: w.device.id,
    account: w.device.accountId,
    seq: w.body.seq,
    at: w.now.toISOString(),
    agent_version: w.body.agent_version ?? null,
    os_version: w.body.os_version ?? null,
    applied: w.body.applied_policy_version ?? null,
    users: w.body.users ?? [],
  }));
  const statement = statements.fill('checkin-batch', batchSql, { input: JSON.stringify(input) })!;
  const rows = (await executeBuilt<Row>(db, statement, true)).rows;
  const byN = new Map(rows.map((r) => [Number(r.n), r]));
  batch.forEach((w, n) => w.resolve(answer(w, byN.get(n))));
}

export type CheckinBatcher = {
  checkin(device: AgentDevice, body: AgentCheckinRequest, now?: Date): Promise<AgentCheckinResponse>;
};

export function createCheckinBatcher(db: DbOrTx): CheckinBatcher {
  let queue: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, CHECKIN_BATCH_MAX);
      queue = queue.slice(batch.length);
      try {
        await writeBatch(db, batch);
      } catch {
        // One by one, so that what failed the batch fails only its own check-in.
        await Promise.all(
          batch.map((w) =>
            checkinAlone(db, w.device, w.body, w.now).then(w.resolve, (error: unknown) => w.reject(error)),
          ),
        );
      }
    }
    writing = false;
  }

  return {
    checkin(device, body, now = new Date()) {
      return new Promise<AgentCheckinResponse>((resolve, reject) => {
        queue.push({ device, body, now, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}
