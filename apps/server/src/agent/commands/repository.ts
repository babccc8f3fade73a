/**
 * Queries of the device API's commands (GET /commands, POST /commands/{id}/result): which commands a
 * device is due to receive, delivering them, and recording a result monotonically. Commands are
 * queued, expired and listed for the console by domain/devices/device-commands.ts.
 */
import { sql } from 'drizzle-orm';
import type { DeviceCommandState, DeviceCommandType } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { executeNamed } from '../../lib/named-statements.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { dueCommandSql } from '../../domain/devices/agent-commands.js';

/** Open states, in the order a command passes them; `completed`, `failed`, `expired` and `cancelled` end it. */
const RANK = sql`CASE state WHEN 'pending' THEN 0 WHEN 'delivered' THEN 1 WHEN 'acknowledged' THEN 2 ELSE 3 END`;

export type Delivered = {
  id: number;
  type: DeviceCommandType;
  payload: Record<string, string | boolean | number>;
  expires_at: Date;
  delivery_count: number;
};

/** Marks the device's due commands delivered (now, one more delivery) and answers them, oldest first. */
export async function deliverDue(db: DbOrTx, device: AgentDevice, now: Date): Promise<Delivered[]> {
  const r = await executeNamed<Delivered>(
    db,
    sql`UPDATE device_commands c
      SET state = 'delivered', delivered_at = ${now}::timestamptz, delivery_count = c.delivery_count + 1
      FROM devices d
      WHERE c.account_id = ${device.accountId}::int AND c.device_id = ${device.id}::int
        AND d.id = c.device_id AND d.account_id = c.account_id
        AND c.state IN ('pending', 'delivered', 'acknowledged')
        AND ${dueCommandSql(sql`${now}::timestamptz`)}
      RETURNING c.id, c.type, c.payload, c.expires_at, c.delivery_count`,
  );
  return r.rows.map((row) => ({ ...row, expires_at: new Date(row.expires_at) })).sort((a, b) => a.id - b.id);
}

/** Ends a command the device could not be given (its sealed payload did not open). */
export async function failUndeliverable(db: DbOrTx, device: AgentDevice, id: number, error: string, now: Date) {
  await db.execute(
    sql`UPDATE device_commands SET state = 'failed', finished_at = ${now}::timestamptz, error = ${error},
        payload = '{}'::jsonb
      WHERE id = ${id}::int AND account_id = ${device.accountId}::int AND device_id = ${device.id}::int
        AND state IN ('pending', 'delivered', 'acknowledged')`,
  );
}

export type ResultRow = { type: DeviceCommandType; state: DeviceCommandState };

/**
 * Records a result when it moves the command forward (pending < delivered < acknowledged <
 * completed | failed; expired and cancelled end it too): answers the command after it, or null when
 * nothing changed. An ended command's payload is emptied.
 */
export async function recordResult(
  db: DbOrTx,
  device: AgentDevice,
  id: number,
  result: { state: 'acknowledged' | 'completed' | 'failed'; error: string },
  now: Date,
): Promise<ResultRow | null> {
  const ends = result.state !== 'acknowledged';
  const r = await executeNamed<ResultRow>(
    db,
    sql`UPDATE device_commands SET
        state = ${result.state}::text,
        acknowledged_at = CASE WHEN ${result.state}::text = 'acknowledged' THEN ${now}::timestamptz
          ELSE acknowledged_at END,
        finished_at = CASE WHEN ${ends}::boolean THEN ${now}::timestamptz ELSE finished_at END,
        error = CASE WHEN ${result.state}::text = 'failed' THEN ${result.error}::text ELSE error END,
        payload = CASE WHEN ${ends}::boolean THEN '{}'::jsonb ELSE payload END
      WHERE id = ${id}::int AND account_id = ${device.accountId}::int AND device_id = ${device.id}::int
        AND ${RANK} < ${ends ? 3 : 2}::int
      RETURNING type, state`,
  );
  return r.rows[0] ?? null;
}

/** The command's state, or null when the device has no command of that id. */
export async function stateOf(db: DbOrTx, device: AgentDevice, id: number): Promise<DeviceCommandState | null> {
  const r = await db.execute<{ state: DeviceCommandState }>(
    sql`SELECT state FROM device_commands
      WHERE id = ${id}::int AND account_id = ${device.accountId}::int AND device_id = ${device.id}::int`,
  );
  return r.rows[0]?.state ?? null;
}
