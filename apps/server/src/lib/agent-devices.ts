/** The device lookup of the device-facing API's authentication (plugins/agent-auth.ts). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { devices } from '../db/schema/index.js';
import type { AgentDevice } from '../types.js';

export async function findDeviceBySecretHash(db: DbOrTx, secretHash: string): Promise<AgentDevice | null> {
  const [d] = await db
    .select({ id: devices.id, accountId: devices.accountId, kind: devices.kind })
    .from(devices)
    .where(eq(devices.agentTokenHash, secretHash))
    .limit(1);
  return d ?? null;
}

/** The calling device (routes that declare `agent: 'device'` only). */
export function deviceOf(request: { device: AgentDevice | null }): AgentDevice {
  if (!request.device) throw new Error('deviceOf on a route without a device');
  return request.device;
}
