/** The device lookup of the device-facing API's authentication (plugins/agent-auth.ts). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { AgentDevice } from '../types.js';
import { executeNamed } from './named-statements.js';

/** Runs before every device call: a named statement (planned once per connection, lib/named-statements.ts). */
export async function findDeviceBySecretHash(db: DbOrTx, secretHash: string): Promise<AgentDevice | null> {
  const r = await executeNamed<AgentDevice>(
    db,
    sql`SELECT id, account_id AS "accountId", kind FROM devices WHERE agent_token_hash = ${secretHash}::text LIMIT 1`,
  );
  return r.rows[0] ?? null;
}

/** The calling device (routes that declare `agent: 'device'` only). */
export function deviceOf(request: { device: AgentDevice | null }): AgentDevice {
  if (!request.device) throw new Error('deviceOf on a route without a device');
  return request.device;
}
