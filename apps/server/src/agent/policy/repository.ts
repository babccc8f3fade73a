/** The device API's policy query (GET /policy): the stored version of a device's policy. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executeNamed } from '../../lib/named-statements.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';

/** The stored version of the device's policy: '' when never computed, null when it has no config. */
export async function storedVersion(db: Db, device: AgentDevice): Promise<string | null> {
  const r = await executeNamed<{ v: string }>(
    db,
    sql`SELECT policy_version AS v FROM device_configs
      WHERE device_id = ${device.id}::int AND account_id = ${device.accountId}::int`,
  );
  return r.rows[0]?.v ?? null;
}
